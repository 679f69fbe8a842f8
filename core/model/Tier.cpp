#include "model/Tier.h"

namespace recollector::core {

QString tierName(Tier tier)
{
    switch (tier) {
    case Tier::Permanent: return QStringLiteral("permanent");
    case Tier::Active: return QStringLiteral("active");
    case Tier::Fading: return QStringLiteral("fading");
    case Tier::Weak: return QStringLiteral("weak");
    case Tier::Forgotten: return QStringLiteral("forgotten");
    }
    return {};
}

std::optional<Tier> tierFromName(const QString &name)
{
    for (int i = 0; i < kTierCount; ++i) {
        if (tierName(Tier(i)) == name)
            return Tier(i);
    }
    return std::nullopt;
}

} // namespace recollector::core
