#include "engine/graph/AssociationGraph.h"

#include "engine/graph/LinkTypes.h"
#include "store/Store.h"

#include <QSet>

#include <algorithm>
#include <numeric>

namespace recollector::core {

namespace {
std::uint8_t typeCodeOf(std::string_view type)
{
    return links::typeCode(QString::fromUtf8(type.data(), qsizetype(type.size())));
}
} // namespace

Result<AssociationGraph> AssociationGraph::load(Store &store)
{
    AssociationGraph graph;
    const auto totals = store.memories().idTotals();
    if (!totals)
        return totals.error();
    const auto linkRows = store.associations().count();
    if (!linkRows)
        return linkRows.error();
    graph.m_ids.reserve(std::size_t(totals->rows), std::size_t(totals->idBytes));
    if (const Status st = store.memories().scanIds([&](std::string_view id) {
            graph.m_ids.insert(id);
            return true;
        });
        !st)
        return st.error();

    std::vector<RawLink> links;
    links.reserve(std::size_t(*linkRows));
    // Types repeat on every row: remember the last text → code lookup.
    std::string lastType;
    std::uint8_t lastCode = links::Other;
    if (const Status st = store.associations().scanLinks([&](const LinkRow &row) {
            const std::uint32_t a = graph.m_ids.find(row.a);
            const std::uint32_t b = graph.m_ids.find(row.b);
            if (a == kNone || b == kNone || a == b)
                return true;
            if (row.type != lastType) {
                lastType.assign(row.type);
                lastCode = typeCodeOf(row.type);
            }
            links.push_back(RawLink{a, b, float(row.weight), lastCode});
            return true;
        });
        !st)
        return st.error();
    graph.assemble(links);
    return graph;
}

Result<AssociationGraph> AssociationGraph::loadAround(Store &store, const QStringList &ids, int depth)
{
    std::vector<Association> found;
    QSet<QString> seen;
    QSet<std::pair<QString, QString>> pairs;
    QStringList frontier;
    for (const QString &id : ids) {
        if (!seen.contains(id)) {
            seen.insert(id);
            frontier << id;
        }
    }
    // Nodes at the last level need no expansion: their links lead one hop too far.
    for (int level = 0; level < depth && !frontier.isEmpty(); ++level) {
        QStringList next;
        for (const QString &id : frontier) {
            auto of = store.associations().of(id);
            if (!of)
                return of.error();
            for (Association &a : *of) {
                if (!pairs.contains({a.a, a.b})) {
                    pairs.insert({a.a, a.b});
                    const QString other = a.other(id);
                    if (!seen.contains(other)) {
                        seen.insert(other);
                        next << other;
                    }
                    found.push_back(std::move(a));
                }
            }
        }
        frontier = std::move(next);
    }
    return fromLinks(found, ids);
}

AssociationGraph AssociationGraph::fromLinks(const std::vector<Association> &list, const QStringList &extraIds)
{
    AssociationGraph graph;
    for (const QString &id : extraIds)
        graph.m_ids.insert(id);
    std::vector<RawLink> links;
    links.reserve(list.size());
    for (const Association &a : list) {
        if (a.a == a.b)
            continue;
        links.push_back(RawLink{graph.m_ids.insert(a.a), graph.m_ids.insert(a.b), float(a.weight),
                                links::typeCode(a.type)});
    }
    graph.assemble(links);
    return graph;
}

void AssociationGraph::assemble(std::vector<RawLink> &links)
{
    const std::size_t n = m_ids.size();
    m_offsets.assign(n + 1, 0);
    for (const RawLink &l : links) {
        ++m_offsets[l.a + 1];
        ++m_offsets[l.b + 1];
    }
    std::partial_sum(m_offsets.begin(), m_offsets.end(), m_offsets.begin());
    m_targets.resize(links.size() * 2);
    m_weights.resize(links.size() * 2);
    m_types.resize(links.size() * 2);
    std::vector<std::uint64_t> fill(m_offsets.begin(), m_offsets.end() - 1);
    for (const RawLink &l : links) {
        for (auto [from, to] : {std::pair{l.a, l.b}, std::pair{l.b, l.a}}) {
            const std::uint64_t at = fill[from]++;
            m_targets[at] = to;
            m_weights[at] = l.weight;
            m_types[at] = l.type;
        }
    }
    links.clear();
    links.shrink_to_fit();

    // Strongest first within each row: trees and activation visit the best links first,
    // and the order no longer depends on the table's row order.
    std::vector<std::uint32_t> perm;
    std::vector<std::uint32_t> targets;
    std::vector<float> weights;
    std::vector<std::uint8_t> types;
    for (std::size_t node = 0; node < n; ++node) {
        const std::uint64_t begin = m_offsets[node], end = m_offsets[node + 1];
        const auto count = std::uint32_t(end - begin);
        if (count < 2)
            continue;
        perm.resize(count);
        std::iota(perm.begin(), perm.end(), 0u);
        std::sort(perm.begin(), perm.end(), [&](std::uint32_t x, std::uint32_t y) {
            const float wx = m_weights[begin + x], wy = m_weights[begin + y];
            return wx != wy ? wx > wy : m_targets[begin + x] < m_targets[begin + y];
        });
        targets.assign(m_targets.begin() + std::ptrdiff_t(begin), m_targets.begin() + std::ptrdiff_t(end));
        weights.assign(m_weights.begin() + std::ptrdiff_t(begin), m_weights.begin() + std::ptrdiff_t(end));
        types.assign(m_types.begin() + std::ptrdiff_t(begin), m_types.begin() + std::ptrdiff_t(end));
        for (std::uint32_t i = 0; i < count; ++i) {
            m_targets[begin + i] = targets[perm[i]];
            m_weights[begin + i] = weights[perm[i]];
            m_types[begin + i] = types[perm[i]];
        }
    }
}

std::uint32_t AssociationGraph::bestLinkedNode() const
{
    std::uint32_t best = kNone, bestDegree = 0;
    for (std::uint32_t node = 0; node < nodeCount(); ++node) {
        if (degree(node) > bestDegree || best == kNone) {
            best = node;
            bestDegree = degree(node);
        }
    }
    return best;
}

std::size_t AssociationGraph::memoryUse() const
{
    return m_offsets.capacity() * sizeof(std::uint64_t) + m_targets.capacity() * sizeof(std::uint32_t)
        + m_weights.capacity() * sizeof(float) + m_types.capacity() + m_ids.size() * 40;
}

} // namespace recollector::core
