#pragma once

#include "config/Config.h"
#include "engine/review/ReviewQueue.h"
#include "model/Event.h"
#include "model/Result.h"
#include "scoring/ScoringProfile.h"

#include <QHash>

#include <cstdint>
#include <memory>
#include <vector>

namespace engram::core {

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
/// judges again only the rows that changed (the snapshot has already taken them in) and
/// re-derives the order from the compact per-row verdicts, without reading a memory from the
/// store. items() equals what ReviewQueue::build(now) returns for the same store and instant.
///
/// What is kept per row is numbers (kind, score, budget group); an item's text (its reason)
/// is written when item() asks for it. Rows keep the instant of the last rebuild(): an
/// update() judges the changed rows at that same instant, so the queue stays one consistent
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
    std::size_t size() const { return m_conflicts.size() + m_order.size(); }
    /// The item at position `i` (< size()), its reason written now.
    ReviewItem item(std::size_t i) const;
    std::vector<ReviewItem> items() const;
    /// Rows judged by the last update() (for tests: an update is not a rebuild).
    std::size_t lastJudgedRows() const { return m_lastJudged; }

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
    /// One entry of the ordered queue after the conflicts.
    struct Entry
    {
        std::uint32_t row = 0;
        std::uint8_t what = 0;   ///< 1 promote, 2 decay, 3 the row's own cleanup rule, 4 a budget
        std::uint8_t kind = 0;   ///< CleanupKind for 3 and 4; BudgetGroup in `group`
        std::uint8_t group = 0;
        std::uint32_t groupSize = 0;
        std::int32_t excess = 0;
        double score = 0;
    };

    /// Open conflicts, and the answered reviews: `everything` reads the whole event log,
    /// otherwise only the events after the last one read.
    [[nodiscard]] Status loadSideData(Store &store, bool everything);
    void judge(std::uint32_t row);
    void order();
    ScoreInput inputOf(std::uint32_t row) const;

    Config m_config;
    const ScoringProfile &m_profile;
    QString m_profileName;
    bool m_importance = false;
    bool m_enhanced = false;
    Millis m_now = 0;
    bool m_built = false;
    const MemorySnapshot *m_snapshot = nullptr;
    std::vector<Verdict> m_verdicts;
    std::vector<ReviewItem> m_conflicts;
    std::vector<Entry> m_order;
    std::unique_ptr<ImportanceProfile> m_importanceProfile;
    std::unique_ptr<EnhancedProfile> m_enhancedProfile;
    std::unique_ptr<review_rules::AnsweredReviews> m_answers;
    std::vector<Event> m_reviewEvents; ///< review answers and reverts read so far
    qint64 m_lastEventId = 0;
    std::vector<std::uint8_t> m_answered; ///< per row: has an answered review
    QHash<std::uint32_t, MentionSummary> m_mentions; ///< enhanced: per row with mentions
    std::size_t m_lastJudged = 0;
};

} // namespace engram::core
