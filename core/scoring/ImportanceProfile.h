#pragma once

#include "scoring/ScoringProfile.h"

namespace recollector::core {

/// docs/scoring.md#importance: the score is the memory's importance, decayed per category from the last access:
/// I(d) = I₀·f^max(0, ⌊d⌋ − grace), d = days since lastAccessedAt (episode f = 0.8, fact
/// 0.95, grace 7). `system`, `core` and anything at or above 3.0 never decay. Multiplied by
/// C when negated or superseded. strength = 100·min(score, 3)/3. Tiers: weak < 0.5;
/// forgotten (only what decays) < 0.3, below the category's deleteBelow (fact 0.3) or
/// maxAgeDays after its creation (episode 14). There is no fading tier in this profile.
class ImportanceProfile final : public ScoringProfile
{
public:
    explicit ImportanceProfile(Config config) : ScoringProfile(std::move(config)) {}

    QString name() const override { return QStringLiteral("importance"); }
    Score evaluate(const ScoreInput &in, Millis now) const override;
    double maxScore() const override { return m_config.importance.coreAt; }
    std::vector<TierThreshold> thresholds() const override;
    QJsonObject factors(const ScoreInput &in, Millis now) const override;

    /// I(d) without the conflict factor: what the importance decay job would have left in the
    /// importance field by `now`. Decisions store it back (materialise it) whenever the
    /// last access moves, so the decay already suffered is not forgiven.
    double decayedImportance(const ScoreInput &in, Millis now) const;
    /// docs/scoring.md#importance's formula on its own: I₀·f^max(0, ⌊days⌋ − grace).
    static double decay(double initial, double dailyFactor, double graceDays, double days);
    bool neverDecays(const ScoreInput &in) const;
};

} // namespace recollector::core
