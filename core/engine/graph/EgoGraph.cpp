#include "engine/graph/EgoGraph.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/graph/LinkTypes.h"
#include "store/Store.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace recollector::core {

namespace {

/// Weights are stored as float in the graph: back to the 6 decimals the store keeps.
double rounded(float weight)
{
    return std::round(double(weight) * 1e6) / 1e6;
}

quint64 pairKey(int a, int b)
{
    return (quint64(std::uint32_t(std::min(a, b))) << 32) | std::uint32_t(std::max(a, b));
}

void sortEdges(std::vector<EgoGraph::Edge> &edges)
{
    std::sort(edges.begin(), edges.end(), [](const EgoGraph::Edge &x, const EgoGraph::Edge &y) {
        return x.a != y.a ? x.a < y.a : x.b < y.b;
    });
}

} // namespace

int EgoGraph::indexOf(const QString &id) const
{
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].id == id)
            return int(i);
    }
    return -1;
}

int EgoGraph::countAtDepth(int depth) const
{
    return int(std::count_if(nodes.begin(), nodes.end(), [depth](const Node &n) { return n.depth == depth; }));
}

EgoGraph EgoGraph::collect(const AssociationGraph &graph, std::uint32_t centre, int depth, int maxNodes,
                           const Filter &excluded)
{
    EgoGraph ego;
    if (centre >= graph.nodeCount() || maxNodes < 1)
        return ego;
    QHash<std::uint32_t, int> index;
    std::vector<std::uint32_t> graphNode;
    index.insert(centre, 0);
    graphNode.push_back(centre);
    ego.nodes.push_back(Node{graph.id(centre), 0, -1, 1.0});

    struct Candidate
    {
        double pathWeight;
        int parent;
        std::uint32_t node;
    };
    std::vector<Candidate> candidates;
    std::size_t levelStart = 0;
    for (int level = 1; level <= depth && ego.nodes.size() < std::size_t(maxNodes); ++level) {
        candidates.clear();
        const std::size_t levelEnd = ego.nodes.size();
        for (std::size_t i = levelStart; i < levelEnd; ++i) {
            const AssociationGraph::Neighbours nb = graph.neighbours(graphNode[i]);
            for (std::uint32_t k = 0; k < nb.count; ++k) {
                const std::uint32_t t = nb.node[k];
                if (t == graphNode[i] || index.contains(t))
                    continue;
                if (excluded && excluded(graph.idBytes(t)))
                    continue;
                candidates.push_back(Candidate{ego.nodes[i].pathWeight * rounded(nb.weight[k]), int(i), t});
            }
        }
        // Strongest path first; ties by parent, then by the graph's (deterministic) node order.
        std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate &x, const Candidate &y) {
            if (x.pathWeight != y.pathWeight)
                return x.pathWeight > y.pathWeight;
            return x.parent != y.parent ? x.parent < y.parent : x.node < y.node;
        });
        for (const Candidate &c : candidates) {
            if (ego.nodes.size() >= std::size_t(maxNodes))
                break;
            if (index.contains(c.node))
                continue; // reached from a stronger parent already
            index.insert(c.node, int(ego.nodes.size()));
            graphNode.push_back(c.node);
            ego.nodes.push_back(Node{graph.id(c.node), level, c.parent, c.pathWeight});
        }
        levelStart = levelEnd;
    }

    QSet<quint64> seen;
    for (std::size_t i = 0; i < ego.nodes.size(); ++i) {
        const AssociationGraph::Neighbours nb = graph.neighbours(graphNode[i]);
        for (std::uint32_t k = 0; k < nb.count; ++k) {
            const int j = index.value(nb.node[k], -1);
            if (j < 0 || j == int(i))
                continue;
            const quint64 key = pairKey(int(i), j);
            if (seen.contains(key))
                continue;
            seen.insert(key);
            ego.edges.push_back(Edge{std::min(int(i), j), std::max(int(i), j), rounded(nb.weight[k]), nb.type[k]});
        }
    }
    sortEdges(ego.edges);
    return ego;
}

Result<EgoGraph> EgoGraph::load(Store &store, const QString &centre, int depth, int maxNodes, const Filter &excluded)
{
    auto around = AssociationGraph::loadAround(store, {centre}, depth);
    if (!around)
        return around.error();
    EgoGraph ego = collect(*around, around->find(centre), depth, maxNodes, excluded);
    if (ego.nodes.empty() || depth < 1)
        return ego;

    // loadAround does not expand the outermost level: read those nodes' links here so the
    // links among them show too.
    QHash<QString, int> index;
    for (std::size_t i = 0; i < ego.nodes.size(); ++i)
        index.insert(ego.nodes[i].id, int(i));
    QSet<quint64> seen;
    for (const Edge &e : ego.edges)
        seen.insert(pairKey(e.a, e.b));
    bool added = false;
    for (std::size_t i = 0; i < ego.nodes.size(); ++i) {
        if (ego.nodes[i].depth != depth)
            continue;
        auto links = store.associations().of(ego.nodes[i].id);
        if (!links)
            return links.error();
        for (const Association &a : *links) {
            const int j = index.value(a.other(ego.nodes[i].id), -1);
            if (j < 0 || j == int(i) || seen.contains(pairKey(int(i), j)))
                continue;
            seen.insert(pairKey(int(i), j));
            ego.edges.push_back(Edge{std::min(int(i), j), std::max(int(i), j), a.weight, links::typeCode(a.type)});
            added = true;
        }
    }
    if (added)
        sortEdges(ego.edges);
    return ego;
}

} // namespace recollector::core
