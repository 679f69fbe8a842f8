#include "engine/review/ReviewQueue.h"

#include "engine/review/ReviewRules.h"

#include "engine/decisions/Decisions.h"
#include "model/RevertChain.h"
#include "scoring/ImportanceProfile.h"
#include "store/Store.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

namespace recollector::core {

namespace {

QString num(double v) { return QString::number(v, 'g', 3); }

QString conflictReason(const Conflict &c)
{
    switch (c.type) {
    case ConflictType::DirectContradiction:
        return QStringLiteral("direct contradiction: same subject, opposite polarity, same period; both confidences "
                              "were lowered and wait for your choice");
    case ConflictType::ScopeOverlap: return QStringLiteral("scope overlap: a global and a project memory disagree");
    case ConflictType::TemporalShift:
        return QStringLiteral("temporal shift: an older and a newer memory of the same subject differ");
    case ConflictType::FileClash:
        return QStringLiteral("file clash: the assistant changed this memory's file while Recollector was writing a decision");
    }
    return conflictTypeName(c.type);
}

/// When a decaying importance first falls below `line`, counted from the last access
/// (docs/scoring.md#importance: I(d) = I₀·f^max(0, ⌊d⌋ − grace)).
Millis crossedBelowAt(double initial, const CategoryConfig &cat, Millis lastAccess, double line)
{
    int k = 0;
    if (cat.dailyDecayFactor < 1) {
        for (double v = initial; v >= line && k < 100000; v *= cat.dailyDecayFactor)
            ++k;
    }
    return lastAccess + Millis((cat.graceDays + k) * double(kMsPerDay));
}

/// docs/scoring.md#review-queue: promote reviews (highest first) then decay reviews (lowest first), leaving out
/// the ones answered since the importance last crossed the line.
Result<std::vector<ReviewItem>> importanceItems(Store &store, const Config &config, Millis now)
{
    auto answers = review_rules::AnsweredReviews::load(store);
    if (!answers)
        return answers.error();
    const ImportanceProfile importance(config);
    std::vector<ReviewItem> promote;
    std::vector<ReviewItem> decay;
    const Status walked = store.memories().forEach(
        [&](const Memory &m) {
            if (m.permanent)
                return true;
            const ScoreInput in = ScoreInput::from(m, config);
            const Score s = importance.evaluate(in, now);
            const auto kind = review_rules::importanceReview(&m.id, m.importance, in, s, config, &*answers);
            if (kind == ReviewItem::Kind::Promote)
                promote.push_back(review_rules::promoteItem(m.id, s.score, config));
            else if (kind == ReviewItem::Kind::Decay)
                decay.push_back(review_rules::decayItem(m.id, s.score, config));
            return true;
        },
        false);
    if (!walked)
        return walked.error();
    std::stable_sort(promote.begin(), promote.end(), [](const ReviewItem &a, const ReviewItem &b) { return a.score > b.score; });
    std::stable_sort(decay.begin(), decay.end(), [](const ReviewItem &a, const ReviewItem &b) { return a.score < b.score; });
    std::vector<ReviewItem> items = std::move(promote);
    items.insert(items.end(), decay.begin(), decay.end());
    return items;
}

} // namespace

namespace review_rules {

Result<AnsweredReviews> AnsweredReviews::load(Store &store)
{
    std::vector<Event> answered;
    for (const QString &kind : {kReviewEventKind, events::kRevert}) {
        auto part = store.events().since(std::numeric_limits<Millis>::min(), kind);
        if (!part)
            return part.error();
        answered.insert(answered.end(), part->begin(), part->end());
    }
    return fromEvents(answered);
}

AnsweredReviews AnsweredReviews::fromEvents(const std::vector<Event> &answered)
{
    const RevertChain chain(answered);
    AnsweredReviews out;
    for (const Event &e : answered) {
        if (e.kind == kReviewEventKind && !chain.isReversed(e.id))
            out.m_answers[e.memoryId].push_back({e.at, e.payload.value(QStringLiteral("review")).toString()});
    }
    return out;
}

bool AnsweredReviews::answeredSince(const QString &id, const QString &review, Millis since) const
{
    const auto it = m_answers.constFind(id);
    return it != m_answers.cend() && std::any_of(it->begin(), it->end(), [&](const auto &a) {
               return a.second == review && a.first >= since;
           });
}

std::optional<ReviewItem::Kind> importanceReview(const QString *id, double storedImportance, const ScoreInput &in,
                                                 const Score &s, const Config &config, const AnsweredReviews *answers)
{
    const auto &p = config.importance;
    const CategoryConfig &cat = config.categories[in.categoryIndex];
    if (!cat.neverDecays && s.score >= p.promoteReviewAt && storedImportance < p.coreAt
        && !(answers && answers->answeredSince(*id, QStringLiteral("promote"), in.lastAccessedAt)))
        return ReviewItem::Kind::Promote;
    if (s.score < p.decayReviewBelow && s.tier != Tier::Forgotten
        && !(answers
             && answers->answeredSince(*id, QStringLiteral("decay"),
                                       crossedBelowAt(storedImportance, cat, in.lastAccessedAt, p.decayReviewBelow))))
        return ReviewItem::Kind::Decay;
    return std::nullopt;
}

/// Open conflicts, in the store's order: each waits for one of the resolutions.
std::vector<ReviewItem> conflictItems(const std::vector<Conflict> &open)
{
    std::vector<ReviewItem> items;
    for (const Conflict &c : open) {
        ReviewItem item;
        item.kind = ReviewItem::Kind::Conflict;
        item.memoryIds = {c.a, c.b};
        item.conflictId = c.id;
        item.reason = conflictReason(c);
        // The strategies a user may choose (ConflictResolver's), by their stored names.
        for (const ConflictResolution r :
             {ConflictResolution::LatestWins, ConflictResolution::VersionKeep, ConflictResolution::WeightBalance,
              ConflictResolution::KeepA, ConflictResolution::KeepB, ConflictResolution::KeepBoth,
              ConflictResolution::Merge})
            item.answers << conflictResolutionName(r);
        items.push_back(item);
    }
    return items;
}

ReviewItem promoteItem(const QString &id, double score, const Config &config)
{
    const auto &p = config.importance;
    ReviewItem item;
    item.kind = ReviewItem::Kind::Promote;
    item.memoryIds = {id};
    item.score = score;
    item.reason = QStringLiteral("importance %1 reached the promote line %2: make it core?")
                      .arg(num(score), num(p.promoteReviewAt));
    item.answers = {QStringLiteral("promote"), QStringLiteral("keep"), QStringLiteral("delete")};
    return item;
}

ReviewItem decayItem(const QString &id, double score, const Config &config)
{
    const auto &p = config.importance;
    ReviewItem item;
    item.kind = ReviewItem::Kind::Decay;
    item.memoryIds = {id};
    item.score = score;
    item.reason = QStringLiteral("importance %1 fell below %2: keep it (reset to %3) or delete it?")
                      .arg(num(score), num(p.decayReviewBelow), num(p.resetOnKeep));
    item.answers = {QStringLiteral("keep"), QStringLiteral("delete")};
    return item;
}

ReviewItem cleanupItem(CleanupKind kind, const QString &id, double score, const QString &reason)
{
    ReviewItem item;
    item.kind = ReviewItem::Kind::Cleanup;
    item.memoryIds = {id};
    item.cleanup = kind;
    item.score = score;
    item.reason = Cleanup::kindName(kind) + QStringLiteral(": ") + reason;
    item.answers = {Cleanup::kindName(kind), QStringLiteral("confirm")}; // confirming reinforces it above the line
    return item;
}

} // namespace review_rules

ReviewQueue::ReviewQueue(Store &store, const Config &config, const ScoringProfile &profile)
    : m_store(store), m_config(config), m_profile(profile)
{
}

QString ReviewQueue::kindName(ReviewItem::Kind kind)
{
    switch (kind) {
    case ReviewItem::Kind::Conflict: return QStringLiteral("conflict");
    case ReviewItem::Kind::Promote: return QStringLiteral("promote");
    case ReviewItem::Kind::Decay: return QStringLiteral("decay");
    case ReviewItem::Kind::Cleanup: return QStringLiteral("cleanup");
    }
    return {};
}

Result<std::vector<ReviewItem>> ReviewQueue::build(Millis now) const
{
    auto open = m_store.conflicts().list(ConflictStatus::Open);
    if (!open)
        return open.error();
    std::vector<ReviewItem> items = review_rules::conflictItems(*open);

    if (m_profile.name() == QLatin1String("importance")) {
        auto reviews = importanceItems(m_store, m_config, now);
        if (!reviews)
            return reviews.error();
        items.insert(items.end(), reviews->begin(), reviews->end());
    }

    auto plan = Cleanup(m_store, m_config, m_profile).plan(now);
    if (!plan)
        return plan.error();
    for (const CleanupAction &a : plan->actions)
        items.push_back(review_rules::cleanupItem(a.kind, a.memoryId, a.score, a.reason));
    return items;
}

} // namespace recollector::core
