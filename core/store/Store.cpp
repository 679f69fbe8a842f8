#include "store/Store.h"

namespace engram::core {

Result<std::unique_ptr<Store>> Store::open(const QString &path, Database::Options options)
{
    auto db = Database::open(path, options);
    if (!db)
        return db.error();
    return std::make_unique<Store>(std::move(*db));
}

Store::Store(std::unique_ptr<Database> db)
    : m_db(std::move(db)), m_memories(*m_db), m_events(*m_db), m_associations(*m_db), m_conflicts(*m_db),
      m_meta(*m_db)
{
}

} // namespace engram::core
