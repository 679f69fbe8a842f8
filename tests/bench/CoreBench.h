#pragma once

#include "BenchTypes.h"

#include "config/Config.h"
#include "model/Result.h"
#include "snapshot/MemorySnapshot.h"
#include "snapshot/SnapshotView.h"

#include <memory>

namespace recollector::core {
class AssociationGraph;
class Store;
}

namespace recollector::bench {

/// The read-side figures, measured on the core code the window runs: the columnar snapshot
/// (score_all_ms, sort_ms, filter_ms) and the association graph (activation_ms,
/// ego_layout_ms; the graph is loaded once for both). Each figure
/// is the median of `runs` runs after the data is loaded; loading is reported in the notes.
class CoreBench final
{
public:
    CoreBench(core::Store &store, core::Config config, core::Millis now, int runs);

    /// Reads every memory into the snapshot (what the window does on open).
    [[nodiscard]] core::Status loadSnapshot();
    double snapshotLoadMs() const { return m_snapshotLoadMs; }
    std::size_t memoryCount() const { return m_snapshot.size(); }
    const core::MemorySnapshot &snapshot() const { return m_snapshot; }

    Measurement scoreAll();
    Measurement sort();
    Measurement filter(const QString &term);
    Measurement activation();
    /// ego_layout_ms: the radial layout of a ~300-node ego graph (depth 2) around the
    /// best-linked memory, as the association graph view lays it out.
    Measurement egoLayout();

private:
    core::Store &m_store;
    core::Config m_config;
    core::Millis m_now;
    int m_runs;
    core::MemorySnapshot m_snapshot;
    core::SnapshotView m_view;
    double m_snapshotLoadMs = 0;
    std::shared_ptr<core::AssociationGraph> m_graph; ///< loaded on first use
    double m_graphLoadMs = 0;
    QString m_graphError;

    const core::AssociationGraph *graph();
};

} // namespace recollector::bench
