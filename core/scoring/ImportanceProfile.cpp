#include "scoring/ImportanceProfile.h"

#include <algorithm>
#include <cmath>

namespace recollector::core {

double ImportanceProfile::decay(double initial, double dailyFactor, double graceDays, double days)
{
    const double decayingDays = std::max(0.0, std::floor(std::max(0.0, days)) - graceDays);
    return initial * std::pow(dailyFactor, decayingDays);
}

bool ImportanceProfile::neverDecays(const ScoreInput &in) const
{
    return m_config.categories[in.categoryIndex].neverDecays || double(in.importance) >= m_config.importance.coreAt;
}

double ImportanceProfile::decayedImportance(const ScoreInput &in, Millis now) const
{
    if (neverDecays(in))
        return in.importance;
    const CategoryConfig &cat = m_config.categories[in.categoryIndex];
    return decay(in.importance, cat.dailyDecayFactor, cat.graceDays,
                 double(now - in.lastAccessedAt) / double(kMsPerDay));
}

Score ImportanceProfile::evaluate(const ScoreInput &in, Millis now) const
{
    const auto &p = m_config.importance;
    if (in.permanent)
        return {p.coreAt, 100, Tier::Permanent};
    const CategoryConfig &cat = m_config.categories[in.categoryIndex];
    const bool never = neverDecays(in);
    const double score = decayedImportance(in, now) * conflictMultiplier(in, now);
    const double strength = 100.0 * std::clamp(score, 0.0, p.coreAt) / std::max(p.coreAt, 1e-6);
    // docs/scoring.md#importance: an episode is deleted 14 days after it was written, however recently it was used.
    const double ageDays = double(now - (in.createdAt ? in.createdAt : in.lastAccessedAt)) / double(kMsPerDay);
    Tier tier = Tier::Active;
    // system, core and importance ≥ 3.0 are never delete candidates (docs/scoring.md#cleanup), whatever the
    // forgotten line says: at worst they are weak.
    if (!never
        && (score < p.forgottenBelow || score < cat.deleteBelow || (cat.maxAgeDays > 0 && ageDays >= cat.maxAgeDays)))
        tier = Tier::Forgotten;
    else if (score < p.weakBelow)
        tier = Tier::Weak;
    return {score, strength, tier};
}

std::vector<TierThreshold> ImportanceProfile::thresholds() const
{
    const auto &p = m_config.importance;
    return {{Tier::Weak, p.weakBelow, QStringLiteral("decay review")},
            {Tier::Forgotten, p.forgottenBelow, QStringLiteral("delete")}};
}

QJsonObject ImportanceProfile::factors(const ScoreInput &in, Millis now) const
{
    const CategoryConfig &cat = m_config.categories[in.categoryIndex];
    return QJsonObject{{QStringLiteral("initialImportance"), double(in.importance)},
                       {QStringLiteral("daysSinceAccess"), double(now - in.lastAccessedAt) / double(kMsPerDay)},
                       {QStringLiteral("dailyDecayFactor"), neverDecays(in) ? 1.0 : cat.dailyDecayFactor},
                       {QStringLiteral("graceDays"), cat.graceDays},
                       {QStringLiteral("decayedImportance"), decayedImportance(in, now)},
                       {QStringLiteral("conflictPenalty"), conflictMultiplier(in, now)}};
}

} // namespace recollector::core
