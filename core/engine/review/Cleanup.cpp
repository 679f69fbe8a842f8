#include "engine/review/Cleanup.h"

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
#include <optional>

namespace engram::core {

namespace {

// The categories note 003's budgets count (docs/scoring.md, "Cleanup").
const QString kEpisode = QStringLiteral("episode");
const QString kRule = QStringLiteral("rule");

QString num(double v) { return QString::number(v, 'g', 3); }
QString days(double d) { return QString::number(d, 'f', 1); }

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

/// A soft-deleted memory past its retention: purge.
std::optional<CleanupAction> purgeAction(const Memory &m, const Config &config, Millis now)
{
    const double since = time::daysBetween(m.deletedAt, now);
    if (since < config.budgets.purgeAfterDays)
        return std::nullopt;
    return CleanupAction{CleanupKind::Purge, m.id, 0,
                         QStringLiteral("deleted %1 days ago ≥ %2-day retention")
                             .arg(days(since), num(config.budgets.purgeAfterDays)),
                         m.updatedAt};
}

/// A memory that is neither deleted nor protected, as the profile rules see it.
struct Subject
{
    const Memory &m;
    const ScoreInput &in;
    const Score &s;
    Millis now;

    CleanupAction action(CleanupKind kind, const QString &reason) const
    {
        return CleanupAction{kind, m.id, s.score, reason, m.updatedAt};
    }
};

/// Note 000: strength < 5 → delete, < 10 → archive.
std::optional<CleanupAction> ebbinghausAction(const Subject &x, const Config &config)
{
    const auto &decay = config.decay;
    if (x.s.tier == Tier::Forgotten)
        return x.action(CleanupKind::Delete, QStringLiteral("strength %1 < delete line %2")
                                                 .arg(num(x.s.strength), num(decay.deleteThreshold)));
    if (x.s.tier == Tier::Weak && x.m.level != MemoryLevel::Archive)
        return x.action(CleanupKind::Archive, QStringLiteral("strength %1 < archive line %2")
                                                  .arg(num(x.s.strength), num(decay.archiveThreshold)));
    return std::nullopt;
}

/// Note 001: W below the forgotten line and long inactive → archive; archived and inactive a
/// further deleteArchivedAfterDays → delete.
std::optional<CleanupAction> enhancedAction(const Subject &x, const Config &config, const EnhancedProfile &enhanced)
{
    const auto &e = config.enhanced;
    const double inactive = time::daysBetween(x.in.lastReinforcedAt, x.now);
    const double archiveAfter = e.archiveAfterDays * (x.m.sensitivity == 1 ? 2 : 1);
    const double raw = enhanced.breakdown(x.in, x.now).raw;
    if (x.m.level == MemoryLevel::Archive) {
        // The archive instant is not kept on the row: count from the last activation.
        if (e.deleteArchivedAfterDays > 0 && inactive >= archiveAfter + e.deleteArchivedAfterDays)
            return x.action(CleanupKind::Delete,
                            QStringLiteral("archived and %1 days without activation ≥ %2")
                                .arg(days(inactive), num(archiveAfter + e.deleteArchivedAfterDays)));
    } else if (raw < e.forgottenBelow && inactive >= archiveAfter) {
        return x.action(CleanupKind::Archive,
                        QStringLiteral("W %1 < %2 and %3 days without activation ≥ %4")
                            .arg(num(raw), num(e.forgottenBelow), days(inactive), num(archiveAfter)));
    }
    return std::nullopt;
}

/// Note 002: below the category's delete line or past its maximum age → delete.
std::optional<CleanupAction> importanceAction(const Subject &x, const Config &config)
{
    if (x.s.tier != Tier::Forgotten)
        return std::nullopt;
    const CategoryConfig &cat = config.category(x.m.category);
    // note 002: an episode's maximum age counts from its creation.
    const double age = time::daysBetween(x.in.createdAt ? x.in.createdAt : x.in.lastAccessedAt, x.now);
    if (cat.maxAgeDays > 0 && age >= cat.maxAgeDays)
        return x.action(CleanupKind::Delete, QStringLiteral("%1: written %2 days ago ≥ %3")
                                                 .arg(x.m.category, days(age), num(cat.maxAgeDays)));
    const double line = std::max(cat.deleteBelow, config.importance.forgottenBelow);
    return x.action(CleanupKind::Delete,
                    QStringLiteral("importance %1 < delete line %2").arg(num(x.s.score), num(line)));
}

/// Note 003: score < 0.1 → delete (evict), < 0.3 → compress.
std::optional<CleanupAction> lifecycleAction(const Subject &x, const Config &config)
{
    const auto &l = config.lifecycle;
    if (x.s.tier == Tier::Forgotten)
        return x.action(CleanupKind::Delete,
                        QStringLiteral("score %1 < evict line %2").arg(num(x.s.score), num(l.weakAt)));
    if (x.s.tier == Tier::Weak && !x.m.compressed)
        return x.action(CleanupKind::Compress,
                        QStringLiteral("score %1 < compress line %2").arg(num(x.s.score), num(l.fadingAt)));
    return std::nullopt;
}

/// What the rule of `profile` plans for the memory, if anything.
std::optional<CleanupAction> profileAction(const QString &profile, const Subject &x, const Config &config,
                                           const EnhancedProfile &enhanced)
{
    if (profile == QLatin1String("ebbinghaus"))
        return ebbinghausAction(x, config);
    if (profile == QLatin1String("enhanced"))
        return enhancedAction(x, config, enhanced);
    if (profile == QLatin1String("importance"))
        return importanceAction(x, config);
    if (profile == QLatin1String("lifecycle"))
        return lifecycleAction(x, config);
    return std::nullopt;
}

/// The memories note 003's budgets count, by group.
struct BudgetGroups
{
    std::vector<Candidate> activeEpisodes;
    std::vector<Candidate> compressedEpisodes;
    std::vector<Candidate> rules;

