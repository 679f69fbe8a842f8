#include "IoBench.h"

#include "IoFloor.h"
#include "Stopwatch.h"

#include "synthetic/StoreGenerator.h"
#include "store/Store.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>

#include <unistd.h>

#include "config/Config.h"
#include "io/Exporter.h"
#include "io/ImportOperation.h"
#include "formats/FormatRegistry.h"

namespace recollector::bench {

using namespace recollector::core;

namespace {
constexpr std::int64_t kSetSize = 100000;

void removeStore(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

// The 100k store, generated again when it is not the generator's current one.
Status generateIfStale(Store &source, Millis anchor)
{
    const auto count = source.memories().count(true);
    if (!count || (*count == kSetSize && StoreGenerator::stampedVersion(source) >= StoreGenerator::kVersion))
        return {};
    GeneratorOptions options;
    options.memories = kSetSize;
    options.seed = 100;
    options.anchor = anchor;
    options.replaceExisting = true;
    const auto made = StoreGenerator(options).generate(source);
    return made ? Status {} : Status(made.error());
}

QString secondsList(const std::vector<double> &times)
{
    QStringList out;
    for (double t : times)
        out << QString::number(t, 'f', 2);
    return out.join(QStringLiteral(", "));
}
} // namespace

IoBench::IoBench(QString workDir, Millis anchor, QString sqlite3)
    : m_workDir(std::move(workDir)), m_anchor(anchor), m_sqlite3(std::move(sqlite3))
{
}

void IoBench::run(Measurement &exportFigure, Measurement &importFigure)
{
    const QDir dir(m_workDir);
    // A name of its own: `run-bench.sh --scale 100000,…` makes its 100k store (seed 1) as
    // bench-100k.recollector, which this set (seed 100) was once named too, so a run after a scale
    // run measured that store instead.
    const QString sourcePath = dir.filePath(QStringLiteral("bench-io-100k.recollector"));
    const QString setPath = dir.filePath(QStringLiteral("bench-100k-set.json"));
    const QString targetPath = dir.filePath(QStringLiteral("bench-100k-import.recollector"));

    auto source = Store::open(sourcePath);
    if (!source) {
        exportFigure = importFigure = Measurement::missing(QStringLiteral("n/a (%1)").arg(source.error().message));
        return;
    }
    if (const Status made = generateIfStale(**source, m_anchor); !made) {
        exportFigure = importFigure = Measurement::missing(QStringLiteral("n/a (%1)").arg(made.error().message));
        return;
    }

    // Each figure is the median of kRuns runs (every run's time is in the note): on this
    // project's machine kind the first large write after the earlier figures' gigabytes of
    // scratch copies ran up to 0.4 s slower than the next, in the kernel's copy into fresh
    // page-cache pages (docs/performance.md, "Method").
    std::vector<double> exportTimes;
    for (int run = 0; run < kRuns; ++run) {
        QString why;
        const auto seconds = exportOnce(**source, setPath, exportFigure.note, why);
        if (!seconds) {
            exportFigure = importFigure = Measurement::missing(QStringLiteral("n/a (export: %1)").arg(why));
            return;
        }
        exportTimes.push_back(*seconds);
    }
    exportFigure.figure = median(exportTimes);
    exportFigure.note += QStringLiteral("; runs %1 s").arg(secondsList(exportTimes));
    source->reset();
    const IoFloor floor(m_sqlite3);
    exportFigure.floor = floor.exportSeconds(sourcePath);
    exportFigure.floorQuery = QStringLiteral("sqlite3 -json: %1").arg(IoFloor::exportQuery());

    std::vector<double> importTimes;
    QStringList phases;
    for (int run = 0; run < kRuns; ++run) {
        QString why;
        const auto seconds = importOnce(targetPath, setPath, importFigure.note, why);
        if (!seconds) {
            importFigure = Measurement::missing(QStringLiteral("n/a (%1)").arg(why));
            return;
        }
        importTimes.push_back(*seconds);
        phases << importFigure.note;
    }
    // The phases of the run whose time is the median.
    const auto middle = std::find(importTimes.cbegin(), importTimes.cend(), median(importTimes));
    importFigure.figure = median(importTimes);
    importFigure.note = QStringLiteral("%1; runs %2 s")
                            .arg(phases[qsizetype(middle - importTimes.cbegin())], secondsList(importTimes));

    // The import floor loads the same file into an empty store of the same schema.
    const QString emptyPath = dir.filePath(QStringLiteral("bench-100k-empty.recollector"));
    removeStore(emptyPath);
    if (auto empty = Store::open(emptyPath); empty) {
        empty->reset();
        importFigure.floor = floor.importSeconds(setPath, emptyPath);
        importFigure.floorQuery = QStringLiteral("sqlite3: readfile + json_each inserts into memories, associations, events");
    }
    removeStore(emptyPath);
    QFile::remove(setPath);
}

std::optional<double> IoBench::exportOnce(Store &source, const QString &setPath, QString &note, QString &why) const
{
    io::ExportOptions exportOptions;
    exportOptions.exportedAt = m_anchor;
    // The export ends with the file on disk (QSaveFile syncs it): the gigabytes the earlier
    // figures (and runs) wrote are flushed first, so it does not wait on theirs (12.7 s in one
    // run, 1.5 s alone).
    ::sync();
    QElapsedTimer timer;
    timer.start();
    const auto exported = io::Exporter(source).write(setPath, exportOptions);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (!exported) {
        why = exported.error().message;
        return std::nullopt;
    }
    note = QStringLiteral("%1 memories, %2 links, %3 events → %4 MiB of JSON")
               .arg(exported->memories)
               .arg(exported->associations)
               .arg(exported->events)
               .arg(QString::number(double(QFileInfo(setPath).size()) / 1048576.0, 'f', 0));
    return seconds;
}

std::optional<double> IoBench::importOnce(const QString &targetPath, const QString &setPath, QString &note,
                                          QString &why) const
{
    removeStore(targetPath);
    auto target = Store::open(targetPath);
    if (!target) {
        why = target.error().message;
        return std::nullopt;
    }
    // An import as `recollector-cli import` runs it (and the window: ImportOperation): the format
    // recognised by content, preview with contradiction detection (queued above 20,000
    // memories, so not part of the figure), apply in one transaction, and the written
    // memories the set left without a link get theirs.
    QElapsedTimer timer;
    timer.start();
    io::AdapterReadOptions readOptions;
    const Config config = Config::defaults();
    readOptions.initialStability = config.decay.initialStability;
    auto set = io::formats::FormatRegistry::instance().read(setPath, readOptions, QString());
    if (!set) {
        why = QStringLiteral("reading: %1").arg(set.error().message);
        return std::nullopt;
    }
    const double readSeconds = double(timer.nsecsElapsed()) / 1e9;
    const io::ImportOperation operation(**target, config, m_anchor);
    const auto plan = operation.preview(*set);
    if (!plan) {
        why = QStringLiteral("preview: %1").arg(plan.error().message);
        return std::nullopt;
    }
    const double previewSeconds = double(timer.nsecsElapsed()) / 1e9 - readSeconds;
    const auto outcome = operation.apply(*set, *plan, io::ImportPolicy());
    const double importSeconds = double(timer.nsecsElapsed()) / 1e9;
    if (!outcome) {
        why = QStringLiteral("import: %1").arg(outcome.error().message);
        return std::nullopt;
    }
    const io::ImportReport &imported = outcome->report;
    note = QStringLiteral("recollector-cli's path: read %1 s, preview %2 s, apply %3 s: %4 added, %5 links, %6 events%7")
               .arg(QString::number(readSeconds, 'f', 2))
               .arg(QString::number(previewSeconds, 'f', 2))
               .arg(QString::number(importSeconds - readSeconds - previewSeconds, 'f', 2))
               .arg(imported.added)
               .arg(imported.associations)
               .arg(imported.events)
               .arg(outcome->detection.queued ? QStringLiteral(", detection queued") : QString());
    target->reset();
    removeStore(targetPath);
    return importSeconds;
}

} // namespace recollector::bench
