#pragma once

#include "config/Config.h"
#include "model/Memory.h"

#include <QJsonObject>

namespace recollector::core {
class ScoringProfile;
}

namespace recollector::core::mcp {

/// A memory as the tools show it to the assistant: what it says and how strong it is now
/// (the active profile's strength 0–100 and tier at `now`), not every stored field.
class MemoryView final
{
public:
    static QJsonObject toJson(const Memory &memory, const ScoringProfile &profile, const Config &config, Millis now);
};

} // namespace recollector::core::mcp
