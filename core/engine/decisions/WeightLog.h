#pragma once

#include "config/Config.h"
#include "scoring/EnhancedProfile.h"
#include "store/MetaRepository.h"
#include "store/Store.h"

#include <memory>

namespace engram::core {

/// note 001's weight change log is kept when the store's profile is `enhanced`: the
/// DecisionRecorder then needs the profile to compute W before and after each change.
/// nullptr for any other profile.
inline std::unique_ptr<EnhancedProfile> weightLogFor(Store &store, const Config &config)
{
    const auto profile = store.meta().value(MetaRepository::kProfile);
    if (profile && *profile == QLatin1String("enhanced"))
        return std::make_unique<EnhancedProfile>(config);
    return nullptr;
}

} // namespace engram::core
