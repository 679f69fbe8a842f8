#include "ChangesBench.h"

#include "SqliteFloor.h"
#include "Stopwatch.h"

#include "engine/review/ChangeList.h"
#include "engine/review/ReviewPoint.h"
#include "scoring/ScoringProfile.h"
#include "snapshot/SnapshotLoader.h"
#include "store/BulkWriter.h"
#include "store/ChangeScan.h"
#include "store/EventLog.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <limits>

namespace recollector::bench {

using namespace recollector::core;

ChangesBench::ChangesBench(Config config, Millis now, int runs, QString sqlite3)
    : m_config(std::move(config)), m_now(now), m_runs(runs), m_sqlite3(std::move(sqlite3))
{
}

namespace {

/// The review point at the newest event, then `count` assistant edits after it.
Status addChanges(Store &store, const MemorySnapshot &snapshot, Millis now, int count)
{
    auto point = ReviewPoint::finished(store, now - 7 * kMsPerDay);
    if (!point)
        return point.error();
    if (const Status st = ReviewPoint::write(store, ReviewPoint::currentUser(), *point); !st)
        return st;
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    BulkWriter writer(store.database());
    std::vector<Event> events;
    std::vector<QByteArray> payloads;
    const std::size_t n = std::min<std::size_t>(std::size_t(count), snapshot.size());
    for (std::size_t r = 0; r < n; ++r) {
        Event e;
        e.memoryId = snapshot.id(r);
        e.kind = events::kEdit;
        e.actor = QStringLiteral("assistant");
        e.at = now - 7 * kMsPerDay + Millis(r) * (7 * kMsPerDay / Millis(n));
        const QJsonObject payload { { QStringLiteral("decision"), QStringLiteral("dec_bench%1").arg(r) },
                                    { QStringLiteral("before"), QJsonObject { { QStringLiteral("content"), snapshot.contentPreview(r) } } },
                                    { QStringLiteral("after"), QJsonObject { { QStringLiteral("content"), snapshot.contentPreview(r) + QStringLiteral(" (edited)") } } } };
        events.push_back(std::move(e));
        payloads.push_back(QJsonDocument(payload).toJson(QJsonDocument::Compact));
        if (events.size() == 1000 || r + 1 == n) {
            if (auto st = writer.appendEvents(events, payloads); !st)
                return st.error();
            events.clear();
            payloads.clear();
        }
    }
    return tx.commit();
}

} // namespace

Measurement ChangesBench::changes(const QString &scratchPath)
{
    auto opened = Store::open(scratchPath);
    if (!opened)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(opened.error().message));
    Store &store = **opened;
    auto snapshot = SnapshotLoader::load(store, m_config, {});
    if (!snapshot)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(snapshot.error().message));
    if (const Status st = addChanges(store, *snapshot, m_now, kChanges); !st)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(st.error().message));
    auto review = ReviewPoint::read(store, ReviewPoint::currentUser());
    if (!review)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(review.error().message));
    const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
    ChangeQuery query;
    query.now = m_now;
    query.range.afterEventId = review->throughEventId;
    query.tiersFrom = review->reviewedAt;
    query.review = &*review;
    std::size_t rows = 0;
    // Each run's list is kept until the runs end: the inbox frees the list it replaces on a
    // worker (ChangeListModel), so opening it never waits for a free.
    std::vector<Result<std::vector<ChangeRow>>> lists;
    lists.reserve(std::size_t(m_runs) + 1);
    const double ms = medianMs(m_runs, [&] {
        lists.push_back(ChangeList::build(store, query, &*snapshot, profile.get()));
        rows = lists.back() ? lists.back()->size() : 0;
    });
    lists.clear();
    // The status bar's count of the same rows, which makes no list.
    const double countMs = medianMs(m_runs, [&] { (void)ChangeList::count(store, query, &*snapshot, profile.get()); });
    // Where the time goes: the events alone (no snapshot: no tier crossings, no texts).
    std::size_t eventRows = 0;
    const double eventsMs = medianMs(m_runs, [&] {
        auto built = ChangeList::build(store, query);
        eventRows = built ? built->size() : 0;
    });
    Measurement m;
    m.figure = ms;
    // The floor reads the same rows through the inbox's own statement, its bounds written in.
    QString floorSql = ChangeScan::sql();
    for (const qint64 bound : { review->throughEventId, std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max() })
        floorSql.replace(floorSql.indexOf(QLatin1Char('?')), 1, QString::number(bound));
    if (const SqliteFloor floor(scratchPath, m_sqlite3); floor.isAvailable()) {
        m.floor = floor.timeMs(floorSql, m_runs);
        m.floorQuery = floorSql;
    }
    m.note = QStringLiteral("%1 rows (%2 edits since the review, plus tier crossings) of %3 memories; median of %4; "
                            "the %5 rows of the events alone: %6 ms; the status bar's count of the rows: %7 ms")
                 .arg(rows)
                 .arg(kChanges)
                 .arg(snapshot->size())
                 .arg(m_runs)
                 .arg(eventRows)
                 .arg(eventsMs, 0, 'f', 1)
                 .arg(countMs, 0, 'f', 1);
    return m;
}

} // namespace recollector::bench
