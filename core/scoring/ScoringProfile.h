#pragma once

#include "config/Config.h"
#include "model/Memory.h"
#include "model/Tier.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace recollector::core {

/// What the event log says about a memory's mentions (docs/scoring.md#mentions-enhanced-profile: a user mentioning it, i.e. a
/// `reinforce`/`confirm` event whose payload has `"mention": true`), as of one instant.
/// Built for many memories at once by MentionIndex.
struct MentionSummary
{
    Millis lastAt = 0;             ///< the latest mention at or before the instant; 0 = never
    Millis firstInWindowAt = 0;    ///< the oldest mention counted in `inWindow`
    std::uint16_t inWindow = 0;    ///< mentions in the momentum window (3 days) ending at the instant
    bool frequent = false;         ///< the latest mention had ≥ 3 mentions within the 24 h before it

    bool operator==(const MentionSummary &) const = default;
};

/// The numbers a profile needs for one memory, flat and allocation-free so a million of them
/// can be scored in a tight loop (docs/architecture.md, "Performance budget": score_all_ms).
/// Built from a Memory (+ its mention summary) by ScoreInput::from().
struct ScoreInput
{
    Millis lastReinforcedAt = 0;
    Millis lastAccessedAt = 0;
    Millis createdAt = 0;
    Millis negatedAt = 0;           ///< start of C(t); 0 = not negated/superseded
    Millis lastMentionAt = 0;       ///< enhanced S(t); 0 = never mentioned
    Millis firstWindowMentionAt = 0; ///< oldest mention counted in mentionsInWindow
    // Doubles, not floats: the scores are shown and compared against the notes' numbers to
    // four places, and 1.3f prints as 1.2999999523.
    double stability = 24;          ///< hours
    double decayRate = 1;
    double importance = 1;
    double confidence = 0.5;
    std::int32_t accessCount = 0;
    std::int32_t reinforceCount = 0;
    std::uint16_t mentionsInWindow = 0; ///< mentions in the momentum window when the summary was made
    std::uint16_t categoryIndex = 0;    ///< into Config::categories
    bool permanent = false;
    bool negated = false;
    bool frequentMention = false;       ///< the last mention was a frequent one (≥ 3 in 24 h)

    static ScoreInput from(const Memory &memory, const Config &config, const MentionSummary &mentions = {});
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

/// The conflict factor (docs/scoring.md, "Conflict factor C(t)") for a negated or superseded
/// memory, `days` after it happened:
/// C = 1 − (1 − c_min)·e^(−λ·days). Drops to c_min at once (0.30) and recovers slowly
/// (0.35 at 7 d, 0.48 at 30 d, 0.72 at 90 d). Its design prints the complementary formula; the
/// behaviour its text describes is this one.
double conflictFactor(const Config::Conflicts &conflicts, double days);

/// One of the four scoring profiles (docs/scoring.md, "Score, strength, tier"). Stateless after
/// construction; safe to call from several threads at once.
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
    /// The score's ingredients at `now`, for explanations and event payloads (not hot).
    virtual QJsonObject factors(const ScoreInput &in, Millis now) const;

    Score evaluate(const Memory &memory, Millis now) const;
    /// score(t) for `steps + 1` instants evenly spaced over [from, to], with the memory's
    /// state as it is now (the future projection; the past is reconstructed by DecayCurve).
    std::vector<CurvePoint> curve(const ScoreInput &in, Millis from, Millis to, int steps) const;

    /// The native score below which a memory is `weak` (the archive / compress line).
    double weakLine() const;
    /// Days from `now` until the score first falls to or below weakLine(): 0 when it already
    /// has, nullopt when it never will (permanent, a category that never decays). `daysUntilFade`
    /// of docs/cli.md, "health"; to 0.1 day.
    virtual std::optional<double> daysUntilWeak(const ScoreInput &in, Millis now) const;
    /// The instant in (from, to] at which the memory's tier, `before` at `from`, was first
    /// another, to the minute: the review inbox's "Fell to weak" (docs/scoring.md#review-inbox).
    /// Found by halving the range; a profile whose tier lines can be solved for time says so.
    virtual Millis tierLeftAt(const ScoreInput &in, Tier before, Millis from, Millis to) const;
    /// evaluate()'s tiers at `from` and at `to`: the review inbox asks them of every memory
    /// (docs/scoring.md#review-inbox). A profile that can tell a tier without its score says so.
    virtual std::pair<Tier, Tier> tiersAt(const ScoreInput &in, Millis from, Millis to) const;

    const Config &config() const { return m_config; }

protected:
    explicit ScoringProfile(Config config) : m_config(std::move(config)) {}
    /// C(t) for the input at `now`, 1 when the memory is neither negated nor superseded.
    double conflictMultiplier(const ScoreInput &in, Millis now) const;
    Config m_config;
};

/// "ebbinghaus", "enhanced", "importance", "lifecycle".
QStringList profileNames();
/// nullptr for an unknown name.
std::unique_ptr<ScoringProfile> makeProfile(const QString &name, const Config &config);

} // namespace recollector::core
