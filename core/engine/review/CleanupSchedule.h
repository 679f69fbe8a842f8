#pragma once

#include "config/Config.h"
#include "model/Result.h"
#include "model/Time.h"

namespace recollector::core {

class Store;

/// Whether a scheduled cleanup is due (docs/scoring.md, "Scheduled cleanup", an
/// hourly cleanup): `memory.decay.cleanupIntervalHours` after meta
/// `last_cleanup_at` (which Cleanup::apply writes). A store that never had a cleanup is due;
/// an interval of 0 schedules none. What a due cleanup does is the caller's: the window shows
/// the plan in the review queue or, with `memory.decay.scheduledCleanup: automatic`, applies
/// it; `recollector-cli cleanup --due` prints it and applies it only when asked or automatic.
struct CleanupSchedule
{
    bool scheduled = false; ///< an interval is set
    bool due = false;
    Millis lastAt = 0;      ///< the last cleanup; 0 = never
    Millis dueAt = 0;       ///< when the next is due (lastAt + interval); 0 = now (never cleaned)

    /// Reads meta last_cleanup_at and compares with `now`.
    [[nodiscard]] static Result<CleanupSchedule> at(Store &store, const Config &config, Millis now);
    static Millis interval(const Config &config);
    /// Whether due cleanups are applied without asking (`scheduledCleanup: automatic`).
    static bool isAutomatic(const Config &config);
};

} // namespace recollector::core
