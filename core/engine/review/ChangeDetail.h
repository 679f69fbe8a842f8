#pragma once

#include "model/Result.h"
#include "store/ChangeScan.h"

#include <QJsonObject>

#include <vector>

namespace recollector::core {

class Store;

/// One memory's change over a range, for the inbox's before/after view and for Reject
/// (docs/scoring.md#review-inbox), rebuilt from its events: each event of a decision keeps the
/// fields it changed as they were before and after.
struct ChangeDetail
{
    QJsonObject before;       ///< the changed fields before the range's first change (by JSON name)
    QJsonObject after;        ///< the same fields after its last change (now, for an open range)
    bool isNew = false;       ///< it did not exist before the range
    bool isGone = false;      ///< deleted (or purged) at the range's end
    /// False when the assistant changed its own file and the event does not say from what (a
    /// side store synced before events kept it): "before" lacks the text.
    bool beforeKnown = true;
    /// What Reject reverts, newest first (Decisions::revertAll takes them in this order): one
    /// event of each of the assistant's decisions over MCP in the range that is not undone,
    /// and each change of its own file a folder sync read (its event keeps the fields before).
    std::vector<qint64> rejectEvents;
    /// Changes the assistant made in its own file (a folder sync read them).
    int fileChanges = 0;
    bool fileAdded = false;   ///< it added the memory's file: Reject deletes the memory
    bool fileRemoved = false; ///< it removed the memory's file: Reject restores the memory

    [[nodiscard]] static Result<ChangeDetail> of(Store &store, const QString &memoryId, const ChangeScanRange &range);
};

} // namespace recollector::core
