#pragma once

#include "scoring/ScoringProfile.h"

#include <array>
#include <optional>

namespace recollector::core {

/// docs/scoring.md#ebbinghaus: strength = round(100·e^(−h/S_eff)·C), h = hours since lastReinforcedAt,
/// S_eff = stability / decayRate (hours), C = the conflict factor (1 unless negated or
/// superseded). Tiers: fading < 30, weak < 10, forgotten < 5 (config `memory.decay.*`).
class EbbinghausProfile final : public ScoringProfile
{
public:
    explicit EbbinghausProfile(Config config);

    QString name() const override { return QStringLiteral("ebbinghaus"); }
    Score evaluate(const ScoreInput &in, Millis now) const override;
    double maxScore() const override { return 100; }
    std::vector<TierThreshold> thresholds() const override;
    QJsonObject factors(const ScoreInput &in, Millis now) const override;
    /// `daysUntilFade` (docs/cli.md, "health"): max(0, (−S_eff·ln(archive/100) − h)/24) to 0.1
    /// day; numeric when C applies.
    std::optional<double> daysUntilWeak(const ScoreInput &in, Millis now) const override;
    /// Solved for time when C does not apply: the strength only falls, and rounds below the
    /// line ⌈line⌉ when 100·e^(−h/S_eff) < ⌈line⌉ − ½, so h = −S_eff·ln((⌈line⌉ − ½)/100),
    /// given as the whole minute after.
    Millis tierLeftAt(const ScoreInput &in, Tier before, Millis from, Millis to) const override;
    /// When C does not apply, by the same solution: a tier is where h/S_eff lies among the lines'
    /// −ln((⌈line⌉ − ½)/100), so no exp() is needed.
    std::pair<Tier, Tier> tiersAt(const ScoreInput &in, Millis from, Millis to) const override;

    /// S_eff in hours.
    static double effectiveStability(const ScoreInput &in);

private:
    /// The tier at h/S_eff = `decay` when C does not apply; nullopt this near a line, where
    /// the rounding of exp() in evaluate() decides.
    std::optional<Tier> tierAtDecay(double decay) const;
    /// h/S_eff past which the strength rounds below the forgotten, weak and fading lines.
    std::array<double, 3> m_below {};
};

} // namespace recollector::core
