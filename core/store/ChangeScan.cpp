#include "store/ChangeScan.h"

#include "store/Database.h"
#include "store/SqliteStatement.h"

#include <QHash>

namespace recollector::core {

namespace {

QString fromUtf8(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString kindList()
{
    QStringList quoted;
    for (const QString &k : ChangeScan::kinds())
        quoted << QLatin1Char('\'') + k + QLatin1Char('\'');
    return quoted.join(QStringLiteral(", "));
}

} // namespace

const QStringList &ChangeScan::kinds()
{
    // What the inbox lists (docs/cli.md, `changes`): what was added, edited, negated, merged,
    // deleted, restored, reinforced, archived or brought back, and the undo of any of it.
    static const QStringList k { QStringLiteral("create"),    QStringLiteral("edit"),      QStringLiteral("negate"),
                                 QStringLiteral("merge"),     QStringLiteral("delete"),    QStringLiteral("restore"),
                                 QStringLiteral("purge"),     QStringLiteral("reinforce"), QStringLiteral("confirm"),
                                 QStringLiteral("permanent"), QStringLiteral("import"),    QStringLiteral("archive"),
                                 QStringLiteral("compress"),  QStringLiteral("unarchive"), QStringLiteral("revert"),
                                 QStringLiteral("review") };
    return k;
}

QString ChangeScan::sql()
{
    // One parse per payload: SQLite keeps the last payloads parsed for the statement, so the
    // members after the first are read from that parse.
    return QStringLiteral(
               "SELECT id, memory_id, kind, actor, at, "
               "CASE WHEN json_valid(payload) THEN json_extract(payload, '$.fromFile') END, "
               "CASE WHEN json_valid(payload) THEN coalesce(json_extract(payload, '$.change'), json_extract(payload, '$.action')) END, "
               "CASE WHEN json_valid(payload) THEN json_extract(payload, '$.decision') END, "
               "CASE WHEN json_valid(payload) THEN json_type(payload, '$.created') = 'true' END, "
               "CASE WHEN json_valid(payload) THEN json_type(payload, '$.removed') = 'true' END, "
               "CASE WHEN json_valid(payload) AND json_type(payload, '$.after') = 'object' "
               "THEN (SELECT group_concat(key) FROM json_each(payload, '$.after')) END, "
               "CASE WHEN json_valid(payload) THEN json_extract(payload, '$.reverts') END "
               "FROM events WHERE kind IN (%1) AND id > ? AND at >= ? AND at < ? ORDER BY id")
        .arg(kindList());
}

Result<std::vector<ChangeEventRow>> ChangeScan::read(const ChangeScanRange &range) const
{
    const QByteArray text = sql().toUtf8();
    SqliteStatement q(m_db, std::string_view(text.constData(), std::size_t(text.size())),
                      QStringLiteral("reading the changes"));
    if (!q.isValid())
        return q.error();
    q.bind(1, std::int64_t(range.afterEventId));
    q.bind(2, std::int64_t(range.from));
    q.bind(3, std::int64_t(range.to));
    std::vector<ChangeEventRow> out;
    // Kinds and actors repeat: one QString each, shared.
    QHash<QByteArray, QString> names;
    auto name = [&names](std::string_view v) {
        const QByteArray key(v.data(), qsizetype(v.size()));
        auto it = names.constFind(key);
        if (it == names.constEnd())
            it = names.insert(key, QString::fromUtf8(key));
        return *it;
    };
    const Status st = q.forEachRow([&](const SqliteStatement &r) {
        ChangeEventRow e;
        e.id = r.int64(0);
        e.memoryId = fromUtf8(r.text(1));
        e.kind = name(r.text(2));
        e.actor = name(r.text(3));
        e.at = r.int64(4);
        if (!r.isNull(5))
            e.fromFile = fromUtf8(r.text(5));
        if (!r.isNull(6))
            e.change = name(r.text(6));
        if (!r.isNull(7))
            e.decision = fromUtf8(r.text(7));
        e.created = r.int64(8) != 0;
        e.removed = r.int64(9) != 0;
        if (!r.isNull(10))
            e.fields = fromUtf8(r.text(10)).split(QLatin1Char(','), Qt::SkipEmptyParts);
        e.reverts = r.int64(11);
        out.push_back(std::move(e));
        return true;
    });
    if (!st)
        return st.error();
    return out;
}

Result<qint64> ChangeScan::countMemories(qint64 afterEventId, qint64 cap) const
{
    const QByteArray text = QStringLiteral("SELECT count(*) FROM (SELECT DISTINCT memory_id FROM events "
                                           "WHERE kind IN (%1) AND id > ? LIMIT ?)")
                                .arg(kindList())
                                .toUtf8();
    SqliteStatement q(m_db, std::string_view(text.constData(), std::size_t(text.size())),
                      QStringLiteral("counting the changes"));
    if (!q.isValid())
        return q.error();
    q.bind(1, std::int64_t(afterEventId));
    q.bind(2, std::int64_t(cap));
    qint64 n = 0;
    const Status st = q.forEachRow([&](const SqliteStatement &r) {
        n = r.int64(0);
        return false;
    });
    if (!st)
        return st.error();
    return n;
}

} // namespace recollector::core
