#include "CoreBench.h"

#include "Stopwatch.h"

#include "scoring/ScoringProfile.h"
#include "snapshot/SnapshotLoader.h"
#include "store/Store.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/graph/EgoGraph.h"
#include "engine/graph/GraphLayout.h"
#include "engine/graph/SpreadingActivation.h"

namespace recollector::bench {

using namespace recollector::core;

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

const AssociationGraph *CoreBench::graph()
{
    if (!m_graph && m_graphError.isEmpty()) {
        QElapsedTimer timer;
        timer.start();
        auto loaded = AssociationGraph::load(m_store);
        if (!loaded) {
            m_graphError = loaded.error().message;
            return nullptr;
        }
        m_graph = std::make_shared<AssociationGraph>(std::move(*loaded));
        m_graphLoadMs = double(timer.nsecsElapsed()) / 1e6;
    }
    return m_graph.get();
}

Measurement CoreBench::activation()
{
    const AssociationGraph *g = graph();
    if (!g)
        return Measurement::missing(QStringLiteral("n/a (graph: %1)").arg(m_graphError));
    const std::uint32_t start = g->bestLinkedNode();
    if (start == AssociationGraph::kNone)
        return Measurement::missing(QStringLiteral("n/a (no associations)"));
    SpreadingActivation activation;
    SpreadingActivation::Options options = SpreadingActivation::Options::from(m_config);
    options.maxDepth = 2;
    std::size_t hits = activation.run(*g, start, options).size();
    // One run is microseconds to milliseconds: many runs for a stable median.
    Measurement m;
    m.figure = medianMs(std::max(m_runs, 101), [&] { hits = activation.run(*g, start, options).size(); });
    m.note = QStringLiteral("from %1 (degree %2): %3 nodes reached, %4 results; graph of %5 nodes / %6 links "
                            "loaded in %7 ms")
                 .arg(g->id(start))
                 .arg(g->degree(start))
                 .arg(activation.reachedCount())
                 .arg(hits)
                 .arg(g->nodeCount())
                 .arg(g->linkCount())
                 .arg(QString::number(m_graphLoadMs, 'f', 0));
    return m;
}

Measurement CoreBench::egoLayout()
{
    const AssociationGraph *g = graph();
    if (!g)
        return Measurement::missing(QStringLiteral("n/a (graph: %1)").arg(m_graphError));
    const std::uint32_t start = g->bestLinkedNode();
    if (start == AssociationGraph::kNone)
        return Measurement::missing(QStringLiteral("n/a (no associations)"));
    // The view's ego graph: depth 2 around the memory, capped at 300 nodes.
    QElapsedTimer timer;
    timer.start();
    const EgoGraph ego = EgoGraph::collect(*g, start, 2, EgoGraph::kDefaultMaxNodes);
    const double collectMs = double(timer.nsecsElapsed()) / 1e6;
    std::vector<QPointF> positions;
    Measurement m;
    m.figure = medianMs(std::max(m_runs, 101), [&] { positions = GraphLayout::ego(ego); });
    m.note = QStringLiteral("ego graph of %1 (degree %2): %3 nodes (%4 at depth 1), %5 links; collected in %6 ms")
                 .arg(g->id(start))
                 .arg(g->degree(start))
                 .arg(ego.nodes.size())
                 .arg(ego.countAtDepth(1))
                 .arg(ego.edges.size())
                 .arg(QString::number(collectMs, 'f', 2));
    return m;
}

} // namespace recollector::bench
