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
    std::vector<ReviewItem> items;

    auto open = m_store.conflicts().list(ConflictStatus::Open);
    if (!open)
        return open.error();
    for (const Conflict &c : *open) {
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

    if (m_profile.name() == QLatin1String("importance")) {
        // Answered reviews (not reverted), per memory: (instant, kind).
        std::vector<Event> answered;
        for (const QString &kind : {kReviewEventKind, events::kRevert}) {
            auto part = m_store.events().since(std::numeric_limits<Millis>::min(), kind);
            if (!part)
                return part.error();
            answered.insert(answered.end(), part->begin(), part->end());
        }
        const RevertChain chain(answered);
        QHash<QString, std::vector<std::pair<Millis, QString>>> answers;
        for (const Event &e : answered) {
            if (e.kind == kReviewEventKind && !chain.isReversed(e.id))
                answers[e.memoryId].push_back({e.at, e.payload.value(QStringLiteral("review")).toString()});
        }
        auto answeredSince = [&](const QString &id, const QString &review, Millis since) {
            const auto it = answers.constFind(id);
            return it != answers.cend() && std::any_of(it->begin(), it->end(), [&](const auto &a) {
                       return a.second == review && a.first >= since;
                   });
        };

        const ImportanceProfile importance(m_config);
        const auto &p = m_config.importance;
        std::vector<ReviewItem> promote;
        std::vector<ReviewItem> decay;
        const Status walked = m_store.memories().forEach(
            [&](const Memory &m) {
                if (m.permanent)
                    return true;
                const ScoreInput in = ScoreInput::from(m, m_config);
                const CategoryConfig &cat = m_config.categories[in.categoryIndex];
                const Score s = importance.evaluate(in, now);
                if (!cat.neverDecays && s.score >= p.promoteReviewAt && m.importance < p.coreAt
                    && !answeredSince(m.id, QStringLiteral("promote"), in.lastAccessedAt)) {
                    ReviewItem item;
                    item.kind = ReviewItem::Kind::Promote;
                    item.memoryIds = {m.id};
                    item.score = s.score;
                    item.reason = QStringLiteral("importance %1 reached the promote line %2: make it core?")
                                      .arg(num(s.score), num(p.promoteReviewAt));
                    item.answers = {QStringLiteral("promote"), QStringLiteral("keep"), QStringLiteral("delete")};
                    promote.push_back(item);
                } else if (s.score < p.decayReviewBelow && s.tier != Tier::Forgotten
                           && !answeredSince(m.id, QStringLiteral("decay"),
                                             crossedBelowAt(m.importance, cat, in.lastAccessedAt, p.decayReviewBelow))) {
                    ReviewItem item;
                    item.kind = ReviewItem::Kind::Decay;
                    item.memoryIds = {m.id};
                    item.score = s.score;
                    item.reason = QStringLiteral("importance %1 fell below %2: keep it (reset to %3) or delete it?")
                                      .arg(num(s.score), num(p.decayReviewBelow), num(p.resetOnKeep));
                    item.answers = {QStringLiteral("keep"), QStringLiteral("delete")};
                    decay.push_back(item);
                }
                return true;
            },
            false);
        if (!walked)
            return walked.error();
        std::stable_sort(promote.begin(), promote.end(), [](const ReviewItem &a, const ReviewItem &b) { return a.score > b.score; });
        std::stable_sort(decay.begin(), decay.end(), [](const ReviewItem &a, const ReviewItem &b) { return a.score < b.score; });
        items.insert(items.end(), promote.begin(), promote.end());
        items.insert(items.end(), decay.begin(), decay.end());
    }

    auto plan = Cleanup(m_store, m_config, m_profile).plan(now);
    if (!plan)
        return plan.error();
    for (const CleanupAction &a : plan->actions) {
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

} // namespace engram::core
