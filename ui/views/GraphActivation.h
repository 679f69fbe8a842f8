#pragma once

#include "engine/graph/AssociationGraph.h"
#include "engine/recall/Retrieval.h"
#include "engine/graph/SpreadingActivation.h"

#include <QList>
#include <QStringList>

#include <vector>

namespace recollector::ui {

/// One memory lit up on the association graph: its activation (0..1) and the path it was
/// reached by, seed first (the memory itself not included; empty for a seed / direct hit).
/// What AssociationGraphView::showActivation() takes, from a spreading activation run or a
/// retrieval result list.
struct GraphActivation
{
    QString id;
    double activation = 0;
    QStringList path;

    bool operator==(const GraphActivation &) const = default;

    static QList<GraphActivation> fromHits(const core::AssociationGraph &graph,
                                           const std::vector<core::SpreadingActivation::Hit> &hits)
    {
        QList<GraphActivation> out;
        for (const auto &hit : hits) {
            GraphActivation a{graph.id(hit.node), hit.activation, {}};
            for (std::uint32_t node : hit.path)
                a.path << graph.id(node);
            out << a;
        }
        return out;
    }

    /// Direct hits become seeds (their activation is relevance / best relevance), associative
    /// ones keep their activation and path.
    static QList<GraphActivation> fromRetrieval(const std::vector<core::RetrievalResult> &results)
    {
        QList<GraphActivation> out;
        for (const core::RetrievalResult &r : results)
            out << GraphActivation{r.id, r.activation, r.direct ? QStringList() : r.path};
        return out;
    }
};

} // namespace recollector::ui
