#pragma once

#include "scoring/ScoringProfile.h"

namespace recollector::core {

/// The composite weight, as Recollector reads it (docs/scoring.md, "Enhanced"):
/// W = w_time × S × C × I × U × M, clamped to [0.01, 2.0]; strength = 100·W/2.
/// Tiers: fading < 0.5, weak < 0.3, forgotten when the unclamped product is < 0.01 (the
/// clamp would otherwise keep every memory at or above the forgotten line).
class EnhancedProfile final : public ScoringProfile
{
public:
    /// The breakdown the weight change log records (docs/scoring.md#weight-change-log).
    struct Factors
    {
        double timeWeight = 1;      ///< w_time = 1/(1 + α·t), t days since lastReinforcedAt, α = α_base·U/I
        double semanticBoost = 1;   ///< S = 1 + s·e^(−λ_s·Δt_mention), s = 0.5 (0.3 if frequent); 1 if never
        double conflictPenalty = 1; ///< C (docs/scoring.md, "Conflict factor C(t)")
        double importance = 1;      ///< I, the category's
        double userFactor = 1;      ///< U
        double momentum = 1;        ///< M = 1 + m·(1 − e^(−λ_m·n)), n = mentions in the last 3 days
        double raw = 1;             ///< the product before clamping
        double weight = 1;          ///< W, clamped

        QJsonObject toJson() const;
    };

    explicit EnhancedProfile(Config config) : ScoringProfile(std::move(config)) {}

    QString name() const override { return QStringLiteral("enhanced"); }
    Score evaluate(const ScoreInput &in, Millis now) const override;
    double maxScore() const override { return m_config.enhanced.maxWeight; }
    std::vector<TierThreshold> thresholds() const override;
    QJsonObject factors(const ScoreInput &in, Millis now) const override;

    Factors breakdown(const ScoreInput &in, Millis now) const;
    /// n for M(t): the summary's count while its oldest mention is still inside the window,
    /// then (as an estimate, exact again when the summary is rebuilt for `now`) 1 while the
    /// latest one is, then 0.
    int mentionsInWindowAt(const ScoreInput &in, Millis now) const;

    // The note's single-factor formulas, public for tests and the factor explanations.
    static double timeWeight(double alphaBase, double userFactor, double importance, double days);
    static double semanticBoost(double boost, double lambdaPerDay, double daysSinceMention);
    static double momentum(double m, double lambda, int mentions);
};

} // namespace recollector::core
