#pragma once

#include "config/Config.h"
#include "scoring/EnhancedProfile.h"

#include <QJsonObject>
#include <QString>

#include <memory>

namespace recollector::core {

class Store;

/// The weight change log (docs/scoring.md, "Weight change log"). It is kept under
/// every profile: each event that changes a memory row carries the enhanced model's W before
/// and after, so switching profiles never loses it. The DecisionRecorder computes it; this
/// gives the model it computes with.
inline std::unique_ptr<EnhancedProfile> weightLogFor(Store &, const Config &config)
{
    return std::make_unique<EnhancedProfile>(config);
}

/// The log entry of an event payload ("weight") in the user's words, one line:
/// "weight 0.42 → 0.51 (reinforced)", "weight → 0.55 (created)". Empty when the payload has
/// no entry, or when W did not move at two decimals (an edit of the text, say).
QString weightChangeText(const QJsonObject &payload);

} // namespace recollector::core
