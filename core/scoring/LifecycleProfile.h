#pragma once

#include "scoring/ScoringProfile.h"

namespace recollector::core {

/// docs/scoring.md#lifecycle: score = min(1, e^(−0.1·ageDays) × (1 + 0.2·recallCount) × (1 + 0.3·importance)),
/// ageDays since lastReinforcedAt (a recall re-activates), recallCount = accessCount; × C
/// when negated or superseded. Tiers: active ≥ 0.7, fading ≥ 0.3, weak (compress) ≥ 0.1,
/// forgotten (evict) below. strength = 100·score.
class LifecycleProfile final : public ScoringProfile
{
public:
    explicit LifecycleProfile(Config config) : ScoringProfile(std::move(config)) {}

    QString name() const override { return QStringLiteral("lifecycle"); }
    Score evaluate(const ScoreInput &in, Millis now) const override;
    double maxScore() const override { return 1; }
    std::vector<TierThreshold> thresholds() const override;
    QJsonObject factors(const ScoreInput &in, Millis now) const override;

    /// The score formula of docs/scoring.md#lifecycle on its own.
    static double decayScore(double ageLambda, double recallWeight, double importanceWeight, double ageDays,
                             int recallCount, double importance);
};

} // namespace recollector::core
