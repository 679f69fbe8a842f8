#include "IoBench.h"

#include "IoFloor.h"

#include "synthetic/StoreGenerator.h"
#include "store/Store.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <unistd.h>

#include "config/Config.h"
#include "io/Exporter.h"
#include "io/ImportOperation.h"
#include "io/formats/FormatRegistry.h"

namespace engram::bench {

using namespace engram::core;

namespace {
constexpr std::int64_t kSetSize = 100000;

void removeStore(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}
} // namespace

IoBench::IoBench(QString workDir, Millis anchor, QString sqlite3)
    : m_workDir(std::move(workDir)), m_anchor(anchor), m_sqlite3(std::move(sqlite3))
{
}

void IoBench::run(Measurement &exportFigure, Measurement &importFigure)
{
    const QDir dir(m_workDir);
    const QString sourcePath = dir.filePath(QStringLiteral("bench-100k.engram"));
    const QString setPath = dir.filePath(QStringLiteral("bench-100k-set.json"));
    const QString targetPath = dir.filePath(QStringLiteral("bench-100k-import.engram"));

    auto source = Store::open(sourcePath);
    if (!source) {
        exportFigure = importFigure = Measurement::missing(QStringLiteral("n/a (%1)").arg(source.error().message));
        return;
    }
    if (auto count = (*source)->memories().count(true);
        count && (*count != kSetSize || StoreGenerator::stampedVersion(**source) < StoreGenerator::kVersion)) {
        GeneratorOptions options;
        options.memories = kSetSize;
        options.seed = 100;
        options.anchor = m_anchor;
        options.replaceExisting = true;
        if (const auto made = StoreGenerator(options).generate(**source); !made) {
            exportFigure = importFigure = Measurement::missing(QStringLiteral("n/a (%1)").arg(made.error().message));
            return;
        }
    }

    io::ExportOptions exportOptions;
    exportOptions.exportedAt = m_anchor;
    // The export ends with the file on disk (QSaveFile syncs it): the gigabytes the earlier
    // figures wrote to their scratch copies are flushed first, so it does not wait on theirs
    // (12.7 s in one run, 1.5 s alone).
    ::sync();
    QElapsedTimer timer;
    timer.start();
    const auto exported = io::Exporter(**source).write(setPath, exportOptions);
    const double exportSeconds = double(timer.nsecsElapsed()) / 1e9;
    if (!exported) {
        exportFigure = importFigure = Measurement::missing(QStringLiteral("n/a (export: %1)").arg(exported.error().message));
        return;
    }
    exportFigure.figure = exportSeconds;
    exportFigure.note = QStringLiteral("%1 memories, %2 links, %3 events → %4 MiB of JSON")
                            .arg(exported->memories)
                            .arg(exported->associations)
                            .arg(exported->events)
                            .arg(QString::number(double(QFileInfo(setPath).size()) / 1048576.0, 'f', 0));
    source->reset();
    const IoFloor floor(m_sqlite3);
    exportFigure.floor = floor.exportSeconds(sourcePath);
    exportFigure.floorQuery = QStringLiteral("sqlite3 -json: %1").arg(IoFloor::exportQuery());

    removeStore(targetPath);
    auto target = Store::open(targetPath);
    if (!target) {
        importFigure = Measurement::missing(QStringLiteral("n/a (%1)").arg(target.error().message));
        return;
    }
    // An import as `engram-cli import` runs it (and the window: ImportOperation): the format
    // recognised by content, preview with contradiction detection (queued above 20,000
    // memories, so not part of the figure), apply in one transaction, and the written
    // memories the set left without a link get theirs.
    timer.restart();
    io::AdapterReadOptions readOptions;
    const Config config = Config::defaults();
    readOptions.initialStability = config.decay.initialStability;
    auto set = io::formats::FormatRegistry::instance().read(setPath, readOptions, QString());
    if (!set) {
        importFigure = Measurement::missing(QStringLiteral("n/a (reading: %1)").arg(set.error().message));
        return;
    }
    const double readSeconds = double(timer.nsecsElapsed()) / 1e9;
    const io::ImportOperation operation(**target, config, m_anchor);
    const auto plan = operation.preview(*set);
    if (!plan) {
        importFigure = Measurement::missing(QStringLiteral("n/a (preview: %1)").arg(plan.error().message));
        return;
    }
    const double previewSeconds = double(timer.nsecsElapsed()) / 1e9 - readSeconds;
    const auto outcome = operation.apply(*set, *plan, io::ImportPolicy());
    const double importSeconds = double(timer.nsecsElapsed()) / 1e9;
    if (!outcome) {
        importFigure = Measurement::missing(QStringLiteral("n/a (import: %1)").arg(outcome.error().message));
        return;
    }
    const io::ImportReport &imported = outcome->report;
    importFigure.figure = importSeconds;
    importFigure.note = QStringLiteral("engram-cli's path: read %1 s, preview %2 s, apply %3 s: %4 added, %5 links, %6 events%7")
                            .arg(QString::number(readSeconds, 'f', 2))
                            .arg(QString::number(previewSeconds, 'f', 2))
                            .arg(QString::number(importSeconds - readSeconds - previewSeconds, 'f', 2))
                            .arg(imported.added)
                            .arg(imported.associations)
                            .arg(imported.events)
                            .arg(outcome->detection.queued ? QStringLiteral(", detection queued") : QString());
    target->reset();
    removeStore(targetPath);

    // The import floor loads the same file into an empty store of the same schema.
    const QString emptyPath = dir.filePath(QStringLiteral("bench-100k-empty.engram"));
    removeStore(emptyPath);
    if (auto empty = Store::open(emptyPath); empty) {
        empty->reset();
        importFigure.floor = floor.importSeconds(setPath, emptyPath);
        importFigure.floorQuery = QStringLiteral("sqlite3: readfile + json_each inserts into memories, associations, events");
    }
    removeStore(emptyPath);
    QFile::remove(setPath);
}

} // namespace engram::bench
