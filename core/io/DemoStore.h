#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QString>

namespace recollector::core::io {

/// Moves every instant of a set (memories' dates, correction-history times, links, events,
/// conflicts, exportedAt) by `deltaMs`, so a set recorded in the past reads as if recorded now.
void shiftInstants(MemorySet &set, Millis deltaMs);

/// Creates a new store at `storePath` holding the demo memory set (what a first run shows:
/// docs/formats.md, "The store"). Every instant in the set is first moved by (now − the set's
/// exportedAt) so the demo always looks current: what was a day old when the set was made is a
/// day old now. Fails, touching nothing, when `storePath` already exists. `now` = 0 means the
/// current time.
[[nodiscard]] Status createDemoStore(const QString &storePath,
    const QString &memorySetPath = QStringLiteral(":/demo/demo-memory-set.json"), Millis now = 0);

} // namespace recollector::core::io
