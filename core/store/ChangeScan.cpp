#include "store/ChangeScan.h"

#include "store/ChangePayload.h"
#include "store/Database.h"
#include "store/PageCacheSize.h"
#include "store/SqliteStatement.h"

#include <QHash>

#include <algorithm>
#include <initializer_list>

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

const std::array<QLatin1StringView, 7> &ChangeScan::editedFields()
{
    static constexpr std::array<QLatin1StringView, 7> names { QLatin1StringView("content"),    QLatin1StringView("keywords"),
                                                              QLatin1StringView("category"),   QLatin1StringView("confidence"),
                                                              QLatin1StringView("importance"), QLatin1StringView("projectPath"),
                                                              QLatin1StringView("sensitivity") };
    return names;
}

QString ChangeScan::sql()
{
    return QStringLiteral("SELECT id, memory_id, kind, actor, at, payload FROM events WHERE kind IN (%1) AND id > ? "
                          "AND at >= ? AND at < ?")
        .arg(kindList());
}

Result<std::vector<ChangeEventRow>> ChangeScan::read(const ChangeScanRange &range, qint64 expected) const
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
    // Room for every row at once: growing a list of 100,000 rows step by step moves each of
    // them several times. The count reads the index alone when no date bounds the range.
    if (expected < 0 && !range.isDated()) {
        auto n = countEvents(range.afterEventId);
        if (!n)
            return n.error();
        expected = *n;
    }
    out.reserve(std::size_t(std::max<qint64>(expected, 0)));
    ChangePayload payload;
    // Kinds and actors repeat: one QString each, shared.
    auto name = [&payload](std::string_view v) { return payload.intern(v); };
    const Status st = q.forEachRow([&](const SqliteStatement &r) {
        ChangeEventRow e;
        e.id = r.int64(0);
        e.memoryId = fromUtf8(r.text(1));
        e.kind = name(r.text(2));
        e.actor = name(r.text(3));
        e.at = r.int64(4);
        payload.read(r.text(5), e);
        out.push_back(std::move(e));
        return true;
    });
    if (!st)
        return st.error();
    // Oldest first. The rows come one kind after another, each kind's in id order: sorted
    // here rather than by SQLite, whose sorter would copy every payload into a temporary tree.
    const auto older = [](const ChangeEventRow &a, const ChangeEventRow &b) { return a.id < b.id; };
    if (!std::is_sorted(out.begin(), out.end(), older))
        std::sort(out.begin(), out.end(), older);
    return out;
}

namespace {

/// The one number `sql` counts, its `?`s bound to `values` in order.
Result<qint64> countOf(Database &db, const QString &sql, std::initializer_list<std::int64_t> values)
{
    const QByteArray text = sql.toUtf8();
    SqliteStatement q(db, std::string_view(text.constData(), std::size_t(text.size())),
                      QStringLiteral("counting the changes"));
    if (!q.isValid())
        return q.error();
    int index = 0;
    for (const std::int64_t v : values)
        q.bind(++index, v);
    qint64 n = 0;
    const Status st = q.forEachRow([&](const SqliteStatement &r) {
        n = r.int64(0);
        return false;
    });
    if (!st)
        return st.error();
    return n;
}

} // namespace

Result<qint64> ChangeScan::countEvents(qint64 afterEventId) const
{
    return countOf(m_db, QStringLiteral("SELECT count(*) FROM events WHERE kind IN (%1) AND id > ?").arg(kindList()),
                   {std::int64_t(afterEventId)});
}

Result<qint64> ChangeScan::countMemories(qint64 afterEventId, qint64 cap) const
{
    // Thousands of event pages, read for one number (docs/performance.md, rss_mib).
    PageCacheSize cache(m_db, PageCacheSize::kOneScan);
    return countOf(m_db,
                   // The alias: PostgreSQL wants one on every subquery in FROM.
                   QStringLiteral("SELECT count(*) FROM (SELECT DISTINCT memory_id FROM events "
                                  "WHERE kind IN (%1) AND id > ? LIMIT ?) changed")
                       .arg(kindList()),
                   {std::int64_t(afterEventId), std::int64_t(cap)});
}

} // namespace recollector::core
