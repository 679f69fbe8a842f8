#include "engine/conflicts/ConflictReason.h"

#include "model/Event.h"
#include "store/Store.h"

namespace recollector::core {

Result<QString> ConflictReason::of(Store &store, const Conflict &conflict)
{
    auto history = store.events().forMemory(conflict.a);
    if (!history)
        return history.error();
    for (const Event &e : *history) {
        if (e.kind == events::kConflictDetected
            && qint64(e.payload.value(QStringLiteral("conflictId")).toDouble()) == conflict.id)
            return e.payload.value(QStringLiteral("reason")).toString();
    }
    return QString();
}

} // namespace recollector::core
