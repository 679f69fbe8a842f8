#pragma once

#include "BenchTypes.h"

#include "model/Time.h"

#include <optional>

namespace recollector::core {
class Store;
}

namespace recollector::bench {

/// import_100k_s and export_100k_s: a 100,000-memory store (generated once with the same
/// generator, kept next to the big one) is exported as a Recollector JSON set, and that file is
/// imported into a fresh empty store — read, preview, apply, as `recollector-cli import` does.
/// Each is run kRuns times; the figure is the median, every run's time is in the note.
class IoBench final
{
public:
    /// `workDir` holds the 100k store, the exported set and the scratch import store.
    /// `sqlite3`: the command line for the floors (IoFloor).
    IoBench(QString workDir, core::Millis anchor, QString sqlite3 = QStringLiteral("sqlite3"));

    /// Both figures at once (the import needs the export's file), each the median of kRuns.
    void run(Measurement &exportFigure, Measurement &importFigure);

    static constexpr int kRuns = 3;

private:
    /// One export of `source` to `setPath`: its seconds and `note`, or nullopt and `why`.
    std::optional<double> exportOnce(core::Store &source, const QString &setPath, QString &note, QString &why) const;
    /// One import of `setPath` into a fresh store at `targetPath`, removed after.
    std::optional<double> importOnce(const QString &targetPath, const QString &setPath, QString &note,
                                     QString &why) const;

    QString m_workDir;
    core::Millis m_anchor;
    QString m_sqlite3;
};

} // namespace recollector::bench
