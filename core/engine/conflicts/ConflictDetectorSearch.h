#pragma once

// How ConflictDetector finds candidate pairs within its caps (see its class comment): the
// neighbour lookups in the keyword index, the caps on raised pairs, and the search of an
// import's memories. Internal to the detector.
#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/ConflictDetectorRule.h"
#include "engine/graph/KeywordIndex.h"

#include <QHash>
#include <QSet>

#include <cstdint>
#include <vector>

namespace recollector::core::conflict_search {

using conflict_rule::Statement;

/// Entries of `index` sharing a keyword with a memory created at `at`: at most `window` live
/// ones each side in creation order per keyword, with their keyword intersection. Looks at no
/// more than `visits` posting entries in all (decremented).
void neighboursOf(const KeywordIndex &index, const QStringList &keywords, Millis at, int window,
    QHash<std::uint32_t, int> &out, int &keywordCount, qint64 &visits);

/// Calls visit(j) for the entries that share a keyword with `e`, were created before it and
/// reach the Jaccard threshold, and weak(j) for those below it (the judgement rules' cheap
/// filter, docs/scoring.md#judgement-rules): per keyword at most kWindow eligible ones not met
/// yet through another keyword, kMaxVisitsPerMemory posting entries looked at in all and
/// kMaxComparisonsPerMemory visits. `stamp` marks the entries met for this `generation`.
/// Returns whether a cap cut the search short.
template <typename Eligible, typename Visit, typename Weak>
bool lookBack(const KeywordIndex &index, std::uint32_t e, std::vector<std::uint32_t> &stamp,
    std::uint32_t generation, double threshold, ConflictDetector::Stats &stats, Eligible eligible,
    Visit visit, Weak weak)
{
    qint64 visits = ConflictDetector::kMaxVisitsPerMemory;
    int compared = 0;
    for (std::uint32_t kw : index.keywordsOf(e)) {
        const auto &list = index.posting(kw);
        int taken = 0;
        for (std::size_t p = index.positionIn(list, e); p-- > 0 && taken < ConflictDetector::kWindow
             && visits > 0 && compared < ConflictDetector::kMaxComparisonsPerMemory;) {
            --visits;
            ++stats.visits;
            const std::uint32_t j = list[p];
            if (!eligible(j) || stamp[j] == generation)
                continue;
            stamp[j] = generation;
            ++taken;
            if (index.jaccard(e, j) < threshold) {
                weak(j);
                continue;
            }
            ++compared;
            visit(j);
        }
    }
    return visits <= 0 || compared >= ConflictDetector::kMaxComparisonsPerMemory;
}

/// The per-memory and per-call caps on raised pairs, and the pairs that already have a
/// conflict row (`existing`, by pairKey).
class Caps final
{
public:
    Caps(ConflictDetector::Stats &stats, const QSet<QString> &existing)
        : m_stats(stats)
        , m_existing(existing)
    {
    }

    /// Whether a pair the rule raised may become a candidate: not recorded already, and
    /// neither memory nor the call at its cap. Counts what it drops.
    bool admit(const QString &x, const QString &y);
    /// Counts an admitted pair that became a candidate.
    void take(const QString &x, const QString &y);
    /// The call's cap is reached: admit() lets nothing more through.
    bool full() const { return m_total >= ConflictDetector::kMaxCandidates; }

private:
    ConflictDetector::Stats &m_stats;
    const QSet<QString> &m_existing;
    QSet<QString> m_taken;
    QHash<QString, int> m_perMemory;
    int m_total = 0;
};

/// What the rule needs of each memory of a list, computed once; `eligible` marks the ones
/// that take part.
struct Prepared
{
    std::vector<Statement> statements;
    std::vector<std::uint8_t> eligible;

    explicit Prepared(const std::vector<Memory> &memories);
};

/// One ConflictDetector::findIncoming(): the incoming memories against the store, then against
/// each other. The cheap rule runs on statements prepared once per memory; only the pairs it
/// raises, within the caps, are read in full (classify) for the verdict and its reason.
class IncomingSearch final
{
public:
    IncomingSearch(const KeywordIndex &index, const std::vector<Memory> &incoming,
        const Config::Conflicts &rules, ConflictDetector::Stats &stats, Caps &caps);

    /// Per incoming memory, the stored entries it is to be put to the rule with: the keyword
    /// overlap is known from the index, so only pairs that reach the threshold are read.
    /// Returns the ids to read.
    QStringList collectStoreNeighbours();
    /// How many stored neighbours below the keyword threshold one incoming memory the
    /// judgement rules could act on is compared with (the nearest in time).
    static constexpr std::size_t kWeakNeighbours = 64;
    /// Each incoming memory against the stored ones collected above (`stored`: those read).
    void compareWithStore(const std::vector<Memory> &stored);
    /// The incoming memories against each other, through an index of their own: each pair
    /// once, from its younger end, as findAll() does.
    void compareAmongThemselves();

    std::vector<ConflictCandidate> takeResult() { return std::move(m_out); }

private:
    void keepNearest(std::vector<std::uint32_t> &near, Millis at, std::size_t most) const;
    bool comparedInStore(std::size_t i, std::size_t k) const;
    void consider(const Memory &x, const Memory &y);

    const KeywordIndex &m_index;
    const std::vector<Memory> &m_incoming;
    const Config::Conflicts &m_rules;
    ConflictDetector::Stats &m_stats;
    Caps &m_caps;
    const Prepared m_mine;
    std::vector<std::vector<std::uint32_t>> m_storeSide; ///< per incoming memory, ascending
    std::vector<std::uint32_t> m_storeEntry; ///< per incoming memory, its stored entry or kNone
    std::vector<ConflictCandidate> m_out;
};

} // namespace recollector::core::conflict_search
