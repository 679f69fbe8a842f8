#include "engine/graph/GraphLayout.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/graph/EgoGraph.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

namespace recollector::core {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
constexpr double kGoldenAngle = 2.399963229728653; // π (3 − √5)

double normalised(double angle)
{
    angle = std::fmod(angle, kTwoPi);
    return angle < 0 ? angle + kTwoPi : angle;
}

/// Angular gap that keeps two nodes on a ring of `radius` at least `spacing` apart (chord).
double minAngle(double spacing, double radius)
{
    return 2 * std::asin(std::min(1.0, spacing / (2 * radius)));
}

/// Spreads the nodes of one ring apart along the ring until neighbours are at least `delta`
/// radians apart; falls back to an even spread in the same order if passes do not suffice
/// (the radius is chosen so that an even spread always fits).
void relaxRing(std::vector<int> &members, std::vector<double> &angle, double delta, int passes)
{
    const std::size_t n = members.size();
    if (n < 2)
        return;
    for (int i : members)
        angle[std::size_t(i)] = normalised(angle[std::size_t(i)]);
    std::stable_sort(members.begin(), members.end(),
                     [&](int x, int y) { return angle[std::size_t(x)] < angle[std::size_t(y)]; });
    std::vector<double> a(n);
    for (std::size_t k = 0; k < n; ++k)
        a[k] = angle[std::size_t(members[k])];
    delta = std::min(delta, kTwoPi / double(n));
    auto gapAfter = [&](std::size_t k) { return k + 1 < n ? a[k + 1] - a[k] : a[0] + kTwoPi - a[k]; };
    for (int pass = 0; pass < passes; ++pass) {
        bool moved = false;
        for (std::size_t k = 0; k < n; ++k) {
            const double gap = gapAfter(k);
            if (gap >= delta)
                continue;
            const double push = (delta - gap) / 2;
            a[k] -= push;
            a[(k + 1) % n] += push;
            moved = true;
        }
        if (!moved)
            break;
    }
    // Pushes may have crossed neighbours or left a gap short: check the final order.
    bool ok = true;
    for (std::size_t k = 0; k + 1 < n && ok; ++k)
        ok = a[k + 1] - a[k] >= delta * 0.999;
    ok = ok && a[0] + kTwoPi - a[n - 1] >= delta * 0.999;
    if (!ok) {
        const double step = kTwoPi / double(n);
        for (std::size_t k = 0; k < n; ++k)
            a[k] = a[0] + step * double(k);
    }
    for (std::size_t k = 0; k < n; ++k)
        angle[std::size_t(members[k])] = a[k];
}

} // namespace

std::vector<QPointF> GraphLayout::ego(const EgoGraph &graph, const EgoOptions &options)
{
    const std::size_t n = graph.nodes.size();
    std::vector<QPointF> pos(n);
    if (n == 0)
        return pos;

    int maxDepth = 0;
    for (const EgoGraph::Node &node : graph.nodes)
        maxDepth = std::max(maxDepth, node.depth);
    std::vector<std::vector<int>> rings(std::size_t(maxDepth) + 1);
    std::vector<std::vector<int>> children(n);
    for (std::size_t i = 0; i < n; ++i) {
        const EgoGraph::Node &node = graph.nodes[i];
        rings[std::size_t(node.depth)].push_back(int(i));
        if (node.parent >= 0 && std::size_t(node.parent) < n)
            children[std::size_t(node.parent)].push_back(int(i));
    }

    // Subtree sizes (children come after their parents in `nodes`): sector widths.
    std::vector<double> weight(n, 1.0);
    for (std::size_t i = n; i-- > 1;) {
        const int parent = graph.nodes[i].parent;
        if (parent >= 0 && std::size_t(parent) < n)
            weight[std::size_t(parent)] += weight[i];
    }

    // Radii: at least ringSpacing beyond the previous ring, and wide enough that an even
    // spread of the ring's nodes keeps them nodeSpacing apart (with 15 % to spare).
    auto spacingOf = [&options](std::size_t depth) {
        return depth == 1 ? std::max(options.nodeSpacing, options.firstRingSpacing) : options.nodeSpacing;
    };
    std::vector<double> radius(rings.size(), 0.0);
    for (std::size_t d = 1; d < rings.size(); ++d) {
        const double needed = double(rings[d].size()) * spacingOf(d) * 1.15 / kTwoPi;
        radius[d] = std::max(radius[d - 1] + options.ringSpacing, needed);
    }

    std::vector<double> angle(n, 0.0), span(n, 0.0);
    span[0] = kTwoPi;
    angle[0] = -std::numbers::pi / 2; // the strongest neighbour at the top
    // Depth 1: sectors over the whole circle, the first (strongest) one centred at the top.
    if (rings.size() > 1 && !rings[1].empty()) {
        double total = 0;
        for (int i : rings[1])
            total += weight[std::size_t(i)];
        double start = -std::numbers::pi / 2 - std::numbers::pi * weight[std::size_t(rings[1][0])] / total;
        for (int i : rings[1]) {
            span[std::size_t(i)] = kTwoPi * weight[std::size_t(i)] / total;
            angle[std::size_t(i)] = start + span[std::size_t(i)] / 2;
            start += span[std::size_t(i)];
        }
    }
    for (std::size_t d = 1; d < rings.size(); ++d) {
        if (d >= 2) {
            // Each node's children share its sector, in order, sized by their own subtrees.
            for (int parent : rings[d - 1]) {
                const std::vector<int> &kids = children[std::size_t(parent)];
                if (kids.empty())
                    continue;
                double total = 0;
                for (int k : kids)
                    total += weight[std::size_t(k)];
                double start = angle[std::size_t(parent)] - span[std::size_t(parent)] / 2;
                for (int k : kids) {
                    span[std::size_t(k)] = span[std::size_t(parent)] * weight[std::size_t(k)] / total;
                    angle[std::size_t(k)] = start + span[std::size_t(k)] / 2;
                    start += span[std::size_t(k)];
                }
            }
        }
        relaxRing(rings[d], angle, minAngle(spacingOf(d), radius[d]), options.relaxIterations);
        for (int i : rings[d]) {
            pos[std::size_t(i)] = QPointF(radius[d] * std::cos(angle[std::size_t(i)]),
                                          radius[d] * std::sin(angle[std::size_t(i)]));
        }
    }
    return pos;
}

