#include "synthetic/SyntheticLinks.h"

#include <algorithm>
#include <cmath>

namespace recollector::core::synth {

namespace {
constexpr std::uint64_t kSaltConflicts = 11;
constexpr std::uint64_t kSaltEdges = 12;
constexpr int kMaxRounds = 40;

bool pairLess(const PlannedEdge &x, const PlannedEdge &y) { return x.a != y.a ? x.a < y.a : x.b < y.b; }

// Rank r of Zipf(s = 1) over k items by the continuous inverse CDF: cheap, no table per topic.
std::size_t zipfRank(Rng &rng, std::size_t k)
{
    const auto r = std::size_t(std::exp(rng.uniform() * std::log(double(k) + 1.0))) - 1;
    return std::min(r, k - 1);
}
} // namespace

const char *linkTypeName(LinkType type)
{
    switch (type) {
    case LinkType::Keyword: return "keyword";
    case LinkType::CoTask: return "co-task";
    case LinkType::Temporal: return "temporal";
    case LinkType::CoProject: return "co-project";
    }
    return "keyword";
}

PairWeight weighPair(const SyntheticCorpus &corpus, std::uint32_t i, std::uint32_t j)
{
    const PlannedMemory &x = corpus.at(i);
    const PlannedMemory &y = corpus.at(j);
    PairWeight best;
    const double jaccard = corpus.jaccard(i, j);
    if (jaccard >= 0.3)
        best = {float(jaccard), LinkType::Keyword};
    if (x.task != kNone && x.task == y.task && 0.5f > best.weight)
        best = {0.5f, LinkType::CoTask};
    const double hours = std::abs(time::hoursBetween(x.createdAt, y.createdAt));
    if (hours < 24.0) {
        const auto w = float(0.3 * (1.0 - hours / 24.0));
        if (w > 0.05f && w > best.weight)
            best = {w, LinkType::Temporal};
    }
    if (x.project >= 0 && x.project == y.project && 0.2f > best.weight)
        best = {0.2f, LinkType::CoProject};
    return best;
}

template <typename Key>
SyntheticLinks::Groups SyntheticLinks::group(const SyntheticCorpus &corpus, std::uint32_t groupCount, Key key)
{
    Groups g;
    g.offsets.assign(std::size_t(groupCount) + 1, 0);
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        const std::uint32_t k = key(corpus.at(i));
        if (k != kNone)
            ++g.offsets[k + 1];
    }
    for (std::size_t k = 1; k < g.offsets.size(); ++k)
        g.offsets[k] += g.offsets[k - 1];
    g.members.resize(g.offsets.back());
    std::vector<std::uint32_t> fill(g.offsets.begin(), g.offsets.end() - 1);
    // Members come out in index (= creation) order, oldest first.
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        const std::uint32_t k = key(corpus.at(i));
        if (k != kNone)
            g.members[fill[k]++] = std::uint32_t(i);
    }
    return g;
}

SyntheticLinks::SyntheticLinks(SyntheticCorpus &corpus, std::int64_t associations, std::uint64_t seed)
{
    m_topics = group(corpus, corpus.topicCount(), [](const PlannedMemory &m) { return m.topic; });
    m_projects = group(corpus, std::uint32_t(corpus.projectCount()), [](const PlannedMemory &m) {
        return m.project < 0 ? kNone : std::uint32_t(m.project);
    });
    m_tasks = group(corpus, corpus.taskCount(), [](const PlannedMemory &m) { return m.task; });
    Rng conflictRng(streamSeed(seed, kSaltConflicts, 0));
    planConflicts(corpus, conflictRng);
    Rng edgeRng(streamSeed(seed, kSaltEdges, 0));
    planEdges(corpus, associations, edgeRng);
}

void SyntheticLinks::planConflicts(SyntheticCorpus &corpus, Rng &rng)
{
    const std::size_t n = corpus.size();
    if (n < 10)
        return;
    // About one open conflict per thousand memories (at least three, as in the demo store),
    // and half as many already resolved.
    const std::size_t open = std::max<std::size_t>(3, n / 1000);
    const std::size_t resolved = n / 2000;
    std::vector<bool> used(n, false);
    const Millis anchor = corpus.options().anchor;
    for (std::size_t c = 0, tries = 0; c < open + resolved && tries < 20 * (open + resolved); ++tries) {
        const auto i = std::uint32_t(rng.below(n));
        const std::uint32_t topic = corpus.at(i).topic;
        const std::size_t size = m_topics.size(topic);
        std::uint32_t j = size > 1 ? m_topics.begin(topic)[rng.below(size)] : (i + 1 < n ? i + 1 : i - 1);
        if (i == j || used[i] || used[j] || corpus.at(i).permanent || corpus.at(j).permanent)
            continue;
        const std::uint32_t a = std::min(i, j), b = std::max(i, j);
        used[a] = used[b] = true;
        PlannedMemory &older = corpus.at(a);
        PlannedMemory &newer = corpus.at(b);
        // Same subject (identical keywords: Jaccard 1 ≥ 0.5), opposite polarity.
        newer.keywords = older.keywords;
        newer.keywordCount = older.keywordCount;
        newer.contradicts = true;
        PlannedConflict conflict{a, b};
        if ((older.project < 0) != (newer.project < 0))
            conflict.type = ConflictType::ScopeOverlap;
        else if (time::daysBetween(older.createdAt, newer.createdAt) >= 30)
            conflict.type = ConflictType::TemporalShift;
        conflict.detectedAt = std::min(anchor - 1, newer.createdAt + Millis(rng.uniform() * double(kMsPerHour)));
        conflict.open = c < open;
        if (conflict.open) {
            if (conflict.type == ConflictType::DirectContradiction) {
                // docs/scoring.md, "Automatic handling": both confidences × 0.8, then wait for the user.
                older.confidence *= 0.8f;
                newer.confidence *= 0.8f;
            }
        } else {
            conflict.resolvedAt = std::min(anchor - 1, conflict.detectedAt + kMsPerDay);
            older.negated = true;
            older.negatedAt = conflict.resolvedAt;
            older.updatedAt = std::max(older.updatedAt, older.negatedAt);
        }
        m_conflicts.push_back(conflict);
        ++c;
    }
}

