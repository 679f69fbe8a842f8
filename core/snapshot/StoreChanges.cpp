#include "snapshot/StoreChanges.h"

#include "store/ReadTransaction.h"
#include "store/Store.h"

namespace recollector::core {

Result<StoreChanges> StoreChanges::since(Store &store, qint64 sinceEventId, int limit)
{
    StoreChanges out;
    // The reads see one state of the file.
    const ReadTransaction read(store.database());
    if (const Status st = read.status(); !st)
        return st.error();

    auto touched = store.events().touchedSince(sinceEventId, limit + 1);
    if (!touched)
        return touched.error();
    out.lastEventId = sinceEventId;
    for (const EventLog::Touched &t : *touched) {
        out.ids.append(t.memoryId);
        out.lastEventId = std::max(out.lastEventId, t.lastEventId);
    }
    if (out.ids.size() > limit) {
        // Too many to name one by one; the caller reloads. Still report the high-water mark.
        auto last = store.events().lastId();
        if (!last)
            return last.error();
        out.lastEventId = *last;
    }
    auto shape = store.memories().shape();
    if (!shape)
        return shape.error();
    out.memoryCount = shape->rows;
    out.maxRowid = shape->maxRowid;
    return out;
}

} // namespace recollector::core
