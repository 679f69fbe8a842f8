#include "engine/review/ReviewQueue.h"

#include "engine/decisions/Decisions.h"
#include "model/RevertChain.h"
#include "scoring/ImportanceProfile.h"
#include "store/Store.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>

namespace engram::core {

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
        return QStringLiteral("file clash: the assistant changed this memory's file while Engram was writing a decision");
    }
    return conflictTypeName(c.type);
}

/// When a decaying importance first falls below `line`, counted from the last access
/// (note 002: I(d) = I₀·f^max(0, ⌊d⌋ − grace)).
Millis crossedBelowAt(double initial, const CategoryConfig &cat, Millis lastAccess, double line)
{
    int k = 0;
    if (cat.dailyDecayFactor < 1) {
        for (double v = initial; v >= line && k < 100000; v *= cat.dailyDecayFactor)
            ++k;
    }
    return lastAccess + Millis((cat.graceDays + k) * double(kMsPerDay));
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

/// The review answers given so far and not reverted, per memory: (instant, review kind).
class AnsweredReviews
{
public:
    [[nodiscard]] static Result<AnsweredReviews> load(Store &store)
    {
        std::vector<Event> answered;
        for (const QString &kind : {kReviewEventKind, events::kRevert}) {
            auto part = store.events().since(std::numeric_limits<Millis>::min(), kind);
            if (!part)
                return part.error();
            answered.insert(answered.end(), part->begin(), part->end());
        }
        const RevertChain chain(answered);
        AnsweredReviews out;
        for (const Event &e : answered) {
            if (e.kind == kReviewEventKind && !chain.isReversed(e.id))
                out.m_answers[e.memoryId].push_back({e.at, e.payload.value(QStringLiteral("review")).toString()});
        }
        return out;
    }

    /// Whether `review` was answered for memory `id` at `since` or later.
    bool answeredSince(const QString &id, const QString &review, Millis since) const
    {
        const auto it = m_answers.constFind(id);
        return it != m_answers.cend() && std::any_of(it->begin(), it->end(), [&](const auto &a) {
                   return a.second == review && a.first >= since;
               });
    }

private:
    QHash<QString, std::vector<std::pair<Millis, QString>>> m_answers;
};

ReviewItem promoteItem(const Memory &m, const Score &s, const Config &config)
{
    const auto &p = config.importance;
    ReviewItem item;
    item.kind = ReviewItem::Kind::Promote;
    item.memoryIds = {m.id};
    item.score = s.score;
    item.reason = QStringLiteral("importance %1 reached the promote line %2: make it core?")
                      .arg(num(s.score), num(p.promoteReviewAt));
    item.answers = {QStringLiteral("promote"), QStringLiteral("keep"), QStringLiteral("delete")};
    return item;
}

ReviewItem decayItem(const Memory &m, const Score &s, const Config &config)
{
    const auto &p = config.importance;
    ReviewItem item;
    item.kind = ReviewItem::Kind::Decay;
    item.memoryIds = {m.id};
    item.score = s.score;
    item.reason = QStringLiteral("importance %1 fell below %2: keep it (reset to %3) or delete it?")
                      .arg(num(s.score), num(p.decayReviewBelow), num(p.resetOnKeep));
    item.answers = {QStringLiteral("keep"), QStringLiteral("delete")};
    return item;
}

/// Note 002's promote reviews (highest first) then decay reviews (lowest first), leaving out
/// the ones answered since the importance last crossed the line.
Result<std::vector<ReviewItem>> importanceItems(Store &store, const Config &config, Millis now)
{
    auto answers = AnsweredReviews::load(store);
    if (!answers)
        return answers.error();
    const ImportanceProfile importance(config);
    const auto &p = config.importance;
    std::vector<ReviewItem> promote;
    std::vector<ReviewItem> decay;
    const Status walked = store.memories().forEach(
        [&](const Memory &m) {
            if (m.permanent)
                return true;
            const ScoreInput in = ScoreInput::from(m, config);
            const CategoryConfig &cat = config.categories[in.categoryIndex];
            const Score s = importance.evaluate(in, now);
            if (!cat.neverDecays && s.score >= p.promoteReviewAt && m.importance < p.coreAt
                && !answers->answeredSince(m.id, QStringLiteral("promote"), in.lastAccessedAt)) {
                promote.push_back(promoteItem(m, s, config));
            } else if (s.score < p.decayReviewBelow && s.tier != Tier::Forgotten
                       && !answers->answeredSince(m.id, QStringLiteral("decay"),
                                                  crossedBelowAt(m.importance, cat, in.lastAccessedAt, p.decayReviewBelow))) {
                decay.push_back(decayItem(m, s, config));
            }
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

/// The cleanup plan's actions, in plan order: each waits for a confirmation (or an answer
/// that reinforces the memory above the line).
std::vector<ReviewItem> cleanupItems(const CleanupPlan &plan)
{
    std::vector<ReviewItem> items;
    for (const CleanupAction &a : plan.actions) {
        ReviewItem item;
        item.kind = ReviewItem::Kind::Cleanup;
        item.memoryIds = {a.memoryId};
        item.cleanup = a.kind;
        item.score = a.score;
        item.reason = Cleanup::kindName(a.kind) + QStringLiteral(": ") + a.reason;
        item.answers = {Cleanup::kindName(a.kind), QStringLiteral("confirm")}; // confirming reinforces it above the line
        items.push_back(item);
    }
    return items;
}

} // namespace

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
    std::vector<ReviewItem> items = conflictItems(*open);

    if (m_profile.name() == QLatin1String("importance")) {
        auto reviews = importanceItems(m_store, m_config, now);
        if (!reviews)
            return reviews.error();
        items.insert(items.end(), reviews->begin(), reviews->end());
    }

    auto plan = Cleanup(m_store, m_config, m_profile).plan(now);
    if (!plan)
        return plan.error();
    const std::vector<ReviewItem> cleanup = cleanupItems(*plan);
    items.insert(items.end(), cleanup.begin(), cleanup.end());
    return items;
}

} // namespace engram::core