void SyntheticLinks::addTaskPairs(const SyntheticCorpus &corpus)
{
    for (std::uint32_t t = 0; t + 1 < m_tasks.offsets.size(); ++t) {
        const std::uint32_t *members = m_tasks.begin(t);
        const std::size_t size = m_tasks.size(t);
        for (std::size_t x = 0; x < size; ++x) {
            for (std::size_t y = x + 1; y < size; ++y) {
                const PairWeight w = weighPair(corpus, members[x], members[y]);
                m_edges.push_back({members[x], members[y], w.weight, w.type});
            }
        }
    }
}

std::size_t SyntheticLinks::sampleCandidates(const SyntheticCorpus &corpus, std::size_t draws, Rng &rng)
{
    const std::size_t n = corpus.size();
    std::size_t kept = 0;
    for (std::size_t d = 0; d < draws; ++d) {
        const auto i = std::uint32_t(rng.below(n));
        const PlannedMemory &m = corpus.at(i);
        const double kind = rng.uniform();
        std::int64_t j = -1;
        if (kind >= 0.45 && kind < 0.70) {
            // Temporal: a neighbour in creation order.
            const std::int64_t step = 1 + rng.geometric(3.0);
            j = rng.chance(0.5) ? std::int64_t(i) + step : std::int64_t(i) - step;
        } else if (kind >= 0.70 && m.project >= 0) {
            const auto p = std::uint32_t(m.project);
            j = m_projects.begin(p)[rng.below(m_projects.size(p))];
        } else {
            // Keyword: a same-topic memory, the topic's older ones more often (they become hubs).
            const std::size_t size = m_topics.size(m.topic);
            if (size > 1)
                j = m_topics.begin(m.topic)[zipfRank(rng, size)];
        }
        if (j < 0 || j >= std::int64_t(n) || j == std::int64_t(i))
            continue;
        const PairWeight w = weighPair(corpus, i, std::uint32_t(j));
        if (w.weight <= 0)
            continue;
        m_edges.push_back({std::min(i, std::uint32_t(j)), std::max(i, std::uint32_t(j)), w.weight, w.type});
        ++kept;
    }
    return kept;
}

void SyntheticLinks::deduplicate()
{
    // A pair's weight depends on the pair only, so duplicates are identical: keep one.
    std::sort(m_edges.begin(), m_edges.end(), pairLess);
    m_edges.erase(std::unique(m_edges.begin(), m_edges.end(),
                              [](const PlannedEdge &x, const PlannedEdge &y) { return x.a == y.a && x.b == y.b; }),
                  m_edges.end());
}

void SyntheticLinks::planEdges(const SyntheticCorpus &corpus, std::int64_t target, Rng &rng)
{
    const std::size_t n = corpus.size();
    if (n < 2 || target <= 0)
        return;
    const auto want = std::size_t(target);
    addTaskPairs(corpus);
    deduplicate();
    double yield = 0.5; // unique new pairs per draw, re-estimated each round
    int idleRounds = 0;
    for (int round = 0; round < kMaxRounds && m_edges.size() < want && idleRounds < 3; ++round) {
        const std::size_t need = want - m_edges.size();
        const auto draws = std::size_t(std::min(double(need) * 1.1 / std::max(yield, 0.02), 8.0 * double(need) + 1e4));
        const std::size_t before = m_edges.size();
        m_edges.reserve(before + need + need / 2);
        sampleCandidates(corpus, draws, rng);
        deduplicate();
        const std::size_t gained = m_edges.size() - before;
        yield = std::max(0.02, double(gained) / double(draws));
        idleRounds = gained == 0 ? idleRounds + 1 : 0;
    }
    if (m_edges.size() > want) {
        // Keep a uniform random subset of exactly `want` (partial Fisher–Yates), re-sorted.
        for (std::size_t k = 0; k < want; ++k)
            std::swap(m_edges[k], m_edges[k + rng.below(m_edges.size() - k)]);
        m_edges.resize(want);
        std::sort(m_edges.begin(), m_edges.end(), pairLess);
    }
    m_edges.shrink_to_fit();
}

} // namespace recollector::core::synth
