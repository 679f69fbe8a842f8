#include "store/Store.h"

namespace recollector::core {

Result<std::unique_ptr<Store>> Store::open(const QString &path, Database::Options options)
{
    auto db = Database::open(path, options);
    if (!db)
        return db.error();
    auto store = std::make_unique<Store>(std::move(*db));
    // A store with a passphrase overwrites freed space (docs/formats.md, "Encryption at rest").
    if (!store->database().isReadOnly()) {
        auto salt = store->meta().value(QStringLiteral("seal_salt"));
        if (salt && !salt->isEmpty())
            (void)store->database().enableSecureDelete();
    }
    return store;
}

Store::Store(std::unique_ptr<Database> db)
    : m_db(std::move(db)), m_memories(*m_db), m_events(*m_db), m_associations(*m_db), m_conflicts(*m_db),
      m_meta(*m_db)
{
}

} // namespace recollector::core
