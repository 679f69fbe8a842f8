#include "WriteBench.h"

#include "Stopwatch.h"

#include "store/Store.h"

#include <QDir>
#include <QFile>
#include <QSqlError>
#include <QSqlQuery>

#include "engine/decisions/Decisions.h"

#include "engine/graph/AssociationBuilder.h"
#include "engine/text/QueryTerms.h"
#include "store/TextSearch.h"
#include "mcp/AssistantRecall.h"
#include "scoring/ScoringProfile.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace recollector::bench {

using namespace recollector::core;

WriteBench::WriteBench(QString storePath, QString workDir, Config config, Millis now, int runs)
    : m_storePath(std::move(storePath)),
      m_scratchPath(QDir(workDir).filePath(QStringLiteral("bench-scratch.recollector"))),
      m_config(std::move(config)),
      m_now(now),
      m_runs(runs)
{
}

WriteBench::~WriteBench()
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(m_scratchPath + QLatin1String(suffix));
}

bool WriteBench::ensureScratch(QString &why)
{
    if (m_copied)
        return true;
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(m_scratchPath + QLatin1String(suffix));
    // Fold any WAL into the main file first, so copying the one file copies everything.
    {
        auto store = Store::open(m_storePath);
        if (!store) {
            why = store.error().message;
            return false;
        }
        (void)(*store)->database().exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    }
    if (!QFile::copy(m_storePath, m_scratchPath)) {
        why = QStringLiteral("cannot copy %1 to %2").arg(m_storePath, m_scratchPath);
        return false;
    }
    m_copied = true;
    return true;
}

Measurement WriteBench::decisionCommit()
{
    QString why;
    if (!ensureScratch(why))
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(why));
    auto store = Store::open(m_scratchPath);
    if (!store)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(store.error().message));
    // Live memories spread over the whole table (by rowid), one decision each: a confirm is
    // the common user decision — a `reinforce` and a `confirm` event plus the row, one commit.
    const int runs = std::max(m_runs, 21);
    QStringList ids;
    {
        QSqlQuery q((*store)->database().handle());
        q.prepare(QStringLiteral("SELECT id FROM memories WHERE deleted_at = 0 AND rowid % ? = 0 LIMIT ?"));
        const auto total = (*store)->memories().count(true);
        q.addBindValue(std::max<qint64>(1, (total ? *total : 0) / (runs + 1)));
        q.addBindValue(runs);
        if (!q.exec())
            return Measurement::missing(QStringLiteral("n/a (cannot pick memories)"));
        while (q.next())
            ids << q.value(0).toString();
    }
    if (ids.isEmpty())
        return Measurement::missing(QStringLiteral("n/a (no live memories)"));
    Decisions decisions(**store, m_config);
    std::vector<double> times;
    for (const QString &id : ids) {
        QElapsedTimer timer;
        timer.start();
        const auto outcome = decisions.confirm(id, m_now);
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!outcome)
            return Measurement::missing(QStringLiteral("n/a (confirm %1: %2)").arg(id, outcome.error().message));
    }
    Measurement m;
    m.figure = median(times);
    m.note = QStringLiteral("confirm (reinforce + confirm events, row update, commit), median of %1; slowest %2 ms")
                 .arg(times.size())
                 .arg(QString::number(*std::max_element(times.begin(), times.end()), 'f', 2));
    return m;
}

Measurement WriteBench::rebuildAssociations()
{
    QString why;
    if (!ensureScratch(why))
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(why));
    auto store = Store::open(m_scratchPath);
    if (!store)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(store.error().message));
    const auto before = (*store)->associations().count();
    QElapsedTimer timer;
    timer.start();
    AssociationBuilder builder(**store, m_config);
    const auto stats = builder.rebuildAll();
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (!stats)
        return Measurement::missing(QStringLiteral("n/a (rebuild: %1)").arg(stats.error().message));
    Measurement m;
    m.figure = seconds;
    m.note = QStringLiteral("%1 memories: %2 links before, %3 derived links written")
                 .arg(stats->memories)
                 .arg(before ? *before : -1)
                 .arg(stats->derived);
    return m;
}

