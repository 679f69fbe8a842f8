#pragma once

#include "BenchTypes.h"

#include "config/Config.h"
#include "model/Time.h"

namespace recollector::bench {

/// The team store's figures (docs/team-store.md, "Decision cost"), on the server `--team-store`
/// names:
/// - team_decision_commit_ms: decisions committed by several writers at once, each its own
///   process-like connection on its own thread, each confirming memories of its own. The
///   figure is the p95 with kWriters writers on the team store; the note gives p50 and p95
///   with one writer and with kWriters, on the team store and on the SQLite scratch copy of
///   the same run. The floor is the server's bare write: one row updated and committed, by as
///   many writers at once.
/// - team_open_first_paint_ms: open_first_paint_ms's window on the team store.
/// - team_copy_store_s: copy-store of the bench's SQLite store into a new database of the
///   same server, made for the run and dropped after it.
class TeamBench final
{
public:
    static constexpr int kWriters = 4;
    static constexpr int kDecisionsEach = 50;

    TeamBench(QString teamStore, QString sqliteScratch, core::Config config, core::Millis now);

    Measurement decisionCommit();
    Measurement firstPaint(const QString &enginePath, int runs);
    Measurement copyStore(const QString &fromPath);

private:
    QString m_teamStore;
    QString m_sqliteScratch;
    core::Config m_config;
    core::Millis m_now;
};

} // namespace recollector::bench
