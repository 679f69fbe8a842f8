#include "engine/graph/SpreadingActivation.h"

#include "engine/graph/AssociationGraph.h"

#include <algorithm>
#include <cmath>

namespace recollector::core {

namespace {
constexpr std::uint32_t kNoParent = 0xffffffffu;
// Weights are floats: 0.8f·0.5 is 0.40000000596. Comparisons with the threshold allow for
// that, and results are reported to 1e-6 so the oracles read as the notes print them.
constexpr double kSlack = 1e-7;
double rounded(double v) { return std::round(v * 1e6) / 1e6; }
} // namespace

SpreadingActivation::Options SpreadingActivation::Options::from(const Config &config)
{
    const auto &a = config.associations;
    return Options{a.maxDepth, a.activationDecay, a.minActivation, a.maxResults};
}

void SpreadingActivation::prepare(std::size_t nodes)
{
    if (m_stamp.size() < nodes) {
        m_stamp.resize(nodes, 0);
        m_activation.resize(nodes, 0);
        m_parent.resize(nodes, kNoParent);
        m_depth.resize(nodes, 0);
    }
    if (++m_generation == 0) {
        std::fill(m_stamp.begin(), m_stamp.end(), 0);
        m_generation = 1;
    }
    m_frontier.clear();
    m_next.clear();
    m_reached.clear();
}

const std::vector<SpreadingActivation::Hit> &SpreadingActivation::run(const AssociationGraph &graph,
                                                                      std::span<const Seed> seeds,
                                                                      const Options &options,
                                                                      const std::vector<std::uint8_t> *allowed)
{
    prepare(graph.nodeCount());
    const std::uint32_t gen = m_generation;
    for (const Seed &seed : seeds) {
        if (seed.node >= graph.nodeCount())
            continue;
        if (m_stamp[seed.node] == gen) {
            m_activation[seed.node] = std::max(m_activation[seed.node], seed.activation);
            continue;
        }
        m_stamp[seed.node] = gen;
        m_activation[seed.node] = seed.activation;
        m_parent[seed.node] = kNoParent;
        m_depth[seed.node] = 0;
        m_frontier.push_back(seed.node);
    }

    const int maxDepth = std::clamp(options.maxDepth, 0, 255);
    for (int depth = 1; depth <= maxDepth && !m_frontier.empty(); ++depth) {
        for (std::uint32_t u : m_frontier) {
            const double from = m_activation[u];
            const AssociationGraph::Neighbours nb = graph.neighbours(u);
            for (std::uint32_t i = 0; i < nb.count; ++i) {
                const std::uint32_t v = nb.node[i];
                if (allowed && !(*allowed)[v])
                    continue;
                const double a = from * double(nb.weight[i]) * options.decay;
                if (a + kSlack < options.minActivation)
                    continue;
                if (m_stamp[v] == gen) {
                    // Reached before: an earlier level keeps it; on this level the stronger
                    // parent wins (ties: the lower node index, so the result is repeatable).
                    if (m_depth[v] == depth && (a > m_activation[v] || (a == m_activation[v] && u < m_parent[v]))) {
                        m_activation[v] = a;
                        m_parent[v] = u;
                    }
                    continue;
                }
                m_stamp[v] = gen;
                m_activation[v] = a;
                m_parent[v] = u;
                m_depth[v] = std::uint8_t(depth);
                m_next.push_back(v);
                m_reached.push_back(v);
            }
        }
        std::swap(m_frontier, m_next);
        m_next.clear();
    }

    // Top results: strongest first; ties by depth, then node index.
    auto better = [&](std::uint32_t x, std::uint32_t y) {
        if (m_activation[x] != m_activation[y])
            return m_activation[x] > m_activation[y];
        if (m_depth[x] != m_depth[y])
            return m_depth[x] < m_depth[y];
        return x < y;
    };
    const std::size_t keep = std::min<std::size_t>(m_reached.size(), std::size_t(std::max(0, options.maxResults)));
    std::partial_sort(m_reached.begin(), m_reached.begin() + std::ptrdiff_t(keep), m_reached.end(), better);

    m_hits.resize(keep);
    for (std::size_t i = 0; i < keep; ++i) {
        const std::uint32_t v = m_reached[i];
        Hit &hit = m_hits[i];
        hit.node = v;
        hit.activation = rounded(m_activation[v]);
        hit.depth = m_depth[v];
        hit.path.clear();
        for (std::uint32_t p = m_parent[v]; p != kNoParent; p = m_parent[p])
            hit.path.push_back(p);
        std::reverse(hit.path.begin(), hit.path.end());
    }
    return m_hits;
}

} // namespace recollector::core