namespace {

/// Bounding box of some positions.
struct Box
{
    double minX, minY, maxX, maxY;
};

Box boundsOf(const std::vector<std::uint32_t> &members, const std::vector<QPointF> &pos)
{
    Box b{pos[members[0]].x(), pos[members[0]].y(), pos[members[0]].x(), pos[members[0]].y()};
    for (std::uint32_t m : members) {
        b.minX = std::min(b.minX, pos[m].x());
        b.maxX = std::max(b.maxX, pos[m].x());
        b.minY = std::min(b.minY, pos[m].y());
        b.maxY = std::max(b.maxY, pos[m].y());
    }
    return b;
}

/// A component's nodes bucketed in a grid of square cells (counting sort by cell): the
/// neighbours a node is repelled by are in its own and the 8 adjacent cells. The buffers are
/// kept between passes.
struct CellGrid
{
    double minX = 0, minY = 0;
    double size = 0;                    ///< cell side
    std::size_t cols = 0, rows = 0;
    std::vector<std::uint32_t> cellOf;  ///< by local index
    std::vector<std::uint32_t> cellStart; ///< cell c holds sorted[cellStart[c] .. cellStart[c + 1])
    std::vector<std::uint32_t> sorted;  ///< local indices by cell

    /// Cells of at least `cell` sized to the component; never more cells than ~4 per node.
    void fill(const std::vector<std::uint32_t> &members, const std::vector<QPointF> &pos, double cell)
    {
        const std::size_t n = members.size();
        cellOf.resize(n);
        sorted.resize(n);
        const Box b = boundsOf(members, pos);
        minX = b.minX;
        minY = b.minY;
        size = cell;
        cols = std::size_t((b.maxX - minX) / size) + 1;
        rows = std::size_t((b.maxY - minY) / size) + 1;
        while (cols * rows > 4 * n + 16) {
            size *= 1.5;
            cols = std::size_t((b.maxX - minX) / size) + 1;
            rows = std::size_t((b.maxY - minY) / size) + 1;
        }
        cellStart.assign(cols * rows + 1, 0);
        for (std::size_t i = 0; i < n; ++i) {
            const QPointF &p = pos[members[i]];
            cellOf[i] = std::uint32_t(std::size_t((p.y() - minY) / size) * cols + std::size_t((p.x() - minX) / size));
            ++cellStart[cellOf[i] + 1];
        }
        std::partial_sum(cellStart.begin(), cellStart.end(), cellStart.begin());
        std::vector<std::uint32_t> next(cellStart.begin(), cellStart.end() - 1);
        for (std::size_t i = 0; i < n; ++i)
            sorted[next[cellOf[i]]++] = std::uint32_t(i);
    }
};

/// Displacements of one pass, by local index.
struct Forces
{
    std::vector<double> dx, dy;
};

/// Fruchterman–Reingold repulsion s²/d between every pair closer than `range` (both in the
/// grid's own or adjacent cells), each pair once.
void addRepulsion(const CellGrid &grid, const std::vector<std::uint32_t> &members, const std::vector<QPointF> &pos,
                  double s, double range, Forces &f)
{
    const std::size_t n = members.size();
    const double range2 = range * range;
    for (std::size_t i = 0; i < n; ++i) {
        const QPointF &p = pos[members[i]];
        const std::size_t cx = grid.cellOf[i] % grid.cols, cy = grid.cellOf[i] / grid.cols;
        for (std::size_t y = cy > 0 ? cy - 1 : 0; y <= std::min(grid.rows - 1, cy + 1); ++y) {
            for (std::size_t x = cx > 0 ? cx - 1 : 0; x <= std::min(grid.cols - 1, cx + 1); ++x) {
                const std::size_t c = y * grid.cols + x;
                for (std::uint32_t k = grid.cellStart[c]; k < grid.cellStart[c + 1]; ++k) {
                    const std::uint32_t j = grid.sorted[k];
                    if (j <= i)
                        continue;
                    const QPointF &q = pos[members[j]];
                    double ddx = p.x() - q.x(), ddy = p.y() - q.y();
                    double d2 = ddx * ddx + ddy * ddy;
                    if (d2 >= range2)
                        continue;
                    if (d2 < 1e-6) { // same spot: a fixed direction from the indices
                        const double a = double((i * 7919 + j * 104729) % 628) / 100.0;
                        ddx = std::cos(a) * 0.01;
                        ddy = std::sin(a) * 0.01;
                        d2 = 1e-4;
                    }
                    const double push = s * s / d2; // FR repulsion s²/d, over d for the unit vector
                    f.dx[i] += ddx * push;
                    f.dy[i] += ddy * push;
                    f.dx[j] -= ddx * push;
                    f.dy[j] -= ddy * push;
                }
            }
        }
    }
}

/// Attraction along every link inside the component, each link once.
void addAttraction(const AssociationGraph &graph, const std::vector<std::uint32_t> &members,
                   const std::vector<int> &local, const std::vector<QPointF> &pos, double s, Forces &f)
{
    for (std::size_t i = 0; i < members.size(); ++i) {
        const std::uint32_t u = members[i];
        const AssociationGraph::Neighbours nb = graph.neighbours(u);
        for (std::uint32_t k = 0; k < nb.count; ++k) {
            const std::uint32_t v = nb.node[k];
            if (v <= u || local[v] < 0)
                continue;
            const auto j = std::size_t(local[v]);
            const double ddx = pos[u].x() - pos[v].x(), ddy = pos[u].y() - pos[v].y();
            const double d = std::sqrt(ddx * ddx + ddy * ddy);
            if (d < 1e-9)
                continue;
            // FR attraction d²/s (over d for the unit vector), eased for hubs so a dense
            // core does not collapse onto itself.
            const double hub = std::sqrt(double(std::max(graph.degree(u), graph.degree(v))));
            const double pull = d / s * (0.5 + double(nb.weight[k])) / hub;
            f.dx[i] -= ddx * pull;
            f.dy[i] -= ddy * pull;
            f.dx[j] += ddx * pull;
            f.dy[j] += ddy * pull;
        }
    }
}

/// Moves each node along its displacement, by at most `temperature`.
void moveBy(const Forces &f, double temperature, const std::vector<std::uint32_t> &members, std::vector<QPointF> &pos)
{
    for (std::size_t i = 0; i < members.size(); ++i) {
        const double len = std::sqrt(f.dx[i] * f.dx[i] + f.dy[i] * f.dy[i]);
        if (len < 1e-9)
            continue;
        const double step = std::min(len, temperature) / len;
        pos[members[i]] += QPointF(f.dx[i] * step, f.dy[i] * step);
    }
}

/// Force passes over one connected component, in place. Repulsion only between nodes of
/// the same or adjacent grid cells (cell = 3 × spacing): O(size · k) per pass.
void relaxComponent(const AssociationGraph &graph, const std::vector<std::uint32_t> &members,
                    const std::vector<int> &local, std::vector<QPointF> &pos, const GraphLayout::OverviewOptions &o)
{
    const std::size_t n = members.size();
    const double s = o.spacing;
    const double cell = 3 * s;
    Forces forces{std::vector<double>(n), std::vector<double>(n)};
    CellGrid grid;
    for (int pass = 0; pass < o.iterations; ++pass) {
        const double temperature = s * (2.0 * (1.0 - double(pass) / o.iterations) + 0.05);
        std::fill(forces.dx.begin(), forces.dx.end(), 0.0);
        std::fill(forces.dy.begin(), forces.dy.end(), 0.0);
        grid.fill(members, pos, cell);
        addRepulsion(grid, members, pos, s, cell, forces);
        addAttraction(graph, members, local, pos, s, forces);
        moveBy(forces, temperature, members, pos);
    }
}

/// Connected components of the allowed nodes (a null `allowed` allows all), each in BFS order
/// from its best-linked node; components in the order of their start's degree, largest first.
std::vector<std::vector<std::uint32_t>> componentsInBfsOrder(const AssociationGraph &graph,
                                                             const std::vector<std::uint8_t> *allowed)
{
    const std::size_t n = graph.nodeCount();
    auto alive = [&](std::uint32_t v) { return !allowed || (v < allowed->size() && (*allowed)[v] != 0); };
    std::vector<std::uint32_t> byDegree(n);
    std::iota(byDegree.begin(), byDegree.end(), 0u);
    std::stable_sort(byDegree.begin(), byDegree.end(),
                     [&](std::uint32_t x, std::uint32_t y) { return graph.degree(x) > graph.degree(y); });
    std::vector<int> component(n, -1);
    std::vector<std::vector<std::uint32_t>> components;
    for (std::uint32_t start : byDegree) {
        if (component[start] >= 0 || !alive(start))
            continue;
        const int c = int(components.size());
        components.emplace_back();
        std::vector<std::uint32_t> &members = components.back();
        component[start] = c;
        members.push_back(start);
        for (std::size_t head = 0; head < members.size(); ++head) {
            const AssociationGraph::Neighbours nb = graph.neighbours(members[head]);
            for (std::uint32_t k = 0; k < nb.count; ++k) {
                const std::uint32_t v = nb.node[k];
                if (component[v] < 0 && alive(v)) {
                    component[v] = c;
                    members.push_back(v);
                }
            }
        }
    }
    return components;
}

/// Sunflower spiral in BFS order around (0, 0): linked nodes start near each other. Sets
/// each member's local index.
void startOnSunflower(const std::vector<std::uint32_t> &members, double s, std::vector<QPointF> &pos,
                      std::vector<int> &local)
{
    for (std::size_t k = 0; k < members.size(); ++k) {
        const double r = s * 0.9 * std::sqrt(double(k) + 0.5);
        pos[members[k]] = QPointF(r * std::cos(double(k) * kGoldenAngle), r * std::sin(double(k) * kGoldenAngle));
        local[members[k]] = int(k);
    }
}

/// Shelf packing, largest component first (BFS built them largest-degree first, so sort):
/// rows about as wide as the square root of the total area, a margin of `s` around each.
void packInRows(const std::vector<std::vector<std::uint32_t>> &components, const std::vector<Box> &boxes, double s,
                std::vector<QPointF> &pos)
{
    std::vector<std::size_t> order(components.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return components[x].size() > components[y].size(); });
    double area = 0, widest = 0;
    for (const Box &b : boxes) {
        area += (b.maxX - b.minX + 2 * s) * (b.maxY - b.minY + 2 * s);
        widest = std::max(widest, b.maxX - b.minX + 2 * s);
    }
    const double rowWidth = std::max(widest, std::sqrt(area) * 1.2);
    double x = 0, y = 0, rowHeight = 0;
    for (std::size_t c : order) {
        const Box &b = boxes[c];
        const double w = b.maxX - b.minX + 2 * s, h = b.maxY - b.minY + 2 * s;
        if (x > 0 && x + w > rowWidth) {
            x = 0;
            y += rowHeight;
            rowHeight = 0;
        }
        const QPointF shift(x + s - b.minX, y + s - b.minY);
        for (std::uint32_t m : components[c])
            pos[m] += shift;
        x += w;
        rowHeight = std::max(rowHeight, h);
    }
}

} // namespace

std::vector<QPointF> GraphLayout::overview(const AssociationGraph &graph, const OverviewOptions &options,
                                           const std::vector<std::uint8_t> *allowed, const Cancelled &cancelled)
{
    const std::size_t n = graph.nodeCount();
    std::vector<QPointF> pos(n);
    const std::vector<std::vector<std::uint32_t>> components = componentsInBfsOrder(graph, allowed);

    // Each component laid out around (0, 0) on its own: local index of each node within its
    // component, for the force passes.
    std::vector<int> local(n, -1);
    std::vector<Box> boxes(components.size());
    for (std::size_t c = 0; c < components.size(); ++c) {
        if (cancelled && cancelled())
            return {};
        const std::vector<std::uint32_t> &members = components[c];
        startOnSunflower(members, options.spacing, pos, local);
        if (members.size() > 2)
            relaxComponent(graph, members, local, pos, options);
        for (std::uint32_t m : members)
            local[m] = -1;
        boxes[c] = boundsOf(members, pos);
    }
    packInRows(components, boxes, options.spacing, pos);
    return pos;
}

} // namespace recollector::core
