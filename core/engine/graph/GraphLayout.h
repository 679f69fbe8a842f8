#pragma once

#include <QPointF>

#include <cstdint>
#include <functional>
#include <vector>

namespace recollector::core {

class AssociationGraph;
struct EgoGraph;

/// Deterministic layouts for the association graph views (docs/architecture.md, "The window"),
/// computed in core so the window, the benchmark (docs/architecture.md, "Performance budget":
/// ego_layout_ms) and the tests see the same numbers. Scene units are pixels at zoom 1. Pure
/// functions of their input: safe on any thread.
class GraphLayout final
{
public:
    struct EgoOptions
    {
        double ringSpacing = 170; ///< minimum gap between consecutive depth rings
        double nodeSpacing = 30;  ///< minimum distance between two node centres
        double firstRingSpacing = 90; ///< minimum distance between depth-1 nodes (room for labels)
        int relaxIterations = 32; ///< passes of the per-ring overlap relaxation
    };

    /// Radial rings: the centre at (0, 0), each depth on its own ring (radius growing with
    /// depth and with the ring's node count), depth-1 nodes spread over angular sectors
    /// sized by their subtree, each deeper node inside its parent's sector, then a few
    /// passes of overlap relaxation along each ring. No two nodes end closer than
    /// nodeSpacing. O(n log n); 300 nodes take well under a millisecond.
    static std::vector<QPointF> ego(const EgoGraph &graph, const EgoOptions &options);
    static std::vector<QPointF> ego(const EgoGraph &graph) { return ego(graph, EgoOptions{}); }

    struct OverviewOptions
    {
        double spacing = 24; ///< ideal link length and repulsion range unit
        int iterations = 40; ///< force passes per connected component (fixed, small)
    };
    using Cancelled = std::function<bool()>;

    /// The whole store: connected components laid out one by one — a sunflower spiral in BFS
    /// order as the start, then a fixed number of force passes where repulsion only acts
    /// between nodes of neighbouring grid cells (O(n·k) per pass, never all pairs) — and
    /// packed in rows, largest first. Indexed by graph node; a node with 0 in `allowed`
    /// (when given) is left out and stays at (0, 0). Empty when `cancelled` says so.
    static std::vector<QPointF> overview(const AssociationGraph &graph, const OverviewOptions &options,
                                         const std::vector<std::uint8_t> *allowed = nullptr,
                                         const Cancelled &cancelled = {});
    static std::vector<QPointF> overview(const AssociationGraph &graph)
    {
        return overview(graph, OverviewOptions{});
    }
};

} // namespace recollector::core
