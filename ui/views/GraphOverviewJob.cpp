#include "views/GraphOverviewJob.h"

#include "engine/graph/GraphLayout.h"
#include "store/Store.h"

#include <QElapsedTimer>

#include <algorithm>
#include <numeric>

namespace recollector::ui {

using namespace recollector::core;

GraphOverviewJob::Output GraphOverviewJob::run(const QString &storePath, const QSet<QString> &deletedIds,
                                               std::size_t maxNodes, const std::shared_ptr<std::atomic<bool>> &cancel)
{
    Output out;
    Database::Options options;
    options.readOnly = true;
    options.createIfMissing = false;
    auto store = Store::open(storePath, options); // this thread's own connection
    if (!store) {
        out.error = store.error().message;
        return out;
    }
    auto graph = AssociationGraph::load(**store);
    store->reset();
    if (!graph) {
        out.error = graph.error().message;
        return out;
    }
    auto shared = std::make_shared<const AssociationGraph>(std::move(*graph));
    const AssociationGraph &g = *shared;
    out.shown.assign(g.nodeCount(), 1);
    std::size_t live = g.nodeCount();
    if (!deletedIds.isEmpty()) {
        for (std::uint32_t n = 0; n < g.nodeCount(); ++n) {
            if (deletedIds.contains(g.id(n))) {
                out.shown[n] = 0;
                --live;
            }
        }
    }
    if (live > maxNodes) {
        // Too many to draw as items: the best-linked ones (ties: store order).
        std::vector<std::uint32_t> order(g.nodeCount());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t x, std::uint32_t y) { return g.degree(x) > g.degree(y); });
        std::size_t kept = 0;
        for (std::uint32_t n : order) {
            if (!out.shown[n])
                continue;
            if (kept < maxNodes)
                ++kept;
            else
                out.shown[n] = 0;
        }
        live = kept;
    }
    QElapsedTimer timer;
    timer.start();
    out.positions = GraphLayout::overview(g, GraphLayout::OverviewOptions{}, &out.shown,
                                          [&cancel] { return cancel && cancel->load(); });
    out.layoutMs = double(timer.nsecsElapsed()) / 1e6;
    if (out.positions.size() != g.nodeCount()) {
        out.cancelled = true;
        return out;
    }
    out.shownCount = live;
    out.graph = std::move(shared);
    return out;
}

} // namespace recollector::ui
