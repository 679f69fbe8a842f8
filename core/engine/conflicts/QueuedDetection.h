#pragma once

#include "engine/conflicts/ConflictDetector.h"
#include "model/Result.h"
#include "model/Time.h"

#include <vector>

namespace recollector::core {

class Store;

/// A contradiction detection an import left for later (docs/scoring.md, "Detection"): an
/// import above io::ImportOperation::kDetectAtMost memories does not compare them on the spot
/// but sets meta `detection_queued_at` in its own transaction; the window runs the whole-store
/// detection in the background when it sees the flag, `recollector-cli conflicts --detect` at
/// once, and either clears the flag in the transaction that records the conflicts.
class QueuedDetection final
{
public:
    /// When the detection was queued; 0 when none waits.
    [[nodiscard]] static Result<Millis> queuedAt(Store &store);
    /// Queues one (inside the caller's transaction); an earlier queued instant is kept.
    [[nodiscard]] static Status queue(Store &store, Millis at);

    /// `detector`'s whole-store detection (ConflictDetector::detectAll, its step reports
    /// included) with the flag cleared in the same transaction as the recorded conflicts: a
    /// cancel or a failure writes neither. The reading runs before the transaction opens,
    /// so other writers wait only for the recording.
    [[nodiscard]] static Result<std::vector<Conflict>> detectAll(Store &store, ConflictDetector &detector, Millis now);
};

} // namespace recollector::core
