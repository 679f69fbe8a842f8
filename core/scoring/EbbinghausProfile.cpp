#include "scoring/EbbinghausProfile.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace recollector::core {

namespace {

// The strength is a whole number, so it is below `line` once 100·e^(−x) < ⌈line⌉ − ½, that
// is once x > −ln((⌈line⌉ − ½)/100) (never, for a line at or below zero).
double decayBelow(double line)
{
    const double below = std::ceil(line) - 0.5;
    return below <= 0 ? std::numeric_limits<double>::infinity() : -std::log(below / 100.0);
}

} // namespace

EbbinghausProfile::EbbinghausProfile(Config config) : ScoringProfile(std::move(config))
{
    const auto &d = m_config.decay;
    m_below = { decayBelow(d.deleteThreshold), decayBelow(d.archiveThreshold),
                decayBelow(d.fadingThreshold) };
}

double EbbinghausProfile::effectiveStability(const ScoreInput &in)
{
    return std::max(double(in.stability) / std::max(double(in.decayRate), 1e-6), 1e-6);
}

Score EbbinghausProfile::evaluate(const ScoreInput &in, Millis now) const
{
    if (in.permanent)
        return {100, 100, Tier::Permanent};
    const double hours = std::max(0.0, double(now - in.lastReinforcedAt) / double(kMsPerHour));
    const double retention = std::exp(-hours / effectiveStability(in));
    const double strength = std::round(100.0 * retention * conflictMultiplier(in, now));
    const auto &d = m_config.decay;
    Tier tier = Tier::Active;
    if (strength < d.deleteThreshold)
        tier = Tier::Forgotten;
    else if (strength < d.archiveThreshold)
        tier = Tier::Weak;
    else if (strength < d.fadingThreshold)
        tier = Tier::Fading;
    return {strength, strength, tier};
}

std::vector<TierThreshold> EbbinghausProfile::thresholds() const
{
    const auto &d = m_config.decay;
    return {{Tier::Fading, d.fadingThreshold, QStringLiteral("fading")},
            {Tier::Weak, d.archiveThreshold, QStringLiteral("archive")},
            {Tier::Forgotten, d.deleteThreshold, QStringLiteral("delete")}};
}

QJsonObject EbbinghausProfile::factors(const ScoreInput &in, Millis now) const
{
    const double hours = std::max(0.0, double(now - in.lastReinforcedAt) / double(kMsPerHour));
    return QJsonObject{{QStringLiteral("hours"), hours},
                       {QStringLiteral("effectiveStability"), effectiveStability(in)},
                       {QStringLiteral("retention"), std::exp(-hours / effectiveStability(in))},
                       {QStringLiteral("conflictPenalty"), conflictMultiplier(in, now)}};
}

std::optional<double> EbbinghausProfile::daysUntilWeak(const ScoreInput &in, Millis now) const
{
    if (in.permanent)
        return std::nullopt;
    if (in.negatedAt != 0)
        return ScoringProfile::daysUntilWeak(in, now);
    const double line = m_config.decay.archiveThreshold;
    if (line <= 0)
        return std::nullopt;
    const double hours = std::max(0.0, double(now - in.lastReinforcedAt) / double(kMsPerHour));
    const double hoursToLine = -effectiveStability(in) * std::log(line / 100.0);
    return std::round(std::max(0.0, (hoursToLine - hours) / 24.0) * 10) / 10;
}

std::optional<Tier> EbbinghausProfile::tierAtDecay(double decay) const
{
    constexpr double kNear = 1e-9;
    for (const double below : m_below) {
        if (std::isfinite(below) && std::abs(decay - below) <= kNear * std::max(1.0, std::abs(below)))
            return std::nullopt;
    }
    // evaluate()'s order of the lines.
    if (decay > m_below[0])
        return Tier::Forgotten;
    if (decay > m_below[1])
        return Tier::Weak;
    if (decay > m_below[2])
        return Tier::Fading;
    return Tier::Active;
}

std::pair<Tier, Tier> EbbinghausProfile::tiersAt(const ScoreInput &in, Millis from, Millis to) const
{
    if (in.permanent)
        return { Tier::Permanent, Tier::Permanent };
    if (in.negatedAt != 0)
        return ScoringProfile::tiersAt(in, from, to);
    const double stability = effectiveStability(in);
    const auto at = [&](Millis now) {
        const double hours = std::max(0.0, double(now - in.lastReinforcedAt) / double(kMsPerHour));
        const std::optional<Tier> tier = tierAtDecay(hours / stability);
        return tier ? *tier : evaluate(in, now).tier;
    };
    return { at(from), at(to) };
}

Millis EbbinghausProfile::tierLeftAt(const ScoreInput &in, Tier before, Millis from, Millis to) const
{
    const auto &d = m_config.decay;
    const double line = before == Tier::Active ? d.fadingThreshold
                        : before == Tier::Fading ? d.archiveThreshold
                        : before == Tier::Weak   ? d.deleteThreshold
                                                 : 0.0;
    const double below = std::ceil(line) - 0.5;
    if (in.permanent || in.negatedAt != 0 || below <= 0 || below >= 100)
        return ScoringProfile::tierLeftAt(in, before, from, to);
    const double hours = -effectiveStability(in) * std::log(below / 100.0);
    const double ms = hours * double(kMsPerHour);
    // The first whole minute past the line, as the halving gives it to the minute: memories that
    // cross in one minute then share its instant, and a list sorted by it keeps them in the
    // store's order. A value the rounding of exp() puts a hair on the wrong side is left to the
    // halving.
    constexpr Millis minute = kMsPerHour / 60;
    const Millis past = in.lastReinforcedAt + Millis(std::floor(ms)) + 1;
    const Millis at = ms < double(to - in.lastReinforcedAt) ? std::min(to, (past + minute - 1) / minute * minute) : to;
    if (at <= from || at > to || evaluate(in, at).tier == before)
        return ScoringProfile::tierLeftAt(in, before, from, to);
    return at;
}

} // namespace recollector::core
