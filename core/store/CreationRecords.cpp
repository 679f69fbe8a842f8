#include "store/CreationRecords.h"

#include "store/Database.h"
#include "store/SqliteStatement.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace recollector::core {

namespace {

// One event that records the memory's creation, found through events_memory(memory_id, id).
const QString kRecorded = QStringLiteral(
    "EXISTS (SELECT 1 FROM events e WHERE e.memory_id = m.id AND json_valid(e.payload) AND ("
    "json_type(e.payload, '$.created') = 'true' OR json_extract(e.payload, '$.change') = 'added' "
    "OR (e.kind IN ('create', 'import') AND json_type(e.payload, '$.sealed') = 'text')))");

Status run(Database &db, const QString &sql, const QString &what, const std::function<void(SqliteStatement &)> &bind,
           const std::function<bool(const SqliteStatement &)> &row)
{
    const QByteArray text = sql.toUtf8();
    SqliteStatement q(db, std::string_view(text.constData(), std::size_t(text.size())), what);
    if (!q.isValid())
        return q.error();
    bind(q);
    return q.forEachRow(row);
}

} // namespace

Result<QStringList> CreationRecords::unrecordedFrom(Millis at) const
{
    QStringList out;
    const Status st = run(
        m_db, QStringLiteral("SELECT m.id FROM memories m WHERE m.created_at >= ? AND NOT ") + kRecorded,
        QStringLiteral("reading which memories have no recorded creation"),
        [at](SqliteStatement &q) { q.bind(1, std::int64_t(at)); },
        [&out](const SqliteStatement &r) {
            const std::string_view id = r.text(0);
            out << QString::fromUtf8(id.data(), qsizetype(id.size()));
            return true;
        });
    if (!st)
        return st.error();
    return out;
}

Result<qint64> CreationRecords::countUnrecordedBefore(Millis at) const
{
    qint64 n = 0;
    const Status st = run(
        m_db, QStringLiteral("SELECT count(*) FROM memories m WHERE m.created_at < ? AND NOT ") + kRecorded,
        QStringLiteral("counting the memories with no recorded creation"),
        [at](SqliteStatement &q) { q.bind(1, std::int64_t(at)); },
        [&n](const SqliteStatement &r) {
            n = r.int64(0);
            return false;
        });
    if (!st)
        return st.error();
    return n;
}

Result<QSet<QString>> CreationRecords::undatedAmong(const QStringList &ids, Millis at) const
{
    QSet<QString> out;
    if (ids.isEmpty())
        return out;
    // The ids bound as one JSON array, as MemoryRepository::byIds does.
    const Status st = run(
        m_db,
        QStringLiteral("SELECT m.id FROM memories m WHERE m.id IN (SELECT value FROM json_each(?)) AND NOT ") + kRecorded +
            QStringLiteral(" AND NOT EXISTS (SELECT 1 FROM events b WHERE b.memory_id = m.id AND b.at < ?)"),
        QStringLiteral("reading which memories have no history"),
        [&ids, at](SqliteStatement &q) {
            q.bind(1, QJsonDocument(QJsonArray::fromStringList(ids)).toJson(QJsonDocument::Compact).toStdString());
            q.bind(2, std::int64_t(at));
        },
        [&out](const SqliteStatement &r) {
            const std::string_view id = r.text(0);
            out.insert(QString::fromUtf8(id.data(), qsizetype(id.size())));
            return true;
        });
    if (!st)
        return st.error();
    return out;
}

Result<bool> CreationRecords::isRecorded(const QString &memoryId) const
{
    bool recorded = false;
    const Status st = run(
        m_db, QStringLiteral("SELECT ") + kRecorded + QStringLiteral(" FROM (SELECT ? AS id) m"),
        QStringLiteral("reading whether %1's creation is recorded").arg(memoryId),
        [&memoryId](SqliteStatement &q) { q.bind(1, memoryId); },
        [&recorded](const SqliteStatement &r) {
            recorded = r.int64(0) != 0;
            return false;
        });
    if (!st)
        return st.error();
    return recorded;
}

} // namespace recollector::core
