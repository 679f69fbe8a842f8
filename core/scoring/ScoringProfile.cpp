#include "scoring/ScoringProfile.h"

#include "scoring/EbbinghausProfile.h"
#include "scoring/EnhancedProfile.h"
#include "scoring/ImportanceProfile.h"
#include "scoring/LifecycleProfile.h"

#include <algorithm>
#include <cmath>

namespace recollector::core {

ScoreInput ScoreInput::from(const Memory &m, const Config &config, const MentionSummary &mentions)
{
    ScoreInput in;
    // Lazy migration (docs/formats.md, "Lazy migration"): decay counts from updatedAt, else createdAt.
    in.lastReinforcedAt = m.lastReinforcedAt ? m.lastReinforcedAt : (m.updatedAt ? m.updatedAt : m.createdAt);
    in.lastAccessedAt = m.lastAccessedAt ? m.lastAccessedAt : in.lastReinforcedAt;
    in.createdAt = m.createdAt;
    in.negatedAt = (m.negated || m.superseded) ? (m.negatedAt ? m.negatedAt : m.updatedAt) : 0;
    in.lastMentionAt = mentions.lastAt;
    in.firstWindowMentionAt = mentions.firstInWindowAt;
    in.mentionsInWindow = mentions.inWindow;
    in.frequentMention = mentions.frequent;
    // An agent hub's "hot" memory decays twice as fast (docs/formats.md, "Agent memory folders").
    in.stability = m.agentTier == QLatin1String("hot") ? m.stability / 2 : m.stability;
    in.decayRate = m.decayRate;
    in.importance = m.importance;
    in.confidence = m.confidence;
    in.accessCount = m.accessCount;
    in.reinforceCount = m.reinforceCount;
    in.categoryIndex = std::uint16_t(config.categoryIndex(m.category));
    in.permanent = m.permanent;
    in.negated = m.negated;
    return in;
}

double conflictFactor(const Config::Conflicts &c, double days)
{
    return 1.0 - (1.0 - c.minFactor) * std::exp(-c.recoveryPerDay * std::max(0.0, days));
}

double ScoringProfile::conflictMultiplier(const ScoreInput &in, Millis now) const
{
    if (in.negatedAt == 0)
        return 1.0;
    return conflictFactor(m_config.conflicts, double(now - in.negatedAt) / double(kMsPerDay));
}

QJsonObject ScoringProfile::factors(const ScoreInput &in, Millis now) const
{
    const Score s = evaluate(in, now);
    return QJsonObject{{QStringLiteral("score"), s.score},
                       {QStringLiteral("conflictPenalty"), conflictMultiplier(in, now)}};
}

Score ScoringProfile::evaluate(const Memory &memory, Millis now) const
{
    return evaluate(ScoreInput::from(memory, m_config), now);
}

std::vector<CurvePoint> ScoringProfile::curve(const ScoreInput &in, Millis from, Millis to, int steps) const
{
    std::vector<CurvePoint> out;
    if (steps < 1 || to < from)
        return out;
    out.reserve(size_t(steps) + 1);
    for (int i = 0; i <= steps; ++i) {
        const Millis at = from + Millis(double(to - from) * i / steps);
        out.push_back({at, evaluate(in, at).score});
    }
    return out;
}

double ScoringProfile::weakLine() const
{
    for (const TierThreshold &t : thresholds()) {
        if (t.tier == Tier::Weak)
            return t.score;
    }
    return 0;
}

Millis ScoringProfile::tierLeftAt(const ScoreInput &in, Tier before, Millis from, Millis to) const
{
    while (to - from > kMsPerHour / 60) {
        const Millis mid = from + (to - from) / 2;
        if (evaluate(in, mid).tier == before)
            from = mid;
        else
            to = mid;
    }
    return to;
}

std::pair<Tier, Tier> ScoringProfile::tiersAt(const ScoreInput &in, Millis from, Millis to) const
{
    return { evaluate(in, from).tier, evaluate(in, to).tier };
}

std::optional<double> ScoringProfile::daysUntilWeak(const ScoreInput &in, Millis now) const
{
    if (in.permanent)
        return std::nullopt;
    const double line = weakLine();
    auto atOrBelow = [&](double days) { return evaluate(in, now + Millis(days * double(kMsPerDay))).score <= line; };
    if (atOrBelow(0))
        return 0.0;
    // Exponential search for a day on or below the line (scores fall with time in every
    // profile; a recovering conflict factor may bend a curve, not turn it around for long),
    // then bisection to well under the 0.1-day precision reported.
    double hi = 1;
    constexpr double kNever = 65536; // ~180 years: treat as "never"
    while (!atOrBelow(hi)) {
        if (hi >= kNever)
            return std::nullopt;
        hi *= 2;
    }
    double lo = hi / 2 < 1 ? 0 : hi / 2;
    while (hi - lo > 0.001) {
        const double mid = (lo + hi) / 2;
        (atOrBelow(mid) ? hi : lo) = mid;
    }
    return std::round(hi * 10) / 10;
}

QStringList profileNames()
{
    return {QStringLiteral("ebbinghaus"), QStringLiteral("enhanced"), QStringLiteral("importance"),
            QStringLiteral("lifecycle")};
}

std::unique_ptr<ScoringProfile> makeProfile(const QString &name, const Config &config)
{
    if (name == QLatin1String("ebbinghaus"))
        return std::make_unique<EbbinghausProfile>(config);
    if (name == QLatin1String("enhanced"))
        return std::make_unique<EnhancedProfile>(config);
    if (name == QLatin1String("importance"))
        return std::make_unique<ImportanceProfile>(config);
    if (name == QLatin1String("lifecycle"))
        return std::make_unique<LifecycleProfile>(config);
    return nullptr;
}

} // namespace recollector::core
