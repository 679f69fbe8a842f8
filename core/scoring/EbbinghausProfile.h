#pragma once

#include "scoring/ScoringProfile.h"

namespace engram::core {

/// Note 000: strength = round(100·e^(−h/S_eff)), h = hours since lastReinforcedAt,
/// S_eff = stability / decayRate. Tiers: fading < 30, weak < 10, forgotten < 5 (config).
class EbbinghausProfile final : public ScoringProfile
{
public:
    explicit EbbinghausProfile(Config config) : ScoringProfile(std::move(config)) {}

    QString name() const override { return QStringLiteral("ebbinghaus"); }
    Score evaluate(const ScoreInput &in, Millis now) const override;
    double maxScore() const override { return 100; }
    std::vector<TierThreshold> thresholds() const override;
};

} // namespace engram::core
