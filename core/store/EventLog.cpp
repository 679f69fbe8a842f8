#include "store/EventLog.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/MemoryRow.h"
#include "store/SealQuotes.h"
#include "store/SealedRow.h"
#include "store/Schema.h"
#include "store/PgDialect.h"
#include "store/SqliteStatement.h"
#include "store/Transaction.h"

#include "crypto/StoreKey.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

namespace {
Event readRaw(const QSqlQuery &q)
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
Event readEvent(const QSqlQuery &q, const crypto::StoreKey *key)
{
    Event e = readRaw(q);
    sealed_row::openPayload(e, key);
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

Result<bool> EventLog::concernsSealed(const Event &event) const
{
    if (!sealed_row::carriesText(event.payload))
        return false;
    if (sealed_row::mentionsLevel3(event.payload))
        return true;
    QSqlQuery q(m_db.handle());
    q.prepare(QStringLiteral("SELECT sensitivity FROM memories WHERE id = ?"));
    q.addBindValue(event.memoryId);
    if (!q.exec())
        return m_db.errorFrom(q, QStringLiteral("looking up memory %1").arg(event.memoryId));
    if (q.next()) {
        if (q.value(0).toInt() >= 3)
            return true;
    } else if (const Status st = m_db.endOfRows(q, QStringLiteral("looking up memory %1").arg(event.memoryId)); !st) {
        return st.error();
    }
    // Another memory's text it may quote: a conflict resolution written to both memories,
    // a correction naming the new memory (docs/formats.md, "Encryption at rest").
    return SealQuotes(m_db).namesSealed(event.payload, event.memoryId);
}

void EventLog::nameRole(QJsonObject &payload) const
{
    // `actor` keeps saying what kind of decider it was (user, assistant, import), which the
    // review inbox reads. A key of its own: `role` is a conflict_detected event's side of the
    // conflict (older, newer).
    if (const QString role = serverRole(m_db); !role.isEmpty())
        payload.insert(QStringLiteral("dbRole"), role);
}

Status EventLog::append(Event &event)
{
    auto own = Transaction::forLooseWrite(m_db);
    if (own && !own->isActive())
        return own->error();
    nameRole(event.payload);
    // The text a level-3 memory's event carries is sealed like the memory's own
    // (docs/formats.md, "Encryption at rest"); the caller keeps its plain payload.
    QJsonObject payload = event.payload;
    auto sealIt = concernsSealed(event);
    if (!sealIt)
        return sealIt.error();
    if (*sealIt) {
        const auto key = m_db.sealKey();
        if (!key)
            return Error::make(Error::Code::Locked,
                               QStringLiteral("%1: the %2 event of memory %3 carries level-3 text and the store is "
                                              "locked: unlock it first")
                                   .arg(m_db.path(), event.kind, event.memoryId));
        payload = sealed_row::sealPayload(event.payload, event.memoryId, *key);
    }
    // PostgreSQL has no last-insert rowid: the new id comes back as the statement's row.
    auto use = m_db.keptQuery(
        isServer(m_db) ? QStringLiteral("INSERT INTO events (memory_id, kind, actor, at, payload) VALUES (?,?,?,?,?) RETURNING id")
                       : QStringLiteral("INSERT INTO events (memory_id, kind, actor, at, payload) VALUES (?,?,?,?,?)"));
    QSqlQuery &q = *use;
    q.addBindValue(event.memoryId);
    q.addBindValue(event.kind);
    q.addBindValue(event.actor);
    q.addBindValue(event.at);
    q.addBindValue(row::toJsonText(payload));
    if (!use.isPrepared() || !q.exec())
        return m_db.errorFrom(q, QStringLiteral("appending %1 event for %2").arg(event.kind, event.memoryId));
    event.id = isServer(m_db) ? (q.next() ? q.value(0).toLongLong() : 0) : q.lastInsertId().toLongLong();
    return own ? own->commit() : Status{};
}

Result<std::vector<Event>> EventLog::forMemory(const QString &memoryId, const QStringList &kinds) const
{
    QString where = QStringLiteral(" WHERE memory_id = ?");
    if (!kinds.isEmpty())
        where += QStringLiteral(" AND kind IN (%1)").arg(placeholders(kinds.size()));
    auto use = m_db.keptQuery(kSelect + where + QStringLiteral(" ORDER BY id"));
    QSqlQuery &q = *use;
    q.addBindValue(memoryId);
    for (const QString &kind : kinds)
        q.addBindValue(kind);
    if (!use.isPrepared() || !q.exec())
        return m_db.errorFrom(q, QStringLiteral("reading the history of %1").arg(memoryId));
    std::vector<Event> out;
    const auto key = m_db.sealKey();
    while (q.next())
        out.push_back(readEvent(q, key.get()));
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
    const auto key = m_db.sealKey();
    while (q.next())
        out.push_back(readEvent(q, key.get()));
    if (const Status st = m_db.endOfRows(q, QStringLiteral("reading events")); !st)
        return st.error();
    return out;
}

Result<std::vector<Event>> EventLog::all() const { return since(std::numeric_limits<Millis>::min()); }

namespace {

/// " INDEXED BY name" when the store has the index: SQLite would rather take events_kind for
/// the kinds and read every reinforcement. A store of an older schema opened read-only has
/// none, and is scanned (same rows, slower).
Result<QString> indexedBy(Database &db, const char *name, const QString &what)
{
    if (isServer(db))
        return QString(); // PostgreSQL's planner takes no index hints
    SqliteStatement probe(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?1", what);
    if (!probe.isValid())
        return probe.error();
    probe.bind(1, std::string_view(name));
    if (!probe.next())
        return probe.error();
    return probe.int64(0) > 0 ? QStringLiteral(" INDEXED BY %1").arg(QLatin1String(name)) : QString();
}

} // namespace

Status EventLog::scanMentionsByMemory(const MentionVisitor &visit) const
{
    const QString what = QStringLiteral("reading the mentions");
    const auto from = indexedBy(m_db, "events_mention_by_memory", what);
    if (!from)
        return from.error();
    // The index holds only the mentions, in the order wanted: no sort, no row that is not one
    // (SQLite still reads each row's kind and payload to check the index's terms).
    const QString sql = QStringLiteral("SELECT id, memory_id, at FROM events%1 WHERE %2 ORDER BY memory_id, at")
                            .arg(*from, schema::mentionCondition());
    SqliteStatement q(m_db, sql.toStdString(), what);
    if (!q.isValid())
        return q.error();
    return q.forEachRow([&](const SqliteStatement &row) {
        visit(row.int64(0), row.text(1), row.int64(2));
        return true;
    });
}

Result<EventLog::MentionSpan> EventLog::plainMentionSpan(const QString &memoryId, Millis from, Millis to,
                                                        const std::vector<qint64> &leftOut) const
{
    const QString what = QStringLiteral("reading the mentions of %1").arg(memoryId);
    const auto index = indexedBy(m_db, "events_mention_by_memory", what);
    if (!index)
        return index.error();
    // The index holds exactly the plain mentions (its terms repeated so the engine takes it),
    // keyed by memory and time: the aggregate reads its entries in the span, no event row.
    // The undone events are few; their ids are numbers this store gave out.
    QStringList ids;
    for (const qint64 id : leftOut)
        ids << QString::number(id);
    const QString notUndone = ids.isEmpty() ? QString() : QStringLiteral(" AND id NOT IN (%1)").arg(ids.join(QLatin1Char(',')));
    const QString sql = QStringLiteral("SELECT count(*), min(at), max(at) FROM events%1 WHERE memory_id = ?1 AND at "
                                       "BETWEEN ?2 AND ?3%2 AND %3")
                            .arg(*index, notUndone, schema::mentionCondition());
    SqliteStatement q(m_db, sql.toStdString(), what, SqliteStatement::Keep::Prepared);
    if (!q.isValid())
        return q.error();
    q.bind(1, memoryId);
    q.bind(2, std::int64_t(from));
    q.bind(3, std::int64_t(to));
    if (!q.next())
        return q.error();
    MentionSpan span;
    span.count = q.int64(0);
    if (span.count > 0) {
        span.first = q.int64(1);
        span.last = q.int64(2);
    }
    return span;
}

Status EventLog::scanSealedMentions(const MentionVisitor &visit) const { return scanSealed({}, visit); }

Status EventLog::scanSealedMentionsOf(const QString &memoryId, const MentionVisitor &visit) const
{
    return scanSealed(memoryId, visit);
}

Status EventLog::scanSealed(const QString &memoryId, const MentionVisitor &visit) const
{
    const auto key = m_db.sealKey();
    if (!key)
        return {}; // locked: a sealed mention counts as none
    const QString what = QStringLiteral("reading the sealed mentions");
    const auto from = indexedBy(m_db, "events_sealed_mention", what);
    if (!from)
        return from.error();
    // A sealed envelope, leaving out a plain payload that also says `"mention": true`
    // (scanMentionsByMemory() has it).
    const QString sql = QStringLiteral("SELECT id, memory_id, at, payload FROM events%1 WHERE %2 AND "
                                       "CASE WHEN json_valid(payload) THEN json_type(payload, '$.sealed') = 'text' "
                                       "AND json_type(payload, '$.mention') IS NOT 'true' END%3 ORDER BY id")
                            .arg(*from, schema::sealedMentionCondition(),
                                 memoryId.isEmpty() ? QString() : QStringLiteral(" AND memory_id = ?1"));
    SqliteStatement q(m_db, sql.toStdString(), what);
    if (!q.isValid())
        return q.error();
    if (!memoryId.isEmpty())
        q.bind(1, memoryId);
    return q.forEachRow([&](const SqliteStatement &row) {
        const std::string_view id = row.text(1);
        const std::string_view payload = row.text(3);
        Event sealed;
        sealed.id = row.int64(0);
        sealed.memoryId = QString::fromUtf8(id.data(), qsizetype(id.size()));
        sealed.payload = row::objectFromJson(QString::fromUtf8(payload.data(), qsizetype(payload.size())));
        sealed_row::openPayload(sealed, key.get());
        if (sealed.payload.value(QStringLiteral("mention")).toBool())
            visit(row.int64(0), id, row.int64(2));
        return true;
    });
}

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
    const auto key = m_db.sealKey();
    while (q.next())
        out.push_back(readEvent(q, key.get()));
    if (const Status st = m_db.endOfRows(q, what); !st)
        return st.error();
    return out;
}

Result<std::vector<Event>> EventLog::between(qint64 fromId, qint64 toId) const
{
    const QString what = QStringLiteral("reading events %1 to %2").arg(fromId).arg(toId);
    auto use = m_db.keptQuery(kSelect + QStringLiteral(" WHERE id BETWEEN ? AND ? ORDER BY id"));
    QSqlQuery &q = *use;
    q.addBindValue(fromId);
    q.addBindValue(toId);
    if (!use.isPrepared() || !q.exec())
        return m_db.errorFrom(q, what);
    std::vector<Event> out;
    const auto key = m_db.sealKey();
    while (q.next())
        out.push_back(readEvent(q, key.get()));
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

QString EventLog::touchedSinceSql()
{
    // NOT INDEXED: read only the events after the id (a rowid range). Left to itself SQLite
    // serves the GROUP BY from events_memory, a scan of the whole log on every call
    // (docs/performance.md, retrieve_ms), where the range is a few rows.
    return QStringLiteral("SELECT memory_id, MAX(id) FROM events NOT INDEXED WHERE id > ? GROUP BY memory_id LIMIT ?");
}

Result<std::vector<EventLog::Touched>> EventLog::touchedSince(qint64 afterEventId, int limit) const
{
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    q.prepare(isServer(m_db) ? PgDialect::translate(touchedSinceSql().toStdString()) : touchedSinceSql());
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

Status EventLog::sealHistory(const QString &memoryId)
{
    const auto key = m_db.sealKey();
    if (!key)
        return Error::make(Error::Code::Locked,
                           QStringLiteral("%1: sealing the history of %2 needs the store unlocked").arg(m_db.path(), memoryId));
    return rewritePayloads(memoryId, [&](const Event &e) -> std::optional<QJsonObject> {
        if (sealed_row::isSealedPayload(e.payload) || !sealed_row::carriesText(e.payload))
            return std::nullopt;
        return sealed_row::sealPayload(e.payload, e.memoryId, *key);
    });
}

Status EventLog::reseal(const crypto::StoreKey &from, const crypto::StoreKey &to)
{
    Status failure;
    const Status st = rewritePayloads({}, [&](const Event &raw) -> std::optional<QJsonObject> {
        if (!sealed_row::isSealedPayload(raw.payload) || !failure)
            return std::nullopt;
        Event e = raw;
        sealed_row::openPayload(e, &from);
        if (e.payload.value(QStringLiteral("locked")).toBool()) {
            failure = Error::make(Error::Code::Validation,
                                  QStringLiteral("%1: event %2 of %3 does not open with the current passphrase: %4")
                                      .arg(m_db.path()).arg(raw.id).arg(raw.memoryId,
                                           e.payload.value(QStringLiteral("error")).toString()));
            return std::nullopt;
        }
        return sealed_row::sealPayload(e.payload, e.memoryId, to);
    });
    return st ? failure : st;
}

Status EventLog::rewritePayloads(const QString &memoryId,
                                 const std::function<std::optional<QJsonObject>(const Event &)> &change)
{
    // Raw payloads (not opened): the change decides from the stored form.
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (memoryId.isEmpty()) {
        q.prepare(kSelect + QStringLiteral(" WHERE payload LIKE '{\"sealed\":%' ORDER BY id"));
    } else {
        q.prepare(kSelect + QStringLiteral(" WHERE memory_id = ? ORDER BY id"));
        q.addBindValue(memoryId);
    }
    const QString what = QStringLiteral("sealing the history of %1").arg(memoryId.isEmpty() ? QStringLiteral("the store") : memoryId);
    if (!q.exec())
        return m_db.errorFrom(q, what);
    std::vector<std::pair<qint64, QJsonObject>> updates;
    while (q.next()) {
        const Event raw = readRaw(q);
        if (auto next = change(raw))
            updates.emplace_back(raw.id, std::move(*next));
    }
    if (const Status st = m_db.endOfRows(q, what); !st)
        return st;
    QSqlQuery u(m_db.handle());
    u.prepare(QStringLiteral("UPDATE events SET payload = ? WHERE id = ?"));
    for (const auto &[id, payload] : updates) {
        u.bindValue(0, row::toJsonText(payload));
        u.bindValue(1, id);
        if (!u.exec())
            return m_db.errorFrom(u, what);
    }
    return {};
}

} // namespace recollector::core
