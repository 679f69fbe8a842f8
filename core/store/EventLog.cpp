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

/// "?,?,?" for `count` bound values.
QString placeholders(qsizetype count)
{
    QStringList marks;
    for (qsizetype i = 0; i < count; ++i)
        marks << QStringLiteral("?");
    return marks.join(QLatin1Char(','));
}
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

Result<std::vector<Event>> EventLog::forMemory(const QString &memoryId, const QStringList &kinds) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    QString where = QStringLiteral(" WHERE memory_id = ?");
    if (!kinds.isEmpty())
        where += QStringLiteral(" AND kind IN (%1)").arg(placeholders(kinds.size()));
    q.prepare(kSelect + where + QStringLiteral(" ORDER BY id"));
    q.addBindValue(memoryId);
    for (const QString &kind : kinds)
        q.addBindValue(kind);
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

Result<std::vector<Event>> EventLog::ofKinds(const QStringList &kinds) const
{
    std::vector<Event> out;
    if (kinds.isEmpty())
        return out;
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    q.prepare(kSelect + QStringLiteral(" WHERE kind IN (%1) ORDER BY id").arg(placeholders(kinds.size())));
    for (const QString &kind : kinds)
        q.addBindValue(kind);
    const QString what = QStringLiteral("reading the %1 events").arg(kinds.join(QStringLiteral(", ")));
    if (!q.exec())
        return m_db.errorFrom(q, what);
    while (q.next())
        out.push_back(readEvent(q));
    if (const Status st = m_db.endOfRows(q, what); !st)
        return st.error();
    return out;
}

Result<std::vector<Event>> EventLog::between(qint64 fromId, qint64 toId) const
{
    const QString what = QStringLiteral("reading events %1 to %2").arg(fromId).arg(toId);
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    q.prepare(kSelect + QStringLiteral(" WHERE id BETWEEN ? AND ? ORDER BY id"));
    q.addBindValue(fromId);
    q.addBindValue(toId);
    if (!q.exec())
        return m_db.errorFrom(q, what);
    std::vector<Event> out;
    while (q.next())
        out.push_back(readEvent(q));
    if (const Status st = m_db.endOfRows(q, what); !st)
        return st.error();
    return out;
}

Result<qint64> EventLog::lastId() const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(QStringLiteral("SELECT COALESCE(MAX(id), 0) FROM events")) || !q.next())
        return m_db.errorFrom(q, QStringLiteral("reading the last event id"));
    return q.value(0).toLongLong();
}

Result<std::vector<EventLog::Touched>> EventLog::touchedSince(qint64 afterEventId, int limit) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT memory_id, MAX(id) FROM events WHERE id > ? GROUP BY memory_id LIMIT ?"));
    q.addBindValue(afterEventId);
    q.addBindValue(limit);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading new events"));
    std::vector<Touched> out;
    while (q.next())
        out.push_back(Touched{q.value(0).toString(), q.value(1).toLongLong()});
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading new events")); !st)
        return st.error();
    return out;
}

Result<qint64> EventLog::count() const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(QStringLiteral("SELECT count(*) FROM events")) || !q.next())
        return m_db.errorFrom(q, QStringLiteral("counting events"));
    return q.value(0).toLongLong();
}

} // namespace engram::core
