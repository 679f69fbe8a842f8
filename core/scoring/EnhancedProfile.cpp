#include "scoring/EnhancedProfile.h"

#include <algorithm>
#include <cmath>

namespace recollector::core {

double EnhancedProfile::timeWeight(double alphaBase, double userFactor, double importance, double days)
{
    const double alpha = alphaBase * userFactor / std::max(importance, 1e-6);
    return 1.0 / (1.0 + alpha * std::max(0.0, days));
}

double EnhancedProfile::semanticBoost(double boost, double lambdaPerDay, double daysSinceMention)
{
    return 1.0 + boost * std::exp(-lambdaPerDay * std::max(0.0, daysSinceMention));
}

double EnhancedProfile::momentum(double m, double lambda, int mentions)
{
    if (mentions <= 0)
        return 1.0; // what the formula gives: exp(0) is exactly 1
    return 1.0 + m * (1.0 - std::exp(-lambda * mentions));
}

int EnhancedProfile::mentionsInWindowAt(const ScoreInput &in, Millis now) const
{
    if (in.lastMentionAt == 0 || in.mentionsInWindow == 0)
        return 0;
    const Millis window = Millis(m_config.enhanced.momentumWindowDays * double(kMsPerDay));
    if (now - in.lastMentionAt > window)
        return 0;
    if (now - in.firstWindowMentionAt <= window)
        return in.mentionsInWindow;
    return 1;
}

EnhancedProfile::Factors EnhancedProfile::breakdown(const ScoreInput &in, Millis now) const
{
    const auto &e = m_config.enhanced;
    Factors f;
    f.importance = m_config.categories[in.categoryIndex].enhancedImportance;
    f.userFactor = e.userFactor;
    f.timeWeight = timeWeight(e.alphaBase, e.userFactor, f.importance,
                              double(now - in.lastReinforcedAt) / double(kMsPerDay));
    if (in.lastMentionAt != 0)
        f.semanticBoost = semanticBoost(in.frequentMention ? e.frequentSemanticBoost : e.semanticBoost,
                                        e.semanticLambda, double(now - in.lastMentionAt) / double(kMsPerDay));
    f.conflictPenalty = conflictMultiplier(in, now);
    f.momentum = momentum(e.momentum, e.momentumLambda, mentionsInWindowAt(in, now));
    f.raw = f.timeWeight * f.semanticBoost * f.conflictPenalty * f.importance * f.userFactor * f.momentum;
    f.weight = std::clamp(f.raw, e.minWeight, e.maxWeight);
    return f;
}

Score EnhancedProfile::evaluate(const ScoreInput &in, Millis now) const
{
    const auto &e = m_config.enhanced;
    if (in.permanent)
        return {e.maxWeight, 100, Tier::Permanent};
    const Factors f = breakdown(in, now);
    Tier tier = Tier::Active;
    if (f.raw < e.forgottenBelow)
        tier = Tier::Forgotten;
    else if (f.weight < e.weakBelow)
        tier = Tier::Weak;
    else if (f.weight < e.fadingBelow)
        tier = Tier::Fading;
    return {f.weight, 100.0 * f.weight / e.maxWeight, tier};
}

std::vector<TierThreshold> EnhancedProfile::thresholds() const
{
    const auto &e = m_config.enhanced;
    return {{Tier::Fading, e.fadingBelow, QStringLiteral("fading")},
            {Tier::Weak, e.weakBelow, QStringLiteral("weak")},
            {Tier::Forgotten, e.forgottenBelow, QStringLiteral("forgotten")}};
}

QJsonObject EnhancedProfile::Factors::toJson() const
{
    return QJsonObject{{QStringLiteral("timeWeight"), timeWeight},   {QStringLiteral("semanticBoost"), semanticBoost},
                       {QStringLiteral("conflictPenalty"), conflictPenalty}, {QStringLiteral("importance"), importance},
                       {QStringLiteral("userFactor"), userFactor},   {QStringLiteral("momentum"), momentum},
                       {QStringLiteral("raw"), raw},                 {QStringLiteral("weight"), weight}};
}

QJsonObject EnhancedProfile::factors(const ScoreInput &in, Millis now) const { return breakdown(in, now).toJson(); }

} // namespace recollector::core
