#pragma once

#include "BenchTypes.h"

#include "config/Config.h"
#include "model/Result.h"
#include "snapshot/MemorySnapshot.h"
#include "snapshot/SnapshotView.h"

namespace engram::core {
class Store;
}

namespace engram::bench {

/// The read-side figures, measured on the core code the window runs: the columnar snapshot
/// (score_all_ms, sort_ms, filter_ms) and the association graph (activation_ms). Each figure
/// is the median of `runs` runs after the data is loaded; loading is reported in the notes.
class CoreBench final
{
public:
    CoreBench(core::Store &store, core::Config config, core::Millis now, int runs);

    /// Reads every memory into the snapshot (what the window does on open).
    [[nodiscard]] core::Status loadSnapshot();
    double snapshotLoadMs() const { return m_snapshotLoadMs; }
    std::size_t memoryCount() const { return m_snapshot.size(); }

    Measurement scoreAll();
    Measurement sort();
    Measurement filter(const QString &term);
    Measurement activation();

private:
    core::Store &m_store;
    core::Config m_config;
    core::Millis m_now;
    int m_runs;
    core::MemorySnapshot m_snapshot;
    core::SnapshotView m_view;
    double m_snapshotLoadMs = 0;
};

} // namespace engram::bench
