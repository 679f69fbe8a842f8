#pragma once

#include "model/Result.h"

#include <QStringList>

namespace recollector::core {

class Store;

/// What other writers did to a store since a snapshot was read: the memories their events
/// name, and the table's shape (count, highest rowid) to catch writes that left no event
/// (a bulk generate, a purge by an older tool) and need a full reload instead.
struct StoreChanges
{
    QStringList ids;            ///< distinct memory ids of events after `sinceEventId`
    qint64 lastEventId = 0;     ///< highest event id now
    qint64 memoryCount = 0;     ///< rows in `memories`, deleted ones included
    qint64 maxRowid = 0;

    /// Reads the above in one read transaction. `limit` caps the ids (more = reload anyway).
    [[nodiscard]] static Result<StoreChanges> since(Store &store, qint64 sinceEventId, int limit = 20000);
};

} // namespace recollector::core
