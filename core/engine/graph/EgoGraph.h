#pragma once

#include "model/Result.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace recollector::core {

class AssociationGraph;
class Store;

/// The neighbourhood of one memory for the association graph view
/// (docs/architecture.md, "The window"): the centre, the memories one link away (depth 1) and
/// two links away (depth 2), and every link among them. Each node is reached once, at its first
/// (lowest) depth, under the parent giving the strongest path (weight product); no self-links,
/// each undirected link once.
///
/// `maxNodes` bounds the view: depth-1 nodes go first (strongest link first), then depth-2
/// nodes by path strength, so a hub's ego graph keeps its strongest part. Plain values;
/// copyable and safe to hand to another thread.
struct EgoGraph
{
    struct Node
    {
        QString id;
        int depth = 0;         ///< 0 = the centre
        int parent = -1;       ///< index of the depth − 1 node it hangs under; -1 for the centre
        double pathWeight = 1; ///< product of the link weights from the centre
    };
    struct Edge
    {
        int a = 0; ///< node indices, a < b
        int b = 0;
        double weight = 0;
        std::uint8_t type = 0; ///< links::Type
    };

    /// nodes[0] is the centre (when not empty); then depth 1, then depth 2.
    std::vector<Node> nodes;
    std::vector<Edge> edges;

    static constexpr int kDefaultMaxNodes = 300;

    bool isEmpty() const { return nodes.empty(); }
    /// Index of a node by memory id, -1 when absent.
    int indexOf(const QString &id) const;
    int countAtDepth(int depth) const;

    /// A node of `graph` the view leaves out (e.g. a soft-deleted memory); not passed through.
    using Filter = std::function<bool(std::string_view id)>;

    /// From an in-memory graph (the whole store's, or one loadAround() read). An empty
    /// result when `centre` is not in it.
    static EgoGraph collect(const AssociationGraph &graph, std::uint32_t centre, int depth = 2,
                            int maxNodes = kDefaultMaxNodes, const Filter &excluded = {});
    /// Reads only what the ego graph needs from the store: the links of the centre and of
    /// its neighbours (AssociationGraph::loadAround), then the links of the outermost nodes
    /// chosen, so links between two depth-2 memories show too. An unknown centre gives a
    /// lone node.
    [[nodiscard]] static Result<EgoGraph> load(Store &store, const QString &centre, int depth = 2,
                                               int maxNodes = kDefaultMaxNodes, const Filter &excluded = {});
};

} // namespace recollector::core
