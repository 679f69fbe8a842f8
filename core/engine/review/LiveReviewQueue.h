#pragma once

#include "config/Config.h"
#include "engine/review/ReviewQueue.h"
#include "model/Event.h"
#include "model/Result.h"
#include "scoring/ScoringProfile.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace recollector::core {

class EnhancedProfile;
class ImportanceProfile;
class MemorySnapshot;
class Store;

namespace review_rules {
class AnsweredReviews;
}

/// The review queue of ReviewQueue::build, kept up to date from the window's snapshot
/// (docs/scoring.md, "Review queue"; docs/architecture.md, "Performance budget":
/// review_queue_ms): rebuild() judges every snapshot row once; after a store change update()
/// judges again only the rows that changed (the snapshot has already taken them in), without
/// reading a memory from the store. items() equals what ReviewQueue::build(now) returns for the
/// same store and instant.
///
/// The order is kept in sorted lists of rows (promote, decay, each budget group by weakness,
/// the cleanup items), so an update takes the changed rows out and puts them back in: a binary
/// search and a move of the list's tail each, and the few rows that cross a budget's cut
/// because of them. What is kept per row is numbers (kind, score, budget group); an item's text
/// (its reason) is written when item() asks for it. Rows keep the instant of the last rebuild():
/// an update() judges the changed rows at that same instant, so the queue stays one consistent
/// picture. Reads the snapshot given to the last rebuild()/update(): it must outlive the
/// queue's use. GUI thread (or any one thread).
class LiveReviewQueue final
{
public:
    LiveReviewQueue(const Config &config, const ScoringProfile &profile);
    ~LiveReviewQueue();
    LiveReviewQueue(const LiveReviewQueue &) = delete;
    LiveReviewQueue &operator=(const LiveReviewQueue &) = delete;

    /// Judges every row of `snapshot` at `now`; reads the store's open conflicts and answered
    /// reviews (and, under the enhanced profile, its mentions).
    [[nodiscard]] Status rebuild(Store &store, const MemorySnapshot &snapshot, Millis now);
    /// Judges again the snapshot rows of these memories (added, changed or purged; ids the
    /// snapshot does not hold are ignored), reads the open conflicts and the events added since
    /// the last read, and re-derives the order. Falls back to rebuild() when nothing was built
    /// yet or another snapshot is given.
    [[nodiscard]] Status update(Store &store, const MemorySnapshot &snapshot, const QStringList &ids);

    Millis builtAt() const { return m_now; }
    std::size_t size() const
    {
        return m_conflicts.size() + m_promote.size() + m_decay.size() + m_cleanup.size();
    }
    /// The item at position `i` (< size()), its reason written now.
    ReviewItem item(std::size_t i) const;
    std::vector<ReviewItem> items() const;
    /// Lists of this many rows or more are sorted on two threads, and rebuild() under the
    /// enhanced profile hands out rows to judge in chunks of a sixteenth of it (tests set it low,
    /// so that a small store takes those paths).
    void setSplitFrom(std::size_t rows) { m_splitFrom = std::max<std::size_t>(rows, 16); }
    /// Rows judged by the last update() (for tests: an update is not a rebuild).
    std::size_t lastJudgedRows() const { return m_lastJudged; }
    /// Rows whose place in the order the last update() worked out again: the judged ones and
    /// those that crossed a budget's cut because of them (for tests: not the whole store).
    std::size_t lastPlacedRows() const { return m_lastPlaced; }

private:
    struct Verdict
    {
        double score = 0;       ///< the profile's native score (cleanup order)
        double reviewScore = 0; ///< the importance score (promote / decay order)
        Millis lastReinforcedAt = 0;
        std::int8_t action = -1; ///< CleanupKind of the row's own rule (purge or profile), -1 none
        std::uint8_t review = 0; ///< 0 none, 1 promote, 2 decay
        std::uint8_t group = 0;  ///< cleanup_rules::BudgetGroup
        bool neverDeleted = false;
        bool live = false;       ///< takes part at all (not Removed)
    };
    /// A row's cleanup item, if any: the strongest of its own rule and the budgets it is cut by.
    struct Placed
    {
        std::int8_t kind = -1;   ///< CleanupKind, -1 no cleanup item
        std::uint8_t what = 0;   ///< 3 the row's own rule, 4 a budget
        std::uint8_t group = 0;  ///< BudgetGroup of a budget item
    };
    using Rows = std::vector<std::uint32_t>;

