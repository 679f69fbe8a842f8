#pragma once

#include "config/Config.h"
#include "model/Result.h"
#include "snapshot/MemorySnapshot.h"

#include <functional>

namespace recollector::core {

class Store;

/// Reads the `memories` table into a MemorySnapshot in one pass (MemoryRepository's snapshot
/// scan, through SQLite's C API: going through QSqlQuery would build ~30 QVariants per row,
/// far too slow for a million rows; docs/architecture.md, "Performance budget":
/// open_first_paint_ms). Also records the highest event id read in the same read transaction,
/// so later events can be told apart from those already in the snapshot.
class SnapshotLoader final
{
public:
    struct Options
    {
        std::int64_t afterRowid = 0;  ///< only rows with a larger rowid (continue a partial load)
        std::int64_t limit = -1;      ///< at most this many rows; -1 = all
        /// Called every few thousand rows with the count so far; return false to cancel.
        std::function<bool(std::size_t rows)> progress;
    };

    /// On the connection of a store opened on this thread.
    [[nodiscard]] static Result<MemorySnapshot> load(Store &store, const Config &config, const Options &options);
    /// Opens its own read-only connection to `path` (a Store of its own); safe on a worker thread.
    [[nodiscard]] static Result<MemorySnapshot> loadFile(const QString &path, const Config &config,
                                                         const Options &options);
};

} // namespace recollector::core
