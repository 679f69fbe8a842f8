#include "engine/review/Cleanup.h"

#include "engine/review/CleanupRules.h"

#include "engine/decisions/CrashPoint.h"
#include "engine/decisions/DecisionRecorder.h"
#include "engine/decisions/Reinforcement.h"
#include "engine/text/ExtractiveSummary.h"
#include "scoring/EnhancedProfile.h"
#include "scoring/MentionIndex.h"
#include "scoring/ScoringProfile.h"
#include "store/MetaRepository.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cstdint>
#include <optional>

namespace recollector::core {

namespace {

struct Candidate
{
    QString id;
    double score;
    Millis lastReinforcedAt;
    Millis updatedAt;
};

/// Lowest score first; the longest untouched first among equals; then by id (stable plans).
bool weaker(const Candidate &x, const Candidate &y)
{
    if (x.score != y.score)
        return x.score < y.score;
    if (x.lastReinforcedAt != y.lastReinforcedAt)
        return x.lastReinforcedAt < y.lastReinforcedAt;
    return x.id < y.id;
}

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

using cleanup_rules::BudgetGroup;

/// The memories the storage budgets count, by group (docs/scoring.md#cleanup).
struct BudgetGroups
{
    std::vector<Candidate> activeEpisodes;
    std::vector<Candidate> compressedEpisodes;
    std::vector<Candidate> rules;

    /// Counts a memory unless its own rule deletes it; an episode its rule compresses counts
    /// as compressed.
    void add(BudgetGroup group, const Candidate &c)
    {
        switch (group) {
        case BudgetGroup::ActiveEpisode: activeEpisodes.push_back(c); break;
        case BudgetGroup::CompressedEpisode: compressedEpisodes.push_back(c); break;
        case BudgetGroup::SemanticRule: rules.push_back(c); break;
        case BudgetGroup::None: break;
        }
    }
};

/// Over budget, the lowest scores of `group` get `kind` (and move on to `movedTo`, if given).
void planOverBudget(std::vector<CleanupAction> &actions, std::vector<Candidate> &group, int budget, CleanupKind kind,
                    BudgetGroup what, std::vector<Candidate> *movedTo, bool withReasons)
{
    if (int(group.size()) <= budget)
        return;
    std::sort(group.begin(), group.end(), weaker);
    const int excess = int(group.size()) - budget;
    for (int i = 0; i < excess; ++i) {
        const Candidate &c = group[size_t(i)];
        actions.push_back({kind, c.id, c.score,
                           withReasons ? cleanup_rules::budgetReason(what, group.size(), budget, c.score, excess) : QString(),
                           c.updatedAt});
        if (movedTo)
            movedTo->push_back(c);
    }
}

/// Budgets: active episodes over budget are compressed, then compressed episodes and rules
/// over budget are deleted.
void planBudgets(std::vector<CleanupAction> &actions, BudgetGroups &groups, const Config &config, bool withReasons)
{
    planOverBudget(actions, groups.activeEpisodes, config.budgets.activeEpisodes, CleanupKind::Compress,
                   BudgetGroup::ActiveEpisode, &groups.compressedEpisodes, withReasons);
    planOverBudget(actions, groups.compressedEpisodes, config.budgets.compressed, CleanupKind::Delete,
                   BudgetGroup::CompressedEpisode, nullptr, withReasons);
    planOverBudget(actions, groups.rules, config.budgets.semanticRules, CleanupKind::Delete,
                   BudgetGroup::SemanticRule, nullptr, withReasons);
}

/// One action per memory, the strongest (a memory compressed for the budget and then deleted
/// for the next one keeps the delete only), in plan order: purge, delete, compress, archive;
/// weakest first in each. In place, through a sorted index (4 bytes an action): at a million
/// memories the plan holds about 600,000 actions, and a hash and a set of their ids cost the
/// window about 90 MiB at its peak.
void keepStrongestInPlanOrder(std::vector<CleanupAction> &actions)
{
    std::vector<std::uint32_t> byId(actions.size());
    for (std::uint32_t i = 0; i < byId.size(); ++i)
        byId[i] = i;
    // By id, the strongest kind first; the first in plan order among equals (stable).
    std::stable_sort(byId.begin(), byId.end(), [&actions](std::uint32_t x, std::uint32_t y) {
        const CleanupAction &a = actions[x];
        const CleanupAction &b = actions[y];
        if (const int c = QString::compare(a.memoryId, b.memoryId); c != 0)
            return c < 0;
        return kindOrder(a.kind) < kindOrder(b.kind);
    });
    std::vector<bool> keep(actions.size(), false);
    for (std::size_t i = 0; i < byId.size(); ++i) {
        if (i == 0 || actions[byId[i]].memoryId != actions[byId[i - 1]].memoryId)
            keep[byId[i]] = true;
    }
    byId = {};
    std::size_t kept = 0;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        if (keep[i]) {
            if (kept != i)
                actions[kept] = std::move(actions[i]);
            ++kept;
        }
    }
    actions.resize(kept);
    actions.shrink_to_fit();
    // One action per memory now, so no two compare equal: std::sort needs no buffer (a stable
    // sort's is a second copy of the plan).
    std::sort(actions.begin(), actions.end(), [](const CleanupAction &x, const CleanupAction &y) {
        if (kindOrder(x.kind) != kindOrder(y.kind))
            return kindOrder(x.kind) < kindOrder(y.kind);
        if (x.score != y.score)
            return x.score < y.score;
        return x.memoryId < y.memoryId;
    });
}

/// Compression: the memory becomes an extractive summary of itself (docs/scoring.md,
/// "Compression"). Its original text stays in the `compress` event's "before", which
/// `compressedFrom` (the decision id) names, so undo and unarchive can put it back exactly.
void compress(Memory &m, const QString &decisionId)
{
    m.compressed = true;
    m.compressedFrom = decisionId;
    if (m.level == MemoryLevel::Full)
        m.level = MemoryLevel::Summary;
    m.content = text::ExtractiveSummary::summarize(m.content, m.keywords);
}

} // namespace

