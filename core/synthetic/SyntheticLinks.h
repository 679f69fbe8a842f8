#pragma once

#include "model/Conflict.h"

#include "synthetic/SyntheticCorpus.h"

#include <cstdint>
#include <vector>

namespace recollector::core::synth {

/// Association types as the engine names them (docs/scoring.md, "Associations"), in PlannedEdge::type order.
enum class LinkType : std::uint8_t { Keyword, CoTask, Temporal, CoProject };
const char *linkTypeName(LinkType type);

/// One association between memory indices a < b (so the ids sort the same way).
struct PlannedEdge
{
    std::uint32_t a;
    std::uint32_t b;
    float weight;
    LinkType type;
};

/// One conflict between an older memory `a` and a newer `b` that contradicts it.
struct PlannedConflict
{
    std::uint32_t a;
    std::uint32_t b;
    ConflictType type = ConflictType::DirectContradiction;
    bool open = true;
    Millis detectedAt = 0;
    Millis resolvedAt = 0;   ///< resolved ones: latest_wins, the older one negated
};

/// The weight the engine gives a pair (docs/scoring.md, "Associations"), and the rule that gave
/// it (the strongest wins):
/// keyword Jaccard ≥ 0.3, co-task 0.5, temporal 0.3·(1 − Δt/24 h) kept above 0.05, co-project
/// 0.2. Weight 0 when no rule links them.
struct PairWeight
{
    float weight = 0;
    LinkType type = LinkType::Keyword;
};
PairWeight weighPair(const SyntheticCorpus &corpus, std::uint32_t i, std::uint32_t j);

/// Plans the links of a synthetic store without an all-pairs loop: every pair of each task,
/// then sampled candidates — same-topic partners (Zipf within the topic, so its oldest
/// memories become hubs), creation-order neighbours (temporal), same-project partners — each
/// weighed by weighPair() and kept only when a rule links them, until `associations` unique
/// pairs exist. A small store may relate fewer pairs than asked: it then holds all it found
/// (links are never invented between unrelated memories). Conflicts are planned first: they make the
/// newer memory contradict the older (same keywords, negated wording), so they change the
/// corpus.
class SyntheticLinks final
{
public:
    SyntheticLinks(SyntheticCorpus &corpus, std::int64_t associations, std::uint64_t seed);

    /// Sorted by (a, b), unique pairs.
    const std::vector<PlannedEdge> &edges() const { return m_edges; }
    const std::vector<PlannedConflict> &conflicts() const { return m_conflicts; }

private:
    struct Groups // compressed member lists: members[offsets[g] .. offsets[g+1])
    {
        std::vector<std::uint32_t> offsets;
        std::vector<std::uint32_t> members;
        std::size_t size(std::uint32_t g) const { return offsets[g + 1] - offsets[g]; }
        const std::uint32_t *begin(std::uint32_t g) const { return members.data() + offsets[g]; }
    };
    template <typename Key>
    static Groups group(const SyntheticCorpus &corpus, std::uint32_t groupCount, Key key);

    void planConflicts(SyntheticCorpus &corpus, Rng &rng);
    void planEdges(const SyntheticCorpus &corpus, std::int64_t target, Rng &rng);
    void addTaskPairs(const SyntheticCorpus &corpus);
    std::size_t sampleCandidates(const SyntheticCorpus &corpus, std::size_t draws, Rng &rng);
    void deduplicate();

    Groups m_topics;
    Groups m_projects;
    Groups m_tasks;
    std::vector<PlannedEdge> m_edges;
    std::vector<PlannedConflict> m_conflicts;
};

} // namespace recollector::core::synth
