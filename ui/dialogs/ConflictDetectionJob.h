#pragma once

#include "config/Config.h"
#include "engine/conflicts/ConflictDetector.h"
#include "model/Result.h"

#include <QString>

#include <vector>

namespace recollector::ui {

class JobControl;

/// The whole-store contradiction detection as the window runs it on a worker: the conflicts
/// list's "Detect now" and the queued detection a large import leaves (QueuedDetectionRunner).
/// Opens its own writable connection to `storePath`, reports its phases and steps through
/// `control` (a cancel writes nothing) and records the conflicts and clears a queued
/// detection in one transaction (core::QueuedDetection::detectAll).
struct ConflictDetectionJob
{
    std::vector<core::Conflict> recorded;
    core::ConflictDetector::Stats stats;

    [[nodiscard]] static core::Result<ConflictDetectionJob> run(const QString &storePath, const core::Config &config,
                                                                JobControl &control);
};

} // namespace recollector::ui
