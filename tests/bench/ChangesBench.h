#pragma once

#include "BenchTypes.h"

#include "config/Config.h"
#include "model/Time.h"

namespace recollector::bench {

/// changes_ms (docs/architecture.md, "Performance budget"): the review inbox opening with
/// 100,000 changes since the last review. On the scratch copy: the review point is set at its
/// newest event, then 100,000 assistant edits of as many memories are appended (the events a
/// week of MCP and folder changes leaves), and the inbox's list is built as the window builds
/// it (core::ChangeList on the loaded snapshot, tier crossings included). Median of the runs.
/// Its floor: the sqlite3 command line reading those events' rows (the inbox's own query,
/// docs/performance.md#changes_ms), which every way of listing them has to do.
class ChangesBench final
{
public:
    static constexpr int kChanges = 100'000;

    ChangesBench(core::Config config, core::Millis now, int runs, QString sqlite3);
    Measurement changes(const QString &scratchPath);

private:
    core::Config m_config;
    core::Millis m_now;
    int m_runs;
    QString m_sqlite3;
};

} // namespace recollector::bench
