#pragma once

#include "config/Config.h"
#include "engine/capture/Restatements.h"
#include "io/ImportPlan.h"
#include "io/MemorySet.h"

#include <QHash>

#include <cstddef>

namespace recollector::core {
class Store;
}

namespace recollector::core::io {

/// The restatement rule of `add` on an import (docs/scoring.md#restatements, one rule for every
/// way in: engine/capture/Restatements): an incoming new memory that restates a memory held is
/// not added; the memory held is reinforced instead, the incoming text kept in the event. The
/// reinforcements are written after the import's own rows, in its transaction, so undoing the
/// import undoes them too (ImportOutcome::decisionEvents).
class ImportRestatements final
{
public:
    /// Incoming id → the memory held it restates, for the new memories `policy` would add.
    /// Nothing for a set of more than `atMost` memories (one store search each; the detection's
    /// bound, ImportOperation::kDetectAtMost) or a store that holds no memory.
    [[nodiscard]] static Result<QHash<QString, Restatements::Match>> find(Store &store, const MemorySet &set,
                                                                          const ImportPlan &plan,
                                                                          const ImportPolicy &policy,
                                                                          std::size_t atMost);
    /// Reinforces each memory held with the incoming text; counts them in `report` (restated,
    /// no longer skipped).
    [[nodiscard]] static Status record(Store &store, const Config &config, const MemorySet &set,
                                       const QHash<QString, Restatements::Match> &found, Millis at,
                                       ImportReport &report);
};

} // namespace recollector::core::io