    /// Counts a memory unless its own rule deletes it; an episode its rule compresses counts
    /// as compressed.
    void add(const Memory &m, const Candidate &c, const std::optional<CleanupAction> &action)
    {
        const bool deleting = action && action->kind == CleanupKind::Delete;
        if (!deleting && m.category == kEpisode) {
            const bool compressed = m.compressed || (action && action->kind == CleanupKind::Compress);
            (compressed ? compressedEpisodes : activeEpisodes).push_back(c);
        } else if (!deleting && m.category == kRule) {
            rules.push_back(c);
        }
    }
};

/// Over budget, the lowest scores of `group` get `kind` (and move on to `movedTo`, if given).
void planOverBudget(std::vector<CleanupAction> &actions, std::vector<Candidate> &group, int budget, CleanupKind kind,
                    const QString &what, std::vector<Candidate> *movedTo)
{
    if (int(group.size()) <= budget)
        return;
    std::sort(group.begin(), group.end(), weaker);
    const int excess = int(group.size()) - budget;
    for (int i = 0; i < excess; ++i) {
        const Candidate &c = group[size_t(i)];
        actions.push_back({kind, c.id, c.score,
                           QStringLiteral("%1 %2 > budget %3: score %4 among the %5 lowest")
                               .arg(what)
                               .arg(group.size())
                               .arg(budget)
                               .arg(num(c.score))
                               .arg(excess),
                           c.updatedAt});
        if (movedTo)
            movedTo->push_back(c);
    }
}

/// Budgets: active episodes over budget are compressed, then compressed episodes and rules
/// over budget are deleted.
void planBudgets(std::vector<CleanupAction> &actions, BudgetGroups &groups, const Config &config)
{
    planOverBudget(actions, groups.activeEpisodes, config.budgets.activeEpisodes, CleanupKind::Compress,
                   QStringLiteral("active episodes"), &groups.compressedEpisodes);
    planOverBudget(actions, groups.compressedEpisodes, config.budgets.compressed, CleanupKind::Delete,
                   QStringLiteral("compressed episodes"), nullptr);
    planOverBudget(actions, groups.rules, config.budgets.semanticRules, CleanupKind::Delete,
                   QStringLiteral("semantic rules"), nullptr);
}

/// One action per memory, the strongest (a memory compressed for the budget and then deleted
/// for the next one keeps the delete only), in plan order: purge, delete, compress, archive;
/// weakest first in each.
std::vector<CleanupAction> strongestInPlanOrder(const std::vector<CleanupAction> &actions)
{
    QHash<QString, CleanupKind> strongest;
    for (const CleanupAction &a : actions) {
        if (!strongest.contains(a.memoryId) || kindOrder(a.kind) < kindOrder(strongest.value(a.memoryId)))
            strongest.insert(a.memoryId, a.kind);
    }
    std::vector<CleanupAction> kept;
    QSet<QString> seen;
    for (const CleanupAction &a : actions) {
        if (a.kind == strongest.value(a.memoryId) && !seen.contains(a.memoryId)) {
            kept.push_back(a);
            seen.insert(a.memoryId);
        }
    }
    std::stable_sort(kept.begin(), kept.end(), [](const CleanupAction &x, const CleanupAction &y) {
        if (kindOrder(x.kind) != kindOrder(y.kind))
            return kindOrder(x.kind) < kindOrder(y.kind);
        if (x.score != y.score)
            return x.score < y.score;
        return x.memoryId < y.memoryId;
    });
    return kept;
}

/// Note 003 §2: the memory becomes an extractive summary of itself (docs/scoring.md,
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

Result<CleanupPlan> Cleanup::plan(Millis now) const
{
    CleanupPlan plan;
    plan.profile = m_profile.name();
    plan.at = now;
    const QString profile = m_profile.name();
    std::optional<MentionIndex> mentions;
    if (profile == QLatin1String("enhanced")) {
        auto loaded = MentionIndex::load(m_store.events(), m_config);
        if (!loaded)
            return loaded.error();
        mentions = std::move(*loaded);
    }
    const EnhancedProfile enhanced(m_config);
    BudgetGroups groups;
    QSet<QString> neverDeleted;

    const Status walked = m_store.memories().forEach([&](const Memory &m) {
        if (m.isDeleted()) {
            if (const auto purge = purgeAction(m, m_config, now))
                plan.actions.push_back(*purge);
            return true;
        }
        if (m.permanent || m.sensitivity >= 2)
            return true; // never touched automatically (docs/scoring.md, "Cleanup")
        if (m_config.category(m.category).neverDecays || m.importance >= m_config.importance.coreAt)
            neverDeleted.insert(m.id);
        const ScoreInput in = ScoreInput::from(m, m_config, mentions ? mentions->summary(m.id, now) : MentionSummary{});
        const Score s = m_profile.evaluate(in, now);
        const std::optional<CleanupAction> action = profileAction(profile, Subject{m, in, s, now}, m_config, enhanced);
        groups.add(m, Candidate{m.id, s.score, in.lastReinforcedAt, m.updatedAt}, action);
        if (action)
            plan.actions.push_back(*action);
        return true;
    });
    if (!walked)
        return walked.error();

    planBudgets(plan.actions, groups, m_config);
    // note 002: system and core memories, and importance ≥ 3.0, are never deleted by a cleanup,
    // whatever the profile's forgotten line or a budget says (they may still be archived or
    // compressed).
    std::erase_if(plan.actions, [&](const CleanupAction &a) {
        return a.kind == CleanupKind::Delete && neverDeleted.contains(a.memoryId);
    });
    plan.actions = strongestInPlanOrder(plan.actions);
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

} // namespace engram::core