Measurement WriteBench::retrieve()
{
    QString why;
    if (!ensureScratch(why))
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(why));
    auto store = Store::open(m_scratchPath);
    if (!store)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(store.error().message));
    // Three keywords of the first live memory that has three and a link: direct hits that
    // seed an activation.
    QStringList words;
    {
        QSqlQuery q((*store)->database().handle());
        if (!q.exec(QStringLiteral("SELECT m.keywords FROM memories m WHERE m.deleted_at = 0 "
                                   "AND json_array_length(m.keywords) >= 3 "
                                   "AND EXISTS (SELECT 1 FROM associations a WHERE a.a = m.id) LIMIT 1"))
            || !q.next())
            return Measurement::missing(QStringLiteral("n/a (no linked memory with three keywords)"));
        for (const QJsonValue &k : QJsonDocument::fromJson(q.value(0).toString().toUtf8()).array())
            words << k.toString();
    }
    const QString query = words.mid(0, 3).join(QLatin1Char(' '));
    const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
    mcp::AssistantRecall recall(**store, m_config, *profile);
    QElapsedTimer timer;
    timer.start();
    auto first = recall.recall(query, {}, mcp::AssistantRecall::kDefaultLimit, m_now); // cold pages
    const double firstMs = double(timer.nsecsElapsed()) / 1e6;
    if (!first)
        return Measurement::missing(QStringLiteral("n/a (recall: %1)").arg(first.error().message));
    int associative = 0;
    for (const QJsonValue &r : first->results)
        associative += r[QStringLiteral("direct")].toBool() ? 0 : 1;
    QString failure;
    const std::vector<double> times = timesMs(100, [&] {
        auto again = recall.recall(query, {}, mcp::AssistantRecall::kDefaultLimit, m_now);
        if (!again && failure.isEmpty())
            failure = again.error().message;
    });
    if (!failure.isEmpty())
        return Measurement::missing(QStringLiteral("n/a (recall: %1)").arg(failure));
    // The floor: a bare FTS5 bm25() query for the same words on the same store, its ten best
    // rows only (docs/performance.md#method).
    const QString match = TextSearch::matchExpression(text::queryTerms(query).words);
    QSqlQuery bare((*store)->database().handle());
    bare.prepare(QStringLiteral("SELECT rowid FROM memory_text WHERE memory_text MATCH ? "
                                "ORDER BY bm25(memory_text) LIMIT 10"));
    const std::vector<double> floorTimes = timesMs(100, [&] {
        bare.addBindValue(match);
        if (!bare.exec() && failure.isEmpty())
            failure = bare.lastError().text();
        while (bare.next()) {
        }
    });
    if (!failure.isEmpty())
        return Measurement::missing(QStringLiteral("n/a (bare FTS5 query: %1)").arg(failure));
    Measurement m;
    m.figure = quantile(times, 0.95);
    m.floor = quantile(floorTimes, 0.95);
    m.floorQuery = QStringLiteral("in process: SELECT rowid FROM memory_text WHERE memory_text MATCH '%1' "
                                  "ORDER BY bm25(memory_text) LIMIT 10").arg(match);
    m.note = QStringLiteral("\"%1\": %2 results (%3 by activation), accesses recorded; p95 of 100 (median %4 ms, "
                            "the bare query's %5 ms); the first call, on cold pages, %6 ms")
                 .arg(query)
                 .arg(first->results.size())
                 .arg(associative)
                 .arg(QString::number(median(times), 'f', 1))
                 .arg(QString::number(median(floorTimes), 'f', 1))
                 .arg(QString::number(firstMs, 'f', 0));
    return m;
}

} // namespace recollector::bench
