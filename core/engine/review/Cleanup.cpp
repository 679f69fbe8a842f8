#include "engine/review/Cleanup.h"

#include "engine/decisions/CrashPoint.h"
#include "engine/decisions/DecisionRecorder.h"
#include "engine/decisions/Reinforcement.h"
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
    std::vector<Candidate> activeEpisodes;
    std::vector<Candidate> compressedEpisodes;
    std::vector<Candidate> rules;
    const auto &decay = m_config.decay;

    const Status walked = m_store.memories().forEach([&](const Memory &m) {
        if (m.isDeleted()) {
            const double since = time::daysBetween(m.deletedAt, now);
            if (since >= m_config.budgets.purgeAfterDays)
                plan.actions.push_back({CleanupKind::Purge, m.id, 0,
                                        QStringLiteral("deleted %1 days ago ≥ %2-day retention")
                                            .arg(days(since), num(m_config.budgets.purgeAfterDays)),
                                        m.updatedAt});
            return true;
        }
        if (m.permanent || m.sensitivity >= 2)
            return true; // never touched automatically (docs/scoring.md, "Cleanup")
        const ScoreInput in = ScoreInput::from(m, m_config, mentions ? mentions->summary(m.id, now) : MentionSummary{});
        const Score s = m_profile.evaluate(in, now);
        std::optional<CleanupAction> action;
        auto plan1 = [&](CleanupKind kind, const QString &reason) { action = CleanupAction{kind, m.id, s.score, reason, m.updatedAt}; };

        if (profile == QLatin1String("ebbinghaus")) {
            if (s.tier == Tier::Forgotten)
                plan1(CleanupKind::Delete, QStringLiteral("strength %1 < delete line %2").arg(num(s.strength), num(decay.deleteThreshold)));
            else if (s.tier == Tier::Weak && m.level != MemoryLevel::Archive)
                plan1(CleanupKind::Archive, QStringLiteral("strength %1 < archive line %2").arg(num(s.strength), num(decay.archiveThreshold)));
        } else if (profile == QLatin1String("enhanced")) {
            const auto &e = m_config.enhanced;
            const double inactive = time::daysBetween(in.lastReinforcedAt, now);
            const double archiveAfter = e.archiveAfterDays * (m.sensitivity == 1 ? 2 : 1);
            const double raw = enhanced.breakdown(in, now).raw;
            if (m.level == MemoryLevel::Archive) {
                // The archive instant is not kept on the row: count from the last activation.
                if (e.deleteArchivedAfterDays > 0 && inactive >= archiveAfter + e.deleteArchivedAfterDays)
                    plan1(CleanupKind::Delete, QStringLiteral("archived and %1 days without activation ≥ %2")
                                                   .arg(days(inactive), num(archiveAfter + e.deleteArchivedAfterDays)));
            } else if (raw < e.forgottenBelow && inactive >= archiveAfter) {
                plan1(CleanupKind::Archive, QStringLiteral("W %1 < %2 and %3 days without activation ≥ %4")
                                                .arg(num(raw), num(e.forgottenBelow), days(inactive), num(archiveAfter)));
            }
        } else if (profile == QLatin1String("importance")) {
            if (s.tier == Tier::Forgotten) {
                const CategoryConfig &cat = m_config.category(m.category);
                const double idle = time::daysBetween(in.lastAccessedAt, now);
                if (cat.maxAgeDays > 0 && idle >= cat.maxAgeDays)
                    plan1(CleanupKind::Delete, QStringLiteral("%1: %2 days since last access ≥ %3")
                                                   .arg(m.category, days(idle), num(cat.maxAgeDays)));
                else
                    plan1(CleanupKind::Delete, QStringLiteral("importance %1 < delete line %2")
                                                   .arg(num(s.score), num(std::max(cat.deleteBelow, m_config.importance.forgottenBelow))));
            }
        } else if (profile == QLatin1String("lifecycle")) {
            const auto &l = m_config.lifecycle;
            if (s.tier == Tier::Forgotten)
                plan1(CleanupKind::Delete, QStringLiteral("score %1 < evict line %2").arg(num(s.score), num(l.weakAt)));
            else if (s.tier == Tier::Weak && !m.compressed)
                plan1(CleanupKind::Compress, QStringLiteral("score %1 < compress line %2").arg(num(s.score), num(l.fadingAt)));
        }

        const bool deleting = action && action->kind == CleanupKind::Delete;
        const Candidate c{m.id, s.score, in.lastReinforcedAt, m.updatedAt};
        if (!deleting && m.category == kEpisode) {
            const bool compressed = m.compressed || (action && action->kind == CleanupKind::Compress);
            (compressed ? compressedEpisodes : activeEpisodes).push_back(c);
        } else if (!deleting && m.category == kRule) {
            rules.push_back(c);
        }
        if (action)
            plan.actions.push_back(*action);
        return true;
    });
    if (!walked)
        return walked.error();

    // Budgets: over budget, the lowest scores go first.
    auto overBudget = [&](std::vector<Candidate> &group, int budget, CleanupKind kind, const QString &what,
                          std::vector<Candidate> *movedTo) {
        if (int(group.size()) <= budget)
            return;
        std::sort(group.begin(), group.end(), weaker);
        const int excess = int(group.size()) - budget;
        for (int i = 0; i < excess; ++i) {
            const Candidate &c = group[size_t(i)];
            plan.actions.push_back({kind, c.id, c.score,
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
    };
    overBudget(activeEpisodes, m_config.budgets.activeEpisodes, CleanupKind::Compress, QStringLiteral("active episodes"),
               &compressedEpisodes);
    overBudget(compressedEpisodes, m_config.budgets.compressed, CleanupKind::Delete, QStringLiteral("compressed episodes"),
               nullptr);
    overBudget(rules, m_config.budgets.semanticRules, CleanupKind::Delete, QStringLiteral("semantic rules"), nullptr);

    // A memory compressed for the budget and then deleted for the next one: keep the delete only.
    QHash<QString, CleanupKind> strongest;
    for (const CleanupAction &a : plan.actions) {
        if (!strongest.contains(a.memoryId) || kindOrder(a.kind) < kindOrder(strongest.value(a.memoryId)))
            strongest.insert(a.memoryId, a.kind);
    }
    std::vector<CleanupAction> kept;
    QSet<QString> seen;
    for (const CleanupAction &a : plan.actions) {
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
    plan.actions = std::move(kept);
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
                m->compressed = true;
                if (m->level == MemoryLevel::Full)
                    m->level = MemoryLevel::Summary;
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
