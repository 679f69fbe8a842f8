#include "store/BulkLoad.h"

#include "store/Database.h"
#include "store/Engine.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

BulkLoad::BulkLoad(Database &db)
    : m_db(db), m_cache(db, PageCacheSize::kLargeWrite), m_journal(db, LargeWriteJournal::Durability::None)
{
    if (isServer(m_db))
        return; // PostgreSQL keeps its settings; its foreign keys stay checked
    m_foreignKeys = pragma(QStringLiteral("foreign_keys"));
    (void)m_db.exec(QStringLiteral("PRAGMA foreign_keys=OFF"));
}

BulkLoad::~BulkLoad()
{
    if (m_foreignKeys.isEmpty())
        return;
    // A value read back from SQLite itself (a number), never from outside.
    (void)m_db.exec(QStringLiteral("PRAGMA foreign_keys=%1").arg(m_foreignKeys));
}

QString BulkLoad::pragma(const QString &name)
{
    QSqlQuery q(m_db.handle());
    if (q.exec(QStringLiteral("PRAGMA ") + name) && q.next())
        return q.value(0).toString();
    return {};
}

Result<qint64> BulkLoad::rowsInTables(Database &db)
{
    QSqlQuery q(db.handle());
    if (!q.exec(QStringLiteral("SELECT (SELECT count(*) FROM memories) + (SELECT count(*) FROM associations) "
                               "+ (SELECT count(*) FROM events) + (SELECT count(*) FROM conflicts)"))
        || !q.next())
        return db.errorFrom(q, QStringLiteral("counting rows"));
    return q.value(0).toLongLong();
}

Status BulkLoad::clearTables()
{
    // On PostgreSQL TRUNCATE belongs to the transaction too, and restarts the identities.
    const QList<const char *> statements = isServer(m_db)
        ? QList<const char *>{"TRUNCATE associations, events, conflicts, memories RESTART IDENTITY"}
        : QList<const char *>{"DELETE FROM associations", "DELETE FROM events", "DELETE FROM conflicts",
                              "DELETE FROM memories",
                              "DELETE FROM sqlite_sequence WHERE name IN ('events', 'conflicts')"};
    for (const char *sql : statements) {
        if (const Status st = m_db.exec(QString::fromLatin1(sql)); !st)
            return st;
    }
    return {};
}

Status BulkLoad::dropSecondaryIndexes()
{
    // Each index with the statement that makes it; on PostgreSQL not those that hold a key or
    // a unique constraint (the constraint owns them).
    static constexpr const char *kOnFile =
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
        "AND tbl_name IN ('memories', 'associations', 'events', 'conflicts') ORDER BY name";
    static constexpr const char *kOnServer =
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() "
        "AND tablename IN ('memories', 'associations', 'events', 'conflicts') "
        "AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY indexname";
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (!q.exec(QString::fromLatin1(isServer(m_db) ? kOnServer : kOnFile)))
        return m_db.errorFrom(q, QStringLiteral("listing indexes"));
    QStringList names, sql;
    while (q.next()) {
        names << q.value(0).toString();
        sql << q.value(1).toString();
    }
    if (const Status st = m_db.endOfRows(q, QStringLiteral("listing indexes")); !st)
        return st;
    q.finish();
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (const Status st = m_db.exec(QStringLiteral("DROP INDEX \"%1\"").arg(names[i])); !st)
            return st;
        m_indexSql << sql[i];
    }
    return {};
}

Status BulkLoad::restoreSecondaryIndexes()
{
    while (!m_indexSql.isEmpty()) {
        if (const Status st = m_db.exec(m_indexSql.first()); !st)
            return st;
        m_indexSql.removeFirst();
    }
    return {};
}

} // namespace recollector::core
