#include "engine/conflicts/QueuedDetection.h"

#include "store/MetaRepository.h"
#include "store/Store.h"
#include "store/Transaction.h"

namespace recollector::core {

Result<Millis> QueuedDetection::queuedAt(Store &store)
{
    auto value = store.meta().value(MetaRepository::kDetectionQueuedAt);
    if (!value)
        return value.error();
    if (value->isEmpty())
        return Millis(0);
    // A value that does not parse still means "queued": the flag is what counts.
    const auto at = time::fromIso(*value);
    return at && *at > 0 ? *at : Millis(1);
}

Status QueuedDetection::queue(Store &store, Millis at)
{
    auto queued = queuedAt(store);
    if (!queued)
        return queued.error();
    if (*queued != 0)
        return {};
    return store.meta().setValue(MetaRepository::kDetectionQueuedAt, time::toIso(at));
}

Result<std::vector<Conflict>> QueuedDetection::detectAll(Store &store, ConflictDetector &detector, Millis now)
{
    auto found = detector.findAll();
    if (!found)
        return found.error();
    Transaction tx(store.database());
    if (!tx.isActive())
        return tx.error();
    auto recorded = detector.record(*found, now); // joins tx: one commit below
    if (!recorded)
        return recorded.error();
    if (const Status st = store.meta().remove(MetaRepository::kDetectionQueuedAt); !st)
        return st.error();
    if (const Status st = tx.commit(); !st)
        return st.error();
    return recorded;
}

} // namespace recollector::core
