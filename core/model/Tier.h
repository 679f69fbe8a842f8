#pragma once

#include <QString>

#include <cstdint>
#include <optional>

namespace recollector::core {

/// Shared across profiles (docs/scoring.md, "Score, strength, tier"). Order matters: lower
/// value = healthier, so sorting by tier sorts strong memories first.
enum class Tier : std::uint8_t { Permanent = 0, Active, Fading, Weak, Forgotten };

inline constexpr int kTierCount = 5;

QString tierName(Tier tier);
std::optional<Tier> tierFromName(const QString &name);

} // namespace recollector::core
