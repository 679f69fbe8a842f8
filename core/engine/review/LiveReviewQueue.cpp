#include "engine/review/LiveReviewQueue.h"

#include "engine/decisions/Decisions.h"
#include "engine/review/CleanupRules.h"
#include "engine/review/ReviewRules.h"
#include "model/Event.h"
#include "scoring/EnhancedProfile.h"
#include "scoring/ImportanceProfile.h"
#include "scoring/MentionIndex.h"
#include "snapshot/MemorySnapshot.h"
#include "store/Store.h"

#include <algorithm>
#include <limits>

namespace engram::core {

using cleanup_rules::BudgetGroup;

namespace {

enum What : std::uint8_t { kPromote = 1, kDecay = 2, kOwnRule = 3, kBudget = 4 };

int kindOrder(CleanupKind k)
{
    switch (k) {
    case CleanupKind::Purge: return 0;
    case CleanupKind::Delete: return 1;
    case CleanupKind::Compress: return 2;
    case CleanupKind::Archive: return 3;
    }
    return 4;
}

cleanup_rules::Facts factsOf(const MemorySnapshot &s, std::uint32_t row)
{
    cleanup_rules::Facts f;
    f.deletedAt = s.deletedAt(row);
    f.permanent = s.has(row, MemorySnapshot::Permanent);
    f.sensitivity = s.sensitivity(row);
    f.category = &s.category(row);
    f.importance = s.input(row).importance;
    f.level = s.level(row);
    f.compressed = s.has(row, MemorySnapshot::Compressed);
    return f;
}

} // namespace

LiveReviewQueue::LiveReviewQueue(const Config &config, const ScoringProfile &profile)
    : m_config(config),
      m_profile(profile),
      m_profileName(profile.name()),
      m_importance(m_profileName == QLatin1String("importance")),
      m_enhanced(m_profileName == QLatin1String("enhanced")),
      m_importanceProfile(std::make_unique<ImportanceProfile>(m_config)),
      m_enhancedProfile(std::make_unique<EnhancedProfile>(m_config))
{
}

LiveReviewQueue::~LiveReviewQueue() = default;

Status LiveReviewQueue::loadSideData(Store &store, bool everything)
{
    auto open = store.conflicts().list(ConflictStatus::Open);
    if (!open)
        return open.error();
    m_conflicts = review_rules::conflictItems(*open);
    m_answers.reset();
    m_answered.assign(m_snapshot->size(), 0);
    if (!m_importance)
        return {};
    // The answers and their reverts: the whole log once, then only the events added since.
    auto last = store.events().lastId();
    if (!last)
        return last.error();
    if (everything) {
        m_reviewEvents.clear();
        for (const QString &kind : {kReviewEventKind, events::kRevert}) {
            auto part = store.events().since(std::numeric_limits<Millis>::min(), kind);
            if (!part)
                return part.error();
            m_reviewEvents.insert(m_reviewEvents.end(), part->begin(), part->end());
        }
    } else if (*last > m_lastEventId) {
        auto added = store.events().between(m_lastEventId + 1, *last);
        if (!added)
            return added.error();
        for (Event &e : *added) {
            if (e.kind == kReviewEventKind || e.kind == events::kRevert)
                m_reviewEvents.push_back(std::move(e));
        }
    }
    m_lastEventId = *last;
    m_answers = std::make_unique<review_rules::AnsweredReviews>(review_rules::AnsweredReviews::fromEvents(m_reviewEvents));
    for (const QString &id : m_answers->ids()) {
        if (const std::uint32_t row = m_snapshot->rowOf(id); row != MemorySnapshot::kNoRow)
            m_answered[row] = 1;
    }
    return {};
}

ScoreInput LiveReviewQueue::inputOf(std::uint32_t row) const
{
    ScoreInput in = m_snapshot->input(row);
    if (m_enhanced) {
        const MentionSummary m = m_mentions.value(row);
        in.lastMentionAt = m.lastAt;
        in.firstWindowMentionAt = m.firstInWindowAt;
        in.mentionsInWindow = m.inWindow;
        in.frequentMention = m.frequent;
    }
    return in;
}

void LiveReviewQueue::judge(std::uint32_t row)
{
    const MemorySnapshot &snap = *m_snapshot;
    Verdict v;
    if (snap.has(row, MemorySnapshot::Removed)) {
        m_verdicts[row] = v;
        return;
    }
    v.live = true;
    const cleanup_rules::Facts f = factsOf(snap, row);
    if (f.deletedAt != 0) {
        if (const auto purge = cleanup_rules::purge(f, m_config, m_now, nullptr))
            v.action = std::int8_t(*purge);
        m_verdicts[row] = v;
        return;
    }
    const ScoreInput in = inputOf(row);
    if (m_importance && !f.permanent) {
        const Score s = m_importanceProfile->evaluate(in, m_now);
        const QString id = m_answered[row] ? snap.id(row) : QString();
        const auto kind = review_rules::importanceReview(&id, f.importance, in, s, m_config,
                                                         m_answered[row] ? m_answers.get() : nullptr);
        if (kind) {
            v.review = kind == ReviewItem::Kind::Promote ? kPromote : kDecay;
            v.reviewScore = s.score;
        }
    }
    if (!cleanup_rules::isProtected(f)) {
        v.neverDeleted = cleanup_rules::isNeverDeleted(f, m_config);
        const Score s = m_profile.evaluate(in, m_now);
        const auto action =
            cleanup_rules::profileRule(m_profileName, f, in, s, m_now, m_config, *m_enhancedProfile, nullptr);
        v.action = action ? std::int8_t(*action) : std::int8_t(-1);
        v.group = std::uint8_t(cleanup_rules::budgetGroup(f, action));
        v.score = s.score;
        v.lastReinforcedAt = in.lastReinforcedAt;
    }
    m_verdicts[row] = v;
}

void LiveReviewQueue::order()
{
    const MemorySnapshot &snap = *m_snapshot;
    const std::uint32_t n = std::uint32_t(m_verdicts.size());
    std::vector<Entry> promote, decay, actions;
    std::vector<std::uint32_t> groups[4];
    for (std::uint32_t row = 0; row < n; ++row) {
        const Verdict &v = m_verdicts[row];
        if (!v.live)
            continue;
        if (v.review == kPromote)
            promote.push_back(Entry{row, kPromote, 0, 0, 0, 0, v.reviewScore});
        else if (v.review == kDecay)
            decay.push_back(Entry{row, kDecay, 0, 0, 0, 0, v.reviewScore});
        if (v.action >= 0)
            actions.push_back(Entry{row, kOwnRule, std::uint8_t(v.action), 0, 0, 0, v.score});
        if (v.group != std::uint8_t(BudgetGroup::None))
            groups[v.group].push_back(row);
    }
    // Reviews: as ReviewQueue's stable sorts over the store's rowid order.
    std::sort(promote.begin(), promote.end(), [&](const Entry &a, const Entry &b) {
        return a.score != b.score ? a.score > b.score : snap.rowid(a.row) < snap.rowid(b.row);
    });
    std::sort(decay.begin(), decay.end(), [&](const Entry &a, const Entry &b) {
        return a.score != b.score ? a.score < b.score : snap.rowid(a.row) < snap.rowid(b.row);
    });

    // Budgets (Cleanup's planBudgets): the weakest over each budget.
    const auto weaker = [&](std::uint32_t x, std::uint32_t y) {
        const Verdict &a = m_verdicts[x];
        const Verdict &b = m_verdicts[y];
        if (a.score != b.score)
            return a.score < b.score;
        if (a.lastReinforcedAt != b.lastReinforcedAt)
            return a.lastReinforcedAt < b.lastReinforcedAt;
        return snap.idBytes(x) < snap.idBytes(y);
    };
    const auto overBudget = [&](BudgetGroup g, int budget, CleanupKind kind, std::vector<std::uint32_t> *movedTo) {
        std::vector<std::uint32_t> &group = groups[int(g)];
        if (int(group.size()) <= budget)
            return;
        const int excess = int(group.size()) - budget;
        std::partial_sort(group.begin(), group.begin() + excess, group.end(), weaker);
        for (int i = 0; i < excess; ++i) {
            const std::uint32_t row = group[std::size_t(i)];
            actions.push_back(Entry{row, kBudget, std::uint8_t(kind), std::uint8_t(g), std::uint32_t(group.size()),
                                    excess, m_verdicts[row].score});
            if (movedTo)
                movedTo->push_back(row);
        }
    };
    overBudget(BudgetGroup::ActiveEpisode, m_config.budgets.activeEpisodes, CleanupKind::Compress,
               &groups[int(BudgetGroup::CompressedEpisode)]);
    overBudget(BudgetGroup::CompressedEpisode, m_config.budgets.compressed, CleanupKind::Delete, nullptr);
    overBudget(BudgetGroup::SemanticRule, m_config.budgets.semanticRules, CleanupKind::Delete, nullptr);

    // Never deleted (note 002), then one action per memory, the strongest, the first of it.
    std::erase_if(actions, [&](const Entry &e) {
        return CleanupKind(e.kind) == CleanupKind::Delete && m_verdicts[e.row].neverDeleted;
    });
    // Per row, the strongest kind left (kindOrder; 4 = none), then taken once.
    std::vector<std::int8_t> strongest(n, 4);
    for (const Entry &e : actions)
        strongest[e.row] = std::int8_t(std::min<int>(strongest[e.row], kindOrder(CleanupKind(e.kind))));
    std::vector<Entry> kept;
    kept.reserve(actions.size());
    for (const Entry &e : actions) {
        if (strongest[e.row] == kindOrder(CleanupKind(e.kind))) {
            kept.push_back(e);
            strongest[e.row] = 5; // the first of the strongest only
        }
    }
    std::sort(kept.begin(), kept.end(), [&](const Entry &x, const Entry &y) {
        const int kx = kindOrder(CleanupKind(x.kind)), ky = kindOrder(CleanupKind(y.kind));
        if (kx != ky)
            return kx < ky;
        if (x.score != y.score)
            return x.score < y.score;
        return snap.idBytes(x.row) < snap.idBytes(y.row);
    });

    m_order = std::move(promote);
    m_order.insert(m_order.end(), decay.begin(), decay.end());
    m_order.insert(m_order.end(), kept.begin(), kept.end());
}

Status LiveReviewQueue::rebuild(Store &store, const MemorySnapshot &snapshot, Millis now)
{
    m_snapshot = &snapshot;
    m_now = now;
    m_built = false;
    m_verdicts.assign(snapshot.size(), Verdict{});
    if (const Status st = loadSideData(store, true); !st)
        return st;
    m_mentions.clear();
    if (m_enhanced) {
        auto mentions = MentionIndex::load(store.events(), m_config);
        if (!mentions)
            return mentions.error();
        for (const QString &id : mentions->ids()) {
            if (const std::uint32_t row = snapshot.rowOf(id); row != MemorySnapshot::kNoRow)
                m_mentions.insert(row, mentions->summary(id, now));
        }
    }
    for (std::uint32_t row = 0; row < snapshot.size(); ++row)
        judge(row);
    order();
    m_lastJudged = snapshot.size();
    m_built = true;
    return {};
}

Status LiveReviewQueue::update(Store &store, const MemorySnapshot &snapshot, const QStringList &ids)
{
    if (!m_built || &snapshot != m_snapshot || snapshot.size() < m_verdicts.size())
        return rebuild(store, snapshot, m_built ? m_now : time::nowMs());
    const std::size_t before = m_verdicts.size();
    m_verdicts.resize(snapshot.size());
    if (const Status st = loadSideData(store, false); !st)
        return st;
    std::vector<std::uint32_t> rows;
    for (const QString &id : ids) {
        if (const std::uint32_t row = snapshot.rowOf(id); row != MemorySnapshot::kNoRow)
            rows.push_back(row);
    }
    for (std::uint32_t row = std::uint32_t(before); row < snapshot.size(); ++row)
        rows.push_back(row); // appended since: judged even when not named
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (const std::uint32_t row : rows) {
        if (m_enhanced) {
            const QString id = snapshot.id(row);
            auto events = store.events().forMemory(id, {events::kReinforce, events::kConfirm, events::kRevert});
            if (!events)
                return events.error();
            MentionIndex own(m_config);
            own.addEvents(*events);
            if (const MentionSummary m = own.summary(id, m_now); m == MentionSummary{})
                m_mentions.remove(row);
            else
                m_mentions.insert(row, m);
        }
        judge(row);
    }
    order();
    m_lastJudged = rows.size();
    return {};
}

ReviewItem LiveReviewQueue::item(std::size_t i) const
{
    if (i < m_conflicts.size())
        return m_conflicts[i];
    const Entry &e = m_order[i - m_conflicts.size()];
    const MemorySnapshot &snap = *m_snapshot;
    const QString id = snap.id(e.row);
    switch (e.what) {
    case kPromote: return review_rules::promoteItem(id, e.score, m_config);
    case kDecay: return review_rules::decayItem(id, e.score, m_config);
    case kBudget: {
        const auto g = BudgetGroup(e.group);
        const int budget = g == BudgetGroup::ActiveEpisode       ? m_config.budgets.activeEpisodes
                           : g == BudgetGroup::CompressedEpisode ? m_config.budgets.compressed
                                                                 : m_config.budgets.semanticRules;
        return review_rules::cleanupItem(CleanupKind(e.kind), id, e.score,
                                         cleanup_rules::budgetReason(g, e.groupSize, budget, e.score, e.excess));
    }
    default: break;
    }
    // The row's own rule, judged again for its reason.
    const cleanup_rules::Facts f = factsOf(snap, e.row);
    QString reason;
    if (f.deletedAt != 0) {
        (void)cleanup_rules::purge(f, m_config, m_now, &reason);
    } else {
        const ScoreInput in = inputOf(e.row);
        const Score s = m_profile.evaluate(in, m_now);
        (void)cleanup_rules::profileRule(m_profileName, f, in, s, m_now, m_config, *m_enhancedProfile, &reason);
    }
    return review_rules::cleanupItem(CleanupKind(e.kind), id, e.score, reason);
}

std::vector<ReviewItem> LiveReviewQueue::items() const
{
    std::vector<ReviewItem> out;
    out.reserve(size());
    for (std::size_t i = 0; i < size(); ++i)
        out.push_back(item(i));
    return out;
}

} // namespace engram::core