QStringList CleanupPlan::ids(CleanupKind kind) const
{
    QStringList out;
    for (const CleanupAction &a : actions) {
        if (a.kind == kind)
            out << a.memoryId;
    }
    return out;
}

Cleanup::Cleanup(Store &store, const Config &config, const ScoringProfile &profile)
    : m_store(store), m_config(config), m_profile(profile)
{
}

QString Cleanup::kindName(CleanupKind kind)
{
    switch (kind) {
    case CleanupKind::Archive: return QStringLiteral("archive");
    case CleanupKind::Compress: return QStringLiteral("compress");
    case CleanupKind::Delete: return QStringLiteral("delete");
    case CleanupKind::Purge: return QStringLiteral("purge");
    }
    return {};
}

QString Cleanup::eventKind(CleanupKind kind)
{
    switch (kind) {
    case CleanupKind::Archive: return events::kArchive;
    case CleanupKind::Compress: return events::kCompress;
    case CleanupKind::Delete: return events::kDelete;
    case CleanupKind::Purge: return events::kPurge;
    }
    return {};
}

Result<CleanupPlan> Cleanup::plan(Millis now, Reasons reasons) const
{
    const bool withReasons = reasons == Reasons::Written;
    CleanupPlan plan;
    plan.profile = m_profile.name();
    plan.at = now;
    const QString profile = m_profile.name();
    auto loaded = MentionIndex::loadFor(profile, m_store.events(), m_config);
    if (!loaded)
        return loaded.error();
    const std::optional<MentionIndex> mentions = std::move(*loaded);
    const EnhancedProfile enhanced(m_config);
    BudgetGroups groups;
    QSet<QString> neverDeleted;

    const Status walked = m_store.memories().forEach([&](const Memory &m) {
        const cleanup_rules::Facts facts = cleanup_rules::Facts::of(m);
        QString reason;
        if (m.isDeleted()) {
            if (const auto purge = cleanup_rules::purge(facts, m_config, now, withReasons ? &reason : nullptr))
                plan.actions.push_back(CleanupAction{*purge, m.id, 0, reason, m.updatedAt});
            return true;
        }
        if (cleanup_rules::isProtected(facts))
            return true; // never touched automatically (docs/scoring.md, "Cleanup")
        if (cleanup_rules::isNeverDeleted(facts, m_config))
            neverDeleted.insert(m.id);
        const ScoreInput in = ScoreInput::from(m, m_config, mentions ? mentions->summary(m.id, now) : MentionSummary{});
        const Score s = m_profile.evaluate(in, now);
        const auto action = cleanup_rules::profileRule(profile, facts, in, s, now, m_config, enhanced, withReasons ? &reason : nullptr);
        groups.add(cleanup_rules::budgetGroup(facts, action), Candidate{m.id, s.score, in.lastReinforcedAt, m.updatedAt});
        if (action)
            plan.actions.push_back(CleanupAction{*action, m.id, s.score, reason, m.updatedAt});
        return true;
    });
    if (!walked)
        return walked.error();

    planBudgets(plan.actions, groups, m_config, withReasons);
    // docs/scoring.md#cleanup: system and core memories, and importance ≥ 3.0, are never deleted by a cleanup,
    // whatever the profile's forgotten line or a budget says (they may still be archived or
    // compressed).
    std::erase_if(plan.actions, [&](const CleanupAction &a) {
        return a.kind == CleanupKind::Delete && neverDeleted.contains(a.memoryId);
    });
    keepStrongestInPlanOrder(plan.actions);
    return plan;
}