    /// Open conflicts, and the answered reviews: `everything` reads the whole event log,
    /// otherwise only the events after the last one read.
    [[nodiscard]] Status loadSideData(Store &store, bool everything);
    [[nodiscard]] Status refreshMentions(Store &store, std::uint32_t row);
    /// Every mention in the store, summarised per snapshot row as of m_now (enhanced only).
    [[nodiscard]] Status loadMentions(Store &store, const MemorySnapshot &snapshot);
    /// Every row's verdict (rebuild); under enhanced with the mentions, read here.
    [[nodiscard]] Status judgeAll(Store &store, const MemorySnapshot &snapshot);
    /// One row's verdict. `withMentions` false judges it as if it had none (while the
    /// mentions are still being read).
    void judge(std::uint32_t row, bool withMentions = true);
    ScoreInput inputOf(std::uint32_t row, bool withMentions = true) const;
    MentionSummary mentionsOf(std::uint32_t row) const;
    void setMentions(std::uint32_t row, const MentionSummary &summary);

    // The sorted lists (LiveReviewQueueOrder.cpp).
    bool promoteBefore(std::uint32_t a, std::uint32_t b) const;
    bool decayBefore(std::uint32_t a, std::uint32_t b) const;
    bool weaker(std::uint32_t a, std::uint32_t b) const;
    bool cleanupBefore(std::uint32_t a, std::uint32_t b) const;
    int budgetOf(int group) const;
    /// Every list from the verdicts (rebuild).
    void orderAll();
    /// Takes a row out of every list, by its verdict and place as they are now.
    void withdraw(std::uint32_t row, int ops[4]);
    /// Puts a judged row into the review lists and its budget group.
    void enter(std::uint32_t row, int ops[4]);
    /// Marks the rows of `group` within its cut again after `ops` insertions and removals and
    /// `inserted` rows (marked now); rows that crossed the cut go to `crossed`.
    void recut(int group, std::int64_t oldExcess, int ops, const Rows &inserted, Rows &crossed);
    Placed placeOf(std::uint32_t row) const;
    /// Works out a row's cleanup item again and moves it in the cleanup list.
    void place(std::uint32_t row);

    Config m_config;
    const ScoringProfile &m_profile;
    QString m_profileName;
    bool m_importance = false;
    bool m_enhanced = false;
    Millis m_now = 0;
    bool m_built = false;
    const MemorySnapshot *m_snapshot = nullptr;
    std::vector<Verdict> m_verdicts;
    std::vector<Placed> m_placed;
    std::vector<std::uint8_t> m_cut; ///< per row: bit g set when budget group g cuts it
    std::vector<ReviewItem> m_conflicts;
    Rows m_promote;   ///< by review score, highest first
    Rows m_decay;     ///< by review score, lowest first
    Rows m_groups[4]; ///< per BudgetGroup, weakest first; the compressed one takes the episodes cut
    std::int64_t m_excess[4] = {0, 0, 0, 0};
    Rows m_cleanup;   ///< rows with a cleanup item: by kind, score, id
    std::unique_ptr<ImportanceProfile> m_importanceProfile;
    std::unique_ptr<EnhancedProfile> m_enhancedProfile;
    std::unique_ptr<review_rules::AnsweredReviews> m_answers;
    std::vector<Event> m_reviewEvents; ///< review answers and reverts read so far
    qint64 m_lastEventId = 0;
    std::vector<std::uint8_t> m_answered; ///< per row: has an answered review
    // Enhanced: each row's mention summary, dense by row (1 + its index in m_mentionSummaries;
    // 0 none), so the judging of a million rows needs no hash lookup.
    std::vector<std::uint32_t> m_mentionSlot;
    std::vector<MentionSummary> m_mentionSummaries;
    std::size_t m_splitFrom = 50000;
    std::size_t m_lastJudged = 0;
    std::size_t m_lastPlaced = 0;
};

} // namespace recollector::core
