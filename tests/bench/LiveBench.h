#pragma once

#include "BenchTypes.h"

#include "config/Config.h"
#include "model/Time.h"

namespace recollector::core {
class MemorySnapshot;
class Store;
}

namespace recollector::bench {

/// The second round's interaction figures (docs/architecture.md, "Performance budget"):
/// review_queue_ms, detect_conflicts_s and live_refresh_ms. detect_conflicts_s and
/// live_refresh_ms write (conflicts, a decision), so they run on the scratch copy WriteBench
/// makes; review_queue_ms only reads.
class LiveBench final
{
public:
    LiveBench(core::Config config, core::Millis now, int runs);

    /// review_queue_ms: the review queue as the window builds it (core::LiveReviewQueue on the
    /// loaded snapshot plus the store's conflicts and answered reviews), each scoring profile;
    /// the slowest profile's median is the figure. The note adds an update for one change.
    Measurement reviewQueue(core::Store &store, const core::MemorySnapshot &snapshot);
    /// detect_conflicts_s: the whole-store detection of "Detect now" (QueuedDetection::detectAll
    /// with its step reports), finding and recording, one run.
    Measurement detectConflicts(const QString &scratchPath);
    /// live_refresh_ms: the real window (offscreen, RECOLLECTOR_BENCH_LIVE_REFRESH) on the scratch
    /// store; this process commits a decision on the memory in the table's top row and waits
    /// for the window to say it repainted it. Median of `refreshes` decisions.
    Measurement liveRefresh(const QString &enginePath, const QString &scratchPath, int refreshes);

private:
    core::Config m_config;
    core::Millis m_now;
    int m_runs;
};

} // namespace recollector::bench
