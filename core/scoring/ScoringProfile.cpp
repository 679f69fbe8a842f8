#include "scoring/ScoringProfile.h"

#include "scoring/EbbinghausProfile.h"

namespace engram::core {

ScoreInput ScoreInput::from(const Memory &m, const Config &config)
{
    ScoreInput in;
    in.lastReinforcedAt = m.lastReinforcedAt ? m.lastReinforcedAt : (m.updatedAt ? m.updatedAt : m.createdAt);
    in.lastAccessedAt = m.lastAccessedAt ? m.lastAccessedAt : in.lastReinforcedAt;
    in.createdAt = m.createdAt;
    in.negatedAt = (m.negated || m.superseded) ? (m.negatedAt ? m.negatedAt : m.updatedAt) : 0;
    in.stability = float(m.stability);
    in.decayRate = float(m.decayRate);
    in.importance = float(m.importance);
    in.confidence = float(m.confidence);
    in.accessCount = m.accessCount;
    in.reinforceCount = m.reinforceCount;
    in.categoryIndex = std::uint16_t(config.categoryIndex(m.category));
    in.permanent = m.permanent;
    in.negated = m.negated;
    return in;
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

QStringList profileNames()
{
    return {QStringLiteral("ebbinghaus"), QStringLiteral("enhanced"), QStringLiteral("importance"),
            QStringLiteral("lifecycle")};
}

std::unique_ptr<ScoringProfile> makeProfile(const QString &name, const Config &config)
{
    if (name == QLatin1String("ebbinghaus"))
        return std::make_unique<EbbinghausProfile>(config);
    return nullptr;
}

} // namespace engram::core
