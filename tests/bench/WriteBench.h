#pragma once

#include "BenchTypes.h"

#include "config/Config.h"
#include "model/Time.h"

namespace engram::bench {

/// The figures that write to a store — decision_commit_ms and rebuild_associations_s — run on
/// a scratch copy of the benchmark store, so the store itself stays as generated and every
/// run of the benchmark measures the same data.
class WriteBench final
{
public:
    WriteBench(QString storePath, QString workDir, core::Config config, core::Millis now, int runs);
    ~WriteBench();

    Measurement decisionCommit();
    Measurement rebuildAssociations();

private:
    /// Copies the store to the scratch path once; false (with `why`) when it cannot.
    bool ensureScratch(QString &why);

    QString m_storePath;
    QString m_scratchPath;
    core::Config m_config;
    core::Millis m_now;
    int m_runs;
    bool m_copied = false;
};

} // namespace engram::bench
