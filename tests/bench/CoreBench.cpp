#include "CoreBench.h"

#include "Stopwatch.h"

#include "scoring/ScoringProfile.h"
#include "snapshot/SnapshotLoader.h"
#include "store/Store.h"

#if __has_include("engine/SpreadingActivation.h") && __has_include("engine/AssociationGraph.h")
#include "engine/AssociationGraph.h"
#include "engine/SpreadingActivation.h"
#define ENGRAM_BENCH_HAS_ACTIVATION 1
#endif

namespace engram::bench {

using namespace engram::core;

CoreBench::CoreBench(Store &store, Config config, Millis now, int runs)
    : m_store(store), m_config(std::move(config)), m_now(now), m_runs(runs)
{
}

Status CoreBench::loadSnapshot()
{
    QElapsedTimer timer;
    timer.start();
    auto loaded = SnapshotLoader::load(m_store, m_config, SnapshotLoader::Options{});
    if (!loaded)
        return loaded.error();
    m_snapshot = std::move(*loaded);
    m_snapshotLoadMs = double(timer.nsecsElapsed()) / 1e6;
    m_view.setSnapshot(&m_snapshot);
    return {};
}

Measurement CoreBench::scoreAll()
{
    // Every profile scores and tiers every row; the figure is the slowest profile's median.
    Measurement m;
    QStringList parts;
    for (const QString &name : profileNames()) {
        const auto profile = makeProfile(name, m_config);
        if (!profile) {
            parts << QStringLiteral("%1 n/a").arg(name);
            continue;
        }
        const double ms = medianMs(m_runs, [&] { m_view.evaluate(*profile, m_now); });
        parts << QStringLiteral("%1 %2").arg(name, QString::number(ms, 'f', 1));
        if (!m.figure || ms > *m.figure)
            m.figure = ms;
    }
    if (!m.figure)
        return Measurement::missing(kNotBuiltYet);
    m.note = QStringLiteral("%1 rows; ms per profile: %2").arg(m_snapshot.size()).arg(parts.join(QStringLiteral(", ")));
    // Leave the view scored by the default profile for sort and filter.
    if (const auto ebbinghaus = makeProfile(QStringLiteral("ebbinghaus"), m_config))
        m_view.evaluate(*ebbinghaus, m_now);
    return m;
}

Measurement CoreBench::sort()
{
    if (!m_view.isEvaluated())
        return Measurement::missing(QStringLiteral("n/a (no scores)"));
    // The table as it opens (default filter), re-sorted by strength, strongest first: one
    // key per row, then the sort of (key, row) pairs.
    m_view.setFilter(SnapshotFilter{});
    m_view.setSort(SortKey::Strength, true);
    Measurement m;
    m.figure = medianMs(m_runs, [&] { m_view.rebuild(); });
    m.note = QStringLiteral("%1 visible rows sorted").arg(m_view.visibleCount());
    return m;
}

Measurement CoreBench::filter(const QString &term)
{
    if (!m_view.isEvaluated())
        return Measurement::missing(QStringLiteral("n/a (no scores)"));
    // Text filter in store order, so the figure is the scan of content + keywords alone.
    SnapshotFilter filter;
    filter.mode = SnapshotFilter::Mode::Debug;
    filter.text = term;
    m_view.setSort(SortKey::None, false);
    m_view.setFilter(filter);
    Measurement m;
    m.figure = medianMs(m_runs, [&] { m_view.rebuild(); });
    m.note = QStringLiteral("\"%1\": %2 of %3 rows match").arg(term).arg(m_view.visibleCount()).arg(m_snapshot.size());
    m_view.setFilter(SnapshotFilter{});
    return m;
}

Measurement CoreBench::activation()
{
#ifdef ENGRAM_BENCH_HAS_ACTIVATION
    QElapsedTimer timer;
    timer.start();
    auto graph = AssociationGraph::load(m_store);
    if (!graph)
        return Measurement::missing(QStringLiteral("n/a (graph: %1)").arg(graph.error().message));
    const double loadMs = double(timer.nsecsElapsed()) / 1e6;
    const std::uint32_t start = graph->bestLinkedNode();
    if (start == AssociationGraph::kNone)
        return Measurement::missing(QStringLiteral("n/a (no associations)"));
    SpreadingActivation activation;
    SpreadingActivation::Options options = SpreadingActivation::Options::from(m_config);
    options.maxDepth = 2;
    std::size_t hits = activation.run(*graph, start, options).size();
    // One run is microseconds to milliseconds: many runs for a stable median.
    Measurement m;
    m.figure = medianMs(std::max(m_runs, 101), [&] { hits = activation.run(*graph, start, options).size(); });
    m.note = QStringLiteral("from %1 (degree %2): %3 nodes reached, %4 results; graph of %5 nodes / %6 links "
                            "loaded in %7 ms")
                 .arg(graph->id(start))
                 .arg(graph->degree(start))
                 .arg(activation.reachedCount())
                 .arg(hits)
                 .arg(graph->nodeCount())
                 .arg(graph->linkCount())
                 .arg(QString::number(loadMs, 'f', 0));
    return m;
#else
    return Measurement::missing(kNotBuiltYet);
#endif
}

} // namespace engram::bench
