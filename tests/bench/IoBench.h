#pragma once

#include "BenchTypes.h"

#include "model/Time.h"

namespace engram::bench {

/// import_100k_s and export_100k_s: a 100,000-memory store (generated once with the same
/// generator, kept next to the big one) is exported as an Engram JSON set, and that file is
/// imported into a fresh empty store — read, preview, apply, as `engram-cli import` does.
class IoBench final
{
public:
    /// `workDir` holds the 100k store, the exported set and the scratch import store.
    /// `sqlite3`: the command line for the floors (IoFloor).
    IoBench(QString workDir, core::Millis anchor, QString sqlite3 = QStringLiteral("sqlite3"));

    /// Both figures at once (the import needs the export's file).
    void run(Measurement &exportFigure, Measurement &importFigure);

private:
    QString m_workDir;
    core::Millis m_anchor;
    QString m_sqlite3;
};

} // namespace engram::bench
