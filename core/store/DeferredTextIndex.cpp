#include "store/DeferredTextIndex.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/SqliteStatement.h"
#include "store/TextIndexSchema.h"

namespace recollector::core {

DeferredTextIndex::DeferredTextIndex(Database &db) : m_db(db) {}

DeferredTextIndex::~DeferredTextIndex()
{
    if (m_deferred)
        m_db.transactionPoisoned() = true;
}

Result<bool> DeferredTextIndex::deferFor(std::size_t rows)
{
    if (rows < kWorthFromRows)
        return false;
    return defer();
}

Result<bool> DeferredTextIndex::defer()
{
    if (m_deferred || isServer(m_db) || m_db.transactionDepth() == 0 || !m_db.inTransaction())
        return false;
    // Only the trigger this program creates is dropped, since finish() creates that one: a
    // store whose trigger differs keeps it, and its triggers index the rows as before.
    SqliteStatement trigger;
    if (const Status st = trigger.prepare(m_db, "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?",
                                          QStringLiteral("reading the text index's trigger"));
        !st)
        return st.error();
    trigger.bind(1, QString::fromLatin1(schema::kInsertTrigger));
    const bool ours = trigger.next() && trigger.qstring(0) == schema::textIndexInsertTrigger();
    if (const Status st = trigger.finished(); !st)
        return st.error();
    if (!ours)
        return false;
    // Rowids of new rows are above every one there (memories has no AUTOINCREMENT, and a new
    // row takes the largest rowid + 1): the rows above this one are the ones to index.
    SqliteStatement last;
    if (const Status st = last.prepare(m_db, "SELECT coalesce(max(rowid), 0) FROM memories",
                                       QStringLiteral("reading the last memory row"));
        !st)
        return st.error();
    m_lastRowBefore = last.next() ? last.int64(0) : 0;
    if (const Status st = last.finished(); !st)
        return st.error();
    if (const Status st = m_db.exec(QStringLiteral("DROP TRIGGER %1").arg(QLatin1String(schema::kInsertTrigger))); !st)
        return st.error();
    m_deferred = true;
    return true;
}

Status DeferredTextIndex::finish()
{
    if (!m_deferred)
        return {};
    for (const QString &sql : schema::textIndexFill(QStringLiteral("m.rowid > ?1"))) {
        SqliteStatement fill;
        const QByteArray utf8 = sql.toUtf8();
        if (const Status st = fill.prepare(m_db, std::string_view(utf8.constData(), std::size_t(utf8.size())),
                                           QStringLiteral("indexing the text of the new memories"));
            !st)
            return st;
        fill.bind(1, m_lastRowBefore);
        if (const Status st = fill.run(); !st)
            return st;
    }
    if (const Status st = m_db.exec(schema::textIndexInsertTrigger()); !st)
        return st;
    m_deferred = false;
    return {};
}

} // namespace recollector::core
