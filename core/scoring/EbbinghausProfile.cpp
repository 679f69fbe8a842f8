#include "scoring/EbbinghausProfile.h"

#include <algorithm>
#include <cmath>

namespace engram::core {

Score EbbinghausProfile::evaluate(const ScoreInput &in, Millis now) const
{
    if (in.permanent)
        return {100, 100, Tier::Permanent};
    const double hours = std::max(0.0, double(now - in.lastReinforcedAt) / double(kMsPerHour));
    const double effective = double(in.stability) / std::max(double(in.decayRate), 1e-6);
    const double strength = std::round(100.0 * std::exp(-hours / std::max(effective, 1e-6)));
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

} // namespace engram::core
