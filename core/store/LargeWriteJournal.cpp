#include "store/LargeWriteJournal.h"

#include "store/Database.h"
#include "store/Engine.h"

#include <QLoggingCategory>
#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

namespace {
Q_LOGGING_CATEGORY(lcJournal, "recollector.core.store.journal")

QString pragmaValue(Database &db, const QString &name)
{
    QSqlQuery q(db.handle());
    if (q.exec(QStringLiteral("PRAGMA ") + name) && q.next())
        return q.value(0).toString();
    return {};
}
} // namespace

LargeWriteJournal::LargeWriteJournal(Database &db, Durability durability) : m_db(db)
{
    if (m_db.inTransaction() || m_db.isReadOnly() || isServer(m_db))
        return;
    m_synchronous = pragmaValue(m_db, QStringLiteral("synchronous"));
    // Fails at once (SQLITE_BUSY, no busy wait) while another connection holds the store.
    if (pragmaValue(m_db, QStringLiteral("journal_mode=DELETE")).compare(QLatin1String("delete"), Qt::CaseInsensitive) != 0)
        return;
    m_active = true;
    (void)m_db.exec(durability == Durability::Full ? QStringLiteral("PRAGMA synchronous=FULL")
                                                   : QStringLiteral("PRAGMA synchronous=OFF"));
}

LargeWriteJournal::~LargeWriteJournal()
{
    if (!m_active)
        return;
    // Back to WAL, which needs no other connection; should it still fail (a disk error), the
    // store stays correct in rollback mode and the next open (Database::configure) sets WAL.
    if (pragmaValue(m_db, QStringLiteral("journal_mode=WAL")).compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        qCWarning(lcJournal) << m_db.path() << "stays in rollback-journal mode until it is next opened";
    if (!m_synchronous.isEmpty())
        (void)m_db.exec(QStringLiteral("PRAGMA synchronous=%1").arg(m_synchronous));
}

} // namespace recollector::core
