#pragma once

#include "engine/review/ReviewQueue.h"
#include "model/Conflict.h"
#include "model/Event.h"
#include "scoring/ScoringProfile.h"

#include <QHash>

#include <optional>
#include <utility>
#include <vector>

namespace recollector::core {

/// The pieces of ReviewQueue::build shared with LiveReviewQueue, which keeps the same queue
/// up to date from the window's snapshot (docs/scoring.md, "Review queue").
namespace review_rules {

/// The review answers given so far and not reverted, per memory: (instant, review kind).
class AnsweredReviews
{
public:
    [[nodiscard]] static Result<AnsweredReviews> load(Store &store);
    /// From the review and revert events (any order of reading; reverts cancel answers).
    static AnsweredReviews fromEvents(const std::vector<Event> &reviewsAndReverts);
    /// Whether `review` was answered for memory `id` at `since` or later.
    bool answeredSince(const QString &id, const QString &review, Millis since) const;
    /// The memories with an answer.
    QList<QString> ids() const { return m_answers.keys(); }

private:
    QHash<QString, std::vector<std::pair<Millis, QString>>> m_answers;
};

/// The review (docs/scoring.md#review-queue) for one memory that is not permanent, if one is due: Promote (importance
/// reached the promote line and not answered since it was last accessed) or Decay (fell below
/// the decay line, not forgotten, not answered since it crossed it). `answers` may be null
/// when the memory has no answer at all.
std::optional<ReviewItem::Kind> importanceReview(const QString *id, double storedImportance, const ScoreInput &in,
                                                 const Score &s, const Config &config,
                                                 const AnsweredReviews *answers);

std::vector<ReviewItem> conflictItems(const std::vector<Conflict> &open);
ReviewItem promoteItem(const QString &id, double score, const Config &config);
ReviewItem decayItem(const QString &id, double score, const Config &config);
ReviewItem cleanupItem(CleanupKind kind, const QString &id, double score, const QString &reason);

} // namespace review_rules

} // namespace recollector::core
