#pragma once

#include "config/Config.h"
#include "model/Conflict.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace recollector::core {

class KeywordIndex;
class Store;

/// A pair that contradicts, before anything is written. `older` / `newer` by createdAt.
struct ConflictCandidate
{
    QString older;
    QString newer;
    ConflictType type = ConflictType::DirectContradiction;
    QString reason;      ///< one line a person can read ("a plan carried out: the newer says …")
    double jaccard = 0;  ///< keyword overlap of the pair
    /// An update whose rule says the newer replaced the older (docs/scoring.md#judgement-rules):
    /// only then may the automatic handling supersede the older.
    bool supersede = false;
    bool operator==(const ConflictCandidate &) const = default;
};

/// Finds contradictions between memories (docs/scoring.md, "Conflicts") and records them.
///
/// Candidates are pairs about the same subject: keyword Jaccard ≥ conflicts.keywordJaccard
/// (0.5), found through the inverted keyword index (at most kWindow memories either side in
/// creation order per shared keyword), never by comparing all pairs. A candidate pair is:
///  - nothing, when the two texts are the same, when either statement is about a moment
///    that is over ("was nervous ten days ago", "used to", 十天前, 昨天 …: it stays true of
///    that moment, docs/scoring.md#detection), or when either names a day or period ("today", 明天 …) unless
///    both name the same one and were written the same day (TimeAnchors);
///  - `scope_overlap` when one is global and the other project-scoped (different projects do
///    not overlap);
///  - `temporal_shift` (an update) or `direct_contradiction` when a judgement rule says so
///    (text::Judgement: plan → outcome, status changes, values that cannot both hold), whatever
///    their keyword overlap; the plan rule also for statements about moments that are over;
///  - `direct_contradiction` when their polarity differs (NegationCues), or `temporal_shift`
///    when the newer says it changed ("no longer");
///  - nothing otherwise: keyword overlap and time alone are no update (docs/scoring.md#temporal-shift).
/// Negated, superseded, merged-away and deleted memories take no part; a pair that already
/// has a conflict row (open or resolved) is not raised again.
///
/// The work is bounded so that it grows linearly with the memories looked at, whatever they
/// hold (20,000 memories with the same keywords must not mean 200 million comparisons):
/// per memory at most kMaxVisitsPerMemory posting entries are looked at and
/// kMaxComparisonsPerMemory pairs put to the rule, per side (store, incoming); at most
/// kMaxCandidatesPerMemory pairs are raised per memory and kMaxCandidates per call. Below
/// those numbers (every realistic store) nothing is left out; what the caps cut is counted in
/// lastStats() (dropped, limited). Pairs that already have a conflict row do not count, so
/// detecting again raises the next ones.
class ConflictDetector final
{
public:
    static constexpr int kWindow = 256;
    static constexpr int kMaxVisitsPerMemory = 16 * kWindow;
    static constexpr int kMaxComparisonsPerMemory = 4 * kWindow;
    static constexpr int kMaxCandidatesPerMemory = 64;
    static constexpr int kMaxCandidates = 10000;

    /// What the last find call did; reset by each findAll / findFor / findIncoming.
    struct Stats
    {
        qint64 visits = 0; ///< posting-list entries looked at
        qint64 comparisons = 0; ///< pairs put to the rule
        qint64 flagged = 0; ///< pairs the rule raised
        qint64 verdicts = 0; ///< of those, read in full for the final verdict and its reason
        qint64 candidates = 0; ///< pairs returned
        qint64 dropped = 0; ///< raised pairs left out by kMaxCandidatesPerMemory / kMaxCandidates
        qint64 limited = 0; ///< memories whose neighbours were cut by the visit / comparison caps
        /// findAll stopped once kMaxCandidates pairs were raised: nothing later in the store can
        /// be raised by this call, so the memories after that point were not looked at (and
        /// `dropped` counts only what was met before).
        bool stoppedAtCap = false;
    };

