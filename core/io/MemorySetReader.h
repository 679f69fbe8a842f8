#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

namespace recollector::core::io {

/// Reads any importable memory set, choosing the codec by what `path` is (docs/formats.md, "Reading"):
/// a folder → agent memory folder (or its memory/ subfolder); a .yaml / .yml file → YAML set;
/// otherwise by content: a JSON object with `format` → Recollector set, a JSON object with
/// `content` → one agent memory file, a JSON array → legacy note-000 data, text starting
/// like YAML (`format:` / `---`) → YAML set. CSV is export-only.
class MemorySetReader final
{
public:
    [[nodiscard]] static Result<SetFormat> detect(const QString &path);
    /// `strict`: an agent folder's unparsable file is the error instead of a skipped problem.
    /// `initialStability` (hours, memory.decay.initialStability) is the base of the legacy
    /// stability an entry without one gets (docs/formats.md, "Lazy migration").
    [[nodiscard]] static Result<MemorySet> read(const QString &path, bool strict = false, double initialStability = kDefaultInitialStability);
};

} // namespace recollector::core::io
