#pragma once

#include "BenchTypes.h"

#include "model/Result.h"
#include "model/Time.h"

#include <QMap>
#include <QStringList>
#include <QTextStream>

namespace recollector::bench {

struct BenchOptions
{
    QString storePath;          ///< the generated store (created when missing)
    std::int64_t memories = 1000000;
    QString enginePath;         ///< the `recollector` window binary
    QString sqlite3 = QStringLiteral("sqlite3");
    int runs = 5;               ///< repetitions for the cheap figures (median)
    int windowRuns = 3;         ///< window launches (median first paint)
    QString filterTerm = QStringLiteral("typescript");
    QStringList only;           ///< measure only these keys (empty = all)
    QString teamStore;          ///< a postgresql:// team store holding memories, written to by the team_* keys
};

/// Runs every measurement of docs/architecture.md, "Performance budget" in an order that keeps
/// them apart: the sqlite3 floors and the window first (own processes, warm page cache), then
/// the in-process core figures on the loaded snapshot and graph, then the writing figures on a
/// scratch copy, then import/export on a 100k store. Progress goes to `log` (stderr), results
/// come back per key.
class BenchHarness final
{
public:
    BenchHarness(BenchOptions options, QTextStream &log);

    /// Creates the store with the generator when it is missing or empty; refuses one that holds
    /// another number of memories than asked (its figures would be mislabelled).
    [[nodiscard]] core::Status prepareStore();
    QMap<QString, Measurement> run();

private:
    bool wanted(const QString &key) const { return m_options.only.isEmpty() || m_options.only.contains(key); }
    void step(const QString &what);

    BenchOptions m_options;
    QTextStream &m_log;
    core::Millis m_anchor = 0;
};

} // namespace recollector::bench
