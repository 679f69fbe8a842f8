#pragma once

#include "config/Config.h"
#include "model/Memory.h"
#include "model/Tier.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace engram::core {

/// The numbers a profile needs for one memory, flat and allocation-free so a million of them
/// can be scored in a tight loop (SPEC §13 score_all_ms). Built from a Memory (+ its mention
/// summary) by ScoreInput::from().
struct ScoreInput
{
    Millis lastReinforcedAt = 0;
    Millis lastAccessedAt = 0;
    Millis createdAt = 0;
    Millis negatedAt = 0;           ///< start of C(t); 0 = not negated/superseded
    Millis lastMentionAt = 0;       ///< enhanced S(t); 0 = never mentioned
    float stability = 24;           ///< hours
    float decayRate = 1;
    float importance = 1;
    float confidence = 0.5f;
    std::int32_t accessCount = 0;
    std::int32_t reinforceCount = 0;
    std::uint16_t mentionsInWindow = 0; ///< mentions in the momentum window ending at lastMentionAt
    std::uint16_t categoryIndex = 0;    ///< into Config::categories
    bool permanent = false;
    bool negated = false;
    bool frequentMention = false;       ///< the last mention was a frequent one (≥ 3 in 24 h)

    static ScoreInput from(const Memory &memory, const Config &config);
};

struct Score
{
    double score = 0;     ///< the profile's native score
    double strength = 0;  ///< 0..100 for the colour scale
    Tier tier = Tier::Active;
};

/// A horizontal line on the decay chart where a tier starts (in native score units).
struct TierThreshold
{
    Tier tier;            ///< the tier below this line
    double score;
    QString label;
};

struct CurvePoint
{
    Millis at;
    double score;
};

/// One of the four scoring profiles of SPEC §4. Stateless after construction; safe to call
/// from several threads at once.
class ScoringProfile
{
public:
    virtual ~ScoringProfile() = default;

    virtual QString name() const = 0;
    /// Hot path: no allocation, no string work.
    virtual Score evaluate(const ScoreInput &in, Millis now) const = 0;
    /// Top of the native scale (permanent memories score here).
    virtual double maxScore() const = 0;
    virtual std::vector<TierThreshold> thresholds() const = 0;

    Score evaluate(const Memory &memory, Millis now) const;
    /// score(t) for `steps + 1` instants evenly spaced over [from, to], with the memory's
    /// state as it is now (the future projection; the past is reconstructed by DecayCurve).
    std::vector<CurvePoint> curve(const ScoreInput &in, Millis from, Millis to, int steps) const;

    const Config &config() const { return m_config; }

protected:
    explicit ScoringProfile(Config config) : m_config(std::move(config)) {}
    Config m_config;
};

/// "ebbinghaus", "enhanced", "importance", "lifecycle".
QStringList profileNames();
/// nullptr for an unknown name.
std::unique_ptr<ScoringProfile> makeProfile(const QString &name, const Config &config);

} // namespace engram::core
