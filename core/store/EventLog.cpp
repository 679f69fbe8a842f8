#include "store/EventLog.h"

#include "store/Database.h"
#include "store/MemoryRow.h"

#include <QSqlQuery>
#include <QVariant>

namespace engram::core {

namespace {
Event readEvent(const QSqlQuery &q)
{
    Event e;
    e.id = q.value(0).toLongLong();
    e.memoryId = q.value(1).toString();
    e.kind = q.value(2).toString();
    e.actor = q.value(3).toString();
    e.at = q.value(4).toLongLong();
    e.payload = row::objectFromJson(q.value(5).toString());
    return e;
}
const QString kSelect = QStringLiteral("SELECT id, memory_id, kind, actor, at, payload FROM events");
} // namespace

Status EventLog::append(Event &event)
{
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("INSERT INTO events (memory_id, kind, actor, at, payload) VALUES (?,?,?,?,?)"));
    q.addBindValue(event.memoryId);
    q.addBindValue(event.kind);
    q.addBindValue(event.actor);
    q.addBindValue(event.at);
    q.addBindValue(row::toJsonText(event.payload));
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("appending %1 event for %2").arg(event.kind, event.memoryId));
    event.id = q.lastInsertId().toLongLong();
    return {};
}

Result<std::vector<Event>> EventLog::forMemory(const QString &memoryId) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    q.prepare(kSelect + QStringLiteral(" WHERE memory_id = ? ORDER BY id"));
    q.addBindValue(memoryId);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading the history of %1").arg(memoryId));
    std::vector<Event> out;
    while (q.next())
        out.push_back(readEvent(q));
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading the history of %1").arg(memoryId)); !st)
        return st.error();
    return out;
}

Result<std::vector<Event>> EventLog::since(Millis sinceMs, const QString &kind) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (kind.isEmpty()) {
        q.prepare(kSelect + QStringLiteral(" WHERE at >= ? ORDER BY id"));
        q.addBindValue(sinceMs);
    } else {
        q.prepare(kSelect + QStringLiteral(" WHERE at >= ? AND kind = ? ORDER BY id"));
        q.addBindValue(sinceMs);
        q.addBindValue(kind);
    }
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading events"));
    std::vector<Event> out;
    while (q.next())
        out.push_back(readEvent(q));
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading events")); !st)
        return st.error();
    return out;
}

Result<std::vector<Event>> EventLog::all() const { return since(std::numeric_limits<Millis>::min()); }

Result<qint64> EventLog::count() const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(QStringLiteral("SELECT count(*) FROM events")) || !q.next())
        return m_db.errorFrom(q, QStringLiteral("counting events"));
    return q.value(0).toLongLong();
}

} // namespace engram::core
