#include "scoring/LifecycleProfile.h"

#include <algorithm>
#include <cmath>

namespace recollector::core {

double LifecycleProfile::decayScore(double ageLambda, double recallWeight, double importanceWeight, double ageDays,
                                    int recallCount, double importance)
{
    const double base = std::exp(-ageLambda * std::max(0.0, ageDays));
    return std::min(1.0, base * (1.0 + recallWeight * recallCount) * (1.0 + importanceWeight * importance));
}

Score LifecycleProfile::evaluate(const ScoreInput &in, Millis now) const
{
    if (in.permanent)
        return {1, 100, Tier::Permanent};
    const auto &l = m_config.lifecycle;
    const double score = decayScore(l.ageLambda, l.recallWeight, l.importanceWeight,
                                    double(now - in.lastReinforcedAt) / double(kMsPerDay), in.accessCount,
                                    in.importance)
                         * conflictMultiplier(in, now);
    Tier tier = Tier::Forgotten;
    if (score >= l.activeAt)
        tier = Tier::Active;
    else if (score >= l.fadingAt)
        tier = Tier::Fading;
    else if (score >= l.weakAt)
        tier = Tier::Weak;
    return {score, 100.0 * score, tier};
}

std::vector<TierThreshold> LifecycleProfile::thresholds() const
{
    const auto &l = m_config.lifecycle;
    return {{Tier::Fading, l.activeAt, QStringLiteral("fading")},
            {Tier::Weak, l.fadingAt, QStringLiteral("compress")},
            {Tier::Forgotten, l.weakAt, QStringLiteral("evict")}};
}

QJsonObject LifecycleProfile::factors(const ScoreInput &in, Millis now) const
{
    const auto &l = m_config.lifecycle;
    const double ageDays = std::max(0.0, double(now - in.lastReinforcedAt) / double(kMsPerDay));
    return QJsonObject{{QStringLiteral("ageDays"), ageDays},
                       {QStringLiteral("baseDecay"), std::exp(-l.ageLambda * ageDays)},
                       {QStringLiteral("recallBoost"), 1.0 + l.recallWeight * in.accessCount},
                       {QStringLiteral("importanceBoost"), 1.0 + l.importanceWeight * double(in.importance)},
                       {QStringLiteral("conflictPenalty"), conflictMultiplier(in, now)}};
}

} // namespace recollector::core
