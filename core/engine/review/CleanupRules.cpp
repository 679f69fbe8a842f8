#include "engine/review/CleanupRules.h"

#include "scoring/EnhancedProfile.h"

namespace recollector::core::cleanup_rules {

namespace {

const QString kEpisode = QStringLiteral("episode");
const QString kRule = QStringLiteral("rule");

QString num(double v) { return QString::number(v, 'g', 3); }
QString days(double d) { return QString::number(d, 'f', 1); }

std::optional<CleanupKind> hit(CleanupKind kind, QString *reason, const auto &format)
{
    if (reason)
        *reason = format();
    return kind;
}

/// ebbinghaus (docs/scoring.md#cleanup): strength < 5 → delete, < 10 → archive.
std::optional<CleanupKind> ebbinghaus(const Facts &f, const Score &s, const Config &config, QString *reason)
{
    const auto &decay = config.decay;
    if (s.tier == Tier::Forgotten)
        return hit(CleanupKind::Delete, reason, [&] {
            return QStringLiteral("strength %1 is under the delete line (%2)").arg(num(s.strength), num(decay.deleteThreshold));
        });
    if (s.tier == Tier::Weak && f.level != MemoryLevel::Archive)
        return hit(CleanupKind::Archive, reason, [&] {
            return QStringLiteral("strength %1 is under the archive line (%2)").arg(num(s.strength), num(decay.archiveThreshold));
        });
    return std::nullopt;
}

/// enhanced (docs/scoring.md#cleanup): W below the forgotten line and long inactive → archive; archived and inactive a
/// further deleteArchivedAfterDays → delete.
std::optional<CleanupKind> enhanced(const Facts &f, const ScoreInput &in, const Score &s, Millis now,
                                    const Config &config, const EnhancedProfile &profile, QString *reason)
{
    const auto &e = config.enhanced;
    const double inactive = time::daysBetween(in.lastReinforcedAt, now);
    const double archiveAfter = e.archiveAfterDays * (f.sensitivity == 1 ? 2 : 1);
    if (f.level == MemoryLevel::Archive) {
        // The archive instant is not kept on the row: count from the last activation.
        if (e.deleteArchivedAfterDays > 0 && inactive >= archiveAfter + e.deleteArchivedAfterDays)
            return hit(CleanupKind::Delete, reason, [&] {
                return QStringLiteral("archived and unused for %1 days (the limit is %2)")
                    .arg(days(inactive), num(archiveAfter + e.deleteArchivedAfterDays));
            });
        return std::nullopt;
    }
    if (inactive < archiveAfter)
        return std::nullopt;
    // `s` is this profile's score of `in` at `now`: its tier says whether W is below the
    // forgotten line, except for a permanent memory's, which names no W.
    const bool forgotten =
        s.tier == Tier::Permanent ? profile.breakdown(in, now).raw < e.forgottenBelow : s.tier == Tier::Forgotten;
    if (forgotten)
        return hit(CleanupKind::Archive, reason, [&] {
            return QStringLiteral("time weight %1 is under the forgotten line (%2) and unused for %3 days (the limit is %4)")
                .arg(num(profile.breakdown(in, now).raw), num(e.forgottenBelow), days(inactive), num(archiveAfter));
        });
    return std::nullopt;
}

/// importance (docs/scoring.md#cleanup): below the category's delete line or past its maximum age → delete.
std::optional<CleanupKind> importance(const Facts &f, const ScoreInput &in, const Score &s, Millis now,
                                      const Config &config, QString *reason)
{
    if (s.tier != Tier::Forgotten)
        return std::nullopt;
    const CategoryConfig &cat = config.category(*f.category);
    // docs/scoring.md#cleanup: an episode's maximum age counts from its creation.
    const double age = time::daysBetween(in.createdAt ? in.createdAt : in.lastAccessedAt, now);
    if (cat.maxAgeDays > 0 && age >= cat.maxAgeDays)
        return hit(CleanupKind::Delete, reason, [&] {
            return QStringLiteral("%1 written %2 days ago, older than the %3 days it is kept").arg(*f.category, days(age), num(cat.maxAgeDays));
        });
    return hit(CleanupKind::Delete, reason, [&] {
        const double line = std::max(cat.deleteBelow, config.importance.forgottenBelow);
        return QStringLiteral("importance %1 is under the delete line (%2)").arg(num(s.score), num(line));
    });
}

/// lifecycle (docs/scoring.md#cleanup): score < 0.1 → delete (evict), < 0.3 → compress.
std::optional<CleanupKind> lifecycle(const Facts &f, const Score &s, const Config &config, QString *reason)
{
    const auto &l = config.lifecycle;
    if (s.tier == Tier::Forgotten)
        return hit(CleanupKind::Delete, reason,
                   [&] { return QStringLiteral("score %1 is under the eviction line (%2)").arg(num(s.score), num(l.weakAt)); });
    if (s.tier == Tier::Weak && !f.compressed)
        return hit(CleanupKind::Compress, reason,
                   [&] { return QStringLiteral("score %1 is under the compression line (%2)").arg(num(s.score), num(l.fadingAt)); });
    return std::nullopt;
}

} // namespace

Facts Facts::of(const Memory &m)
{
    Facts f;
    f.deletedAt = m.deletedAt;
    f.permanent = m.permanent;
    f.sensitivity = m.sensitivity;
    f.category = &m.category;
    f.importance = m.importance;
    f.level = m.level;
    f.compressed = m.compressed;
    f.awaitsEvidence = awaitsEvidenceOfUse(m.source.type, m.accessCount);
    return f;
}

std::optional<CleanupKind> purge(const Facts &f, const Config &config, Millis now, QString *reason)
{
    const double since = time::daysBetween(f.deletedAt, now);
    if (since < config.budgets.purgeAfterDays)
        return std::nullopt;
    return hit(CleanupKind::Purge, reason, [&] {
        return QStringLiteral("deleted %1 days ago; deleted memories are kept %2 days").arg(days(since), num(config.budgets.purgeAfterDays));
    });
}

bool isNeverDeleted(const Facts &f, const Config &config)
{
    return config.category(*f.category).neverDecays || f.importance >= config.importance.coreAt;
}

std::optional<CleanupKind> profileRule(const QString &profile, const Facts &f, const ScoreInput &in, const Score &s,
                                       Millis now, const Config &config, const EnhancedProfile &enhancedProfile,
                                       QString *reason)
{
    if (profile == QLatin1String("ebbinghaus"))
        return ebbinghaus(f, s, config, reason);
    if (profile == QLatin1String("enhanced"))
        return enhanced(f, in, s, now, config, enhancedProfile, reason);
    if (profile == QLatin1String("importance"))
        return importance(f, in, s, now, config, reason);
    if (profile == QLatin1String("lifecycle"))
        return lifecycle(f, s, config, reason);
    return std::nullopt;
}

BudgetGroup budgetGroup(const Facts &f, std::optional<CleanupKind> action)
{
    const bool deleting = action && *action == CleanupKind::Delete;
    if (deleting)
        return BudgetGroup::None;
    if (*f.category == kEpisode) {
        const bool compressed = f.compressed || (action && *action == CleanupKind::Compress);
        return compressed ? BudgetGroup::CompressedEpisode : BudgetGroup::ActiveEpisode;
    }
    if (*f.category == kRule)
        return BudgetGroup::SemanticRule;
    return BudgetGroup::None;
}

QString budgetReason(BudgetGroup group, std::size_t groupSize, int budget, double score, int excess)
{
    const QString what = group == BudgetGroup::ActiveEpisode       ? QStringLiteral("active episodes")
                         : group == BudgetGroup::CompressedEpisode ? QStringLiteral("compressed episodes")
                                                                   : QStringLiteral("semantic rules");
    return QStringLiteral("%2 %1 where the budget is %3; its score %4 is among the %5 lowest")
        .arg(what)
        .arg(groupSize)
        .arg(budget)
        .arg(num(score))
        .arg(excess);
}

} // namespace recollector::core::cleanup_rules
