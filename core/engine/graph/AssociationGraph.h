#pragma once

#include "engine/graph/IdIndex.h"
#include "model/Association.h"
#include "model/Result.h"

#include <QStringList>

#include <cstdint>
#include <vector>

namespace recollector::core {

class Store;

/// The association graph in memory, for spreading activation and the graph views: memory
/// ids → dense node indices (IdIndex) and compressed sparse rows of neighbour, weight and
/// type. Each undirected link is stored from both ends; a node's neighbours are sorted by
/// weight, strongest first. A 1,000,000-memory / 5,000,000-link store takes ~150 MB and one
/// pass over each table; no SQL runs while the graph is walked.
/// Immutable once built; safe to read from several threads.
class AssociationGraph final
{
public:
    static constexpr std::uint32_t kNone = IdIndex::kNone;

    struct Neighbours
    {
        const std::uint32_t *node = nullptr;
        const float *weight = nullptr;
        const std::uint8_t *type = nullptr; ///< links::Type
        std::uint32_t count = 0;
    };

    /// Every memory (deleted ones too: callers filter) and every link of the store.
    [[nodiscard]] static Result<AssociationGraph> load(Store &store);
    /// Only what lies within `depth` hops of `ids`, read link by link through the
    /// associations table's indexes: what one spreading activation or one tree needs,
    /// without reading the whole table. Unknown ids become isolated nodes.
    [[nodiscard]] static Result<AssociationGraph> loadAround(Store &store, const QStringList &ids, int depth);
    /// From explicit links (tests, previews); `extraIds` adds isolated nodes.
    static AssociationGraph fromLinks(const std::vector<Association> &links, const QStringList &extraIds = {});

    std::size_t nodeCount() const { return m_ids.size(); }
    /// Undirected links.
    std::size_t linkCount() const { return m_targets.size() / 2; }
    std::uint32_t find(const QString &id) const { return m_ids.find(id); }
    std::uint32_t find(std::string_view id) const { return m_ids.find(id); }
    QString id(std::uint32_t node) const { return m_ids.id(node); }
    std::string_view idBytes(std::uint32_t node) const { return m_ids.view(node); }

    Neighbours neighbours(std::uint32_t node) const
    {
        const std::uint64_t begin = m_offsets[node];
        return {m_targets.data() + begin, m_weights.data() + begin, m_types.data() + begin,
                std::uint32_t(m_offsets[node + 1] - begin)};
    }
    std::uint32_t degree(std::uint32_t node) const { return std::uint32_t(m_offsets[node + 1] - m_offsets[node]); }
    /// The node with the most links (a "well-linked memory" for benchmarks); kNone if empty.
    std::uint32_t bestLinkedNode() const;
    /// Bytes held, for the benchmark's memory figure.
    std::size_t memoryUse() const;

private:
    struct RawLink
    {
        std::uint32_t a;
        std::uint32_t b;
        float weight;
        std::uint8_t type;
    };
    void assemble(std::vector<RawLink> &links);

    IdIndex m_ids;
    std::vector<std::uint64_t> m_offsets; ///< nodeCount + 1
    std::vector<std::uint32_t> m_targets;
    std::vector<float> m_weights;
    std::vector<std::uint8_t> m_types;
};

} // namespace recollector::core
