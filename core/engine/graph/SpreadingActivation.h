#pragma once

#include "config/Config.h"

#include <cstdint>
#include <span>
#include <vector>

namespace recollector::core {

class AssociationGraph;

/// Spreading activation (docs/scoring.md, "Spreading activation", with its 0.5 decay per hop):
/// a BFS from seeds. A node reached over a link gets activation(parent) × weight × decay; below
/// minActivation it is dropped; it keeps the first level it is reached at (and, among the
/// parents of that level, the one giving the highest activation); cycles never revisit; seeds
/// are never results. The strongest maxResults come back, each with its path.
///
/// One object owns per-node buffers sized to the graph and reuses them, so a run allocates
/// nothing per visited node and runs no SQL: from a well-linked memory of a 1M-node / 5M-link
/// graph it takes well under the 5 ms of docs/architecture.md, "Performance budget". Not
/// thread-safe (one per thread).
class SpreadingActivation final
{
public:
    struct Options
    {
        int maxDepth = 2;
        double decay = 0.5;          ///< per hop (docs/scoring.md, "Spreading activation")
        double minActivation = 0.1;
        int maxResults = 5;
        static Options from(const Config &config);
    };

    struct Seed
    {
        std::uint32_t node;
        double activation = 1.0;     ///< a lone start node has 1.0
    };

    struct Hit
    {
        std::uint32_t node;
        double activation;           ///< rounded to 1e-6 (weights are stored as float)
        int depth;
        /// Nodes from the seed to the parent, seed first (the node itself not included),
        /// as docs/scoring.md#spreading-activation's path.
        std::vector<std::uint32_t> path;
    };

    /// Runs from `seeds`. `allowed`, when given, is indexed by node: a node with 0 is
    /// neither a result nor passed through (e.g. memories the query mode leaves out).
    /// The returned reference stays valid until the next run.
    const std::vector<Hit> &run(const AssociationGraph &graph, std::span<const Seed> seeds, const Options &options,
                                const std::vector<std::uint8_t> *allowed = nullptr);
    const std::vector<Hit> &run(const AssociationGraph &graph, std::uint32_t start, const Options &options)
    {
        const Seed seed{start, 1.0};
        return run(graph, std::span<const Seed>(&seed, 1), options);
    }

    /// Nodes reached by the last run (results and the ones outranked), for animations.
    std::size_t reachedCount() const { return m_reached.size(); }

private:
    void prepare(std::size_t nodes);

    std::vector<std::uint32_t> m_stamp;
    std::vector<double> m_activation;
    std::vector<std::uint32_t> m_parent;
    std::vector<std::uint8_t> m_depth;
    std::uint32_t m_generation = 0;
    std::vector<std::uint32_t> m_frontier;
    std::vector<std::uint32_t> m_next;
    std::vector<std::uint32_t> m_reached;
    std::vector<Hit> m_hits;
};

} // namespace recollector::core
