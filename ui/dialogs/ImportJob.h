#pragma once

#include <QCoreApplication>
#include "config/Config.h"
#include "io/ImportPlan.h"
#include "io/MemorySet.h"
#include "model/Result.h"

#include <QHash>

#include <memory>

namespace recollector::ui {

class JobControl;

/// What reading an import source found: the set, the import's plan against the store (the
/// preview and the contradictions it would raise) and the stored versions of the changed /
/// conflicting ids.
struct ImportReading
{
    std::shared_ptr<const core::io::MemorySet> set;
    core::io::ImportPlan plan;
    QHash<QString, core::Memory> stored;       ///< stored versions of changed and conflicting ids
};

/// The two halves of an import (docs/formats.md, "Import") as the import preview dialog runs
/// them on a worker thread, around core::io::ImportOperation (the same one recollector-cli import
/// runs). Each opens its own connection to the store file (a Qt Sql connection belongs to the
/// thread that opened it), so call them on the worker only.
///  - read(): parses the file or folder and previews it; writes nothing.
///  - apply(): the import and the recording of the contradictions it raises, in one
///    transaction; a cancel through `control` at any step, up to the commit, rolls
///    everything back.
class ImportJob final
{
    Q_DECLARE_TR_FUNCTIONS(ImportJob)

public:
    [[nodiscard]] static core::Result<ImportReading> read(const QString &inputPath, const QString &storePath,
                                                          const core::Config &config, JobControl &control);
    [[nodiscard]] static core::Result<core::io::ImportOutcome> apply(const QString &storePath,
                                                                     const core::Config &config,
                                                                     const core::io::MemorySet &set,
                                                                     const core::io::ImportPlan &plan,
                                                                     const core::io::ImportPolicy &policy,
                                                                     JobControl &control);
};

} // namespace recollector::ui
