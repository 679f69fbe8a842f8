#pragma once

#include "config/Config.h"
#include "engine/conflicts/ConflictDetector.h"
#include "io/ImportPreview.h"
#include "io/MemorySet.h"
#include "model/Result.h"

#include <QHash>

#include <memory>
#include <vector>

namespace engram::ui {

class JobControl;

/// What reading an import source found: the set, the importer's preview against the store,
/// the contradictions it would raise and the stored versions of the changed / conflicting ids.
struct ImportReading
{
    std::shared_ptr<const core::io::MemorySet> set;
    core::io::ImportPreview preview;
    std::vector<core::ConflictCandidate> candidates;
    bool detectionSkipped = false;             ///< too many memories: left to conflicts --detect
    QHash<QString, core::Memory> stored;       ///< stored versions of changed and conflicting ids
};

/// What an import wrote.
struct ImportResult
{
    core::io::ImportReport report;
    std::vector<core::Conflict> recorded;      ///< detected contradictions recorded (ids set)
};

/// The two halves of an import (SPEC §10) as the import preview dialog runs them on a worker
/// thread. Each opens its own connection to the store file (a Qt Sql connection belongs to
/// the thread that opened it), so call them on the worker only.
///  - read(): parses the file or folder and previews it; writes nothing.
///  - apply(): the import and the recording of the contradictions it raises (with the
///    engine's automatic handling), in one transaction; a cancel through `control` at any
///    step, up to the commit, rolls everything back. The same sequence as engram-cli import.
class ImportJob final
{
public:
    /// Above this many incoming memories contradiction detection is skipped (it costs more
    /// than the import itself; `engram-cli conflicts --detect` does it later).
    static constexpr std::size_t kDetectAtMost = 20000;

    [[nodiscard]] static core::Result<ImportReading> read(const QString &inputPath, const QString &storePath,
                                                          const core::Config &config, JobControl &control);
    [[nodiscard]] static core::Result<ImportResult> apply(const QString &storePath, const core::Config &config,
                                                          const core::io::MemorySet &set,
                                                          const core::io::ImportPolicy &policy,
                                                          const std::vector<core::ConflictCandidate> &candidates,
                                                          JobControl &control);
};

} // namespace engram::ui