    /// Where a detection is (what setStep() reports).
    enum class Phase {
        Finding, ///< looking at the memories, in creation order; nothing written
        Recording, ///< writing the candidates, inside record()'s transaction
        Committing, ///< everything is written; the last moment a cancel rolls it all back
    };
    /// Progress and cancel in one, like io::ImportStep: `done` of `total` steps of `phase`
    /// (memories looked at while finding, candidates while recording). Return false to stop:
    /// the call returns Error::Code::Cancelled and record()'s transaction rolls back, so a
    /// cancelled detection writes nothing. Runs on the caller's thread.
    using Step = std::function<bool(Phase phase, int done, int total)>;

    ConflictDetector(Store &store, const Config &config);

    /// Reported by findAll and record (and so detectAll); none by default.
    void setStep(Step step) { m_step = std::move(step); }
    /// Whether findAll stops once kMaxCandidates pairs were raised (the default). The pairs
    /// found are the same either way; only what is counted of the rest differs (for tests).
    void setStopAtCap(bool stop) { m_stopAtCap = stop; }

    /// The rule for one pair, with no store involved.
    static std::optional<ConflictCandidate> classify(const Memory &x, const Memory &y, const Config::Conflicts &rules);
    /// Whether a memory can take part in a conflict at all.
    static bool isEligible(const Memory &memory);

    /// Every candidate in the store (nothing written). `index` may be a current one.
    [[nodiscard]] Result<std::vector<ConflictCandidate>> findAll(const KeywordIndex *index = nullptr);
    /// Candidates between `memory` (new or just edited; it need not be stored) and the store.
    [[nodiscard]] Result<std::vector<ConflictCandidate>> findFor(const Memory &memory,
                                                                 const KeywordIndex *index = nullptr);
    /// Candidates an import would raise: each incoming memory against the store (its own
    /// stored version excluded) and against the other incoming ones. Nothing is written.
    [[nodiscard]] Result<std::vector<ConflictCandidate>> findIncoming(const std::vector<Memory> &incoming,
                                                                      const KeywordIndex *index = nullptr);

    /// Writes each candidate as a conflict row, appends `conflict_detected` to both memories
    /// and applies the configured automatic handling — all in one transaction:
    ///  - temporal_shift whose rule says which replaced which (`supersede`) + onTemporalShift
    ///    latest_wins: the older is superseded (negatedAt = now starts C(t)), the newer gets
    ///    supersedesId; resolved as auto:latest_wins (not when the older is permanent: then it
    ///    waits for the user); any other temporal_shift stays open;
    ///  - scope_overlap + onScopeOverlap project_wins: resolved as auto:project_wins; no
    ///    memory changes (retrieval inside that project prefers the project memory);
    ///  - direct_contradiction: both confidences × directConfidenceFactor (0.8); stays open.
    /// Candidates whose pair meanwhile has a conflict, or a memory gone, are skipped.
    [[nodiscard]] Result<std::vector<Conflict>> record(const std::vector<ConflictCandidate> &candidates, Millis now);

    /// findAll + record.
    [[nodiscard]] Result<std::vector<Conflict>> detectAll(Millis now, const KeywordIndex *index = nullptr);
    /// findFor + record, for a memory that was just written.
    [[nodiscard]] Result<std::vector<Conflict>> detectFor(const QString &id, Millis now,
                                                          const KeywordIndex *index = nullptr);

    const Stats &lastStats() const { return m_stats; }
    /// One line saying what the caps left out, for a note; empty when they cut nothing.
    static QString capsNote(const Stats &stats);

private:
    [[nodiscard]] Status step(Phase phase, std::size_t done, std::size_t total) const;

    Store &m_store;
    Config m_config;
    Stats m_stats;
    Step m_step;
    bool m_stopAtCap = true;
};

/// What an import preview calls: incoming memories in, candidate pairs out, nothing written.
using IncomingConflictCheck = std::function<Result<std::vector<ConflictCandidate>>(const std::vector<Memory> &)>;
/// A check bound to a store (the store must outlive it).
IncomingConflictCheck incomingConflictCheck(Store &store, const Config &config);

} // namespace recollector::core