Result<DecisionOutcome> Cleanup::apply(const CleanupPlan &plan, const QString &actor, const BeforeCommit &beforeCommit)
{
    const Millis at = plan.at ? plan.at : time::nowMs();
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    const Reinforcement writes(m_config);
    const std::unique_ptr<EnhancedProfile> weights =
        plan.profile == QLatin1String("enhanced") ? std::make_unique<EnhancedProfile>(m_config) : nullptr;
    DecisionRecorder recorder(m_store, m_config, weights.get(), actor, at);
    for (const CleanupAction &a : plan.actions) {
        auto m = m_store.memories().get(a.memoryId);
        if (!m) {
            if (m.error().code == Error::Code::NotFound)
                continue; // gone since the plan
            return m.error();
        }
        if (m->updatedAt != a.updatedAt)
            continue; // changed since the preview: the reason may no longer hold
        const QJsonObject extra{{QStringLiteral("reason"), a.reason},
                                {QStringLiteral("score"), a.score},
                                {QStringLiteral("profile"), plan.profile}};
        Status st;
        if (a.kind == CleanupKind::Purge) {
            st = recorder.remove(events::kPurge, *m, extra);
        } else {
            const Memory before = *m;
            if (a.kind == CleanupKind::Archive) {
                m->level = MemoryLevel::Archive;
            } else if (a.kind == CleanupKind::Compress) {
                compress(*m, recorder.decisionId());
            } else {
                m->deletedAt = at;
            }
            writes.touch(*m, at);
            st = recorder.change(eventKind(a.kind), before, *m, extra);
        }
        if (!st)
            return st.error();
        CrashPoint::hit("cleanup.action-applied");
    }
    if (const Status st = m_store.meta().setValue(MetaRepository::kLastCleanupAt, time::toIso(at)); !st)
        return st.error();
    if (beforeCommit && !beforeCommit())
        return Error::make(Error::Code::Cancelled, QStringLiteral("cleanup cancelled; nothing was written")); // rolls back
    CrashPoint::hit("cleanup.before-commit");
    if (const Status st = tx.commit(); !st)
        return st.error();
    return recorder.outcome();
}

} // namespace recollector::core
