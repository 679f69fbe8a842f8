#pragma once

#include "BenchTypes.h"

#include "config/Config.h"
#include "model/Time.h"

namespace recollector::bench {

/// The figures that write to a store — decision_commit_ms, rebuild_associations_s and
/// retrieve_ms (a recall records its accesses) — run on
/// a scratch copy of the benchmark store, so the store itself stays as generated and every
/// run of the benchmark measures the same data.
class WriteBench final
{
public:
    WriteBench(QString storePath, QString workDir, core::Config config, core::Millis now, int runs);
    ~WriteBench();

    Measurement decisionCommit();
    Measurement rebuildAssociations();
    /// retrieve_ms: the MCP `recall` tool's own call (mcp::AssistantRecall::recall, normal
    /// mode, accesses recorded) for a 3-word query whose hits are linked, so spreading
    /// activation runs; median of 100 after a first call (the text index's pages read once).
    Measurement retrieve();
    /// The scratch copy's path (copied on first use), or empty with `why`.
    QString scratchPath(QString &why) { return ensureScratch(why) ? m_scratchPath : QString(); }

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

} // namespace recollector::bench
