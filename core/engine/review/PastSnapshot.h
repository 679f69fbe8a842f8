#pragma once

#include "config/Config.h"
#include "engine/review/ContentsAsOf.h"
#include "model/Result.h"
#include "snapshot/MemorySnapshot.h"

#include <functional>

namespace recollector::core {

/// The window's table at another instant ("Contents as of", docs/scoring.md#contents-as-of):
/// the store's snapshot and the contents rebuilt at `at`, read in one read transaction, the
/// snapshot then made to show the memories as they were (rows that did not exist yet marked
/// Removed, changed ones replaced, purged ones added back).
struct PastSnapshot
{
    MemorySnapshot snapshot;
    ContentsAsOf contents;

    /// Opens its own read-only connection to `path`: safe on a worker thread. `progress` as
    /// SnapshotLoader's (return false to cancel).
    [[nodiscard]] static Result<PastSnapshot> loadFile(const QString &path, const Config &config, Millis at,
                                                       const std::function<bool(std::size_t)> &progress = {});
    /// Makes `snapshot` show `contents` (both read from one state of the store).
    static void apply(MemorySnapshot &snapshot, const ContentsAsOf &contents, const Config &config);
};

} // namespace recollector::core
