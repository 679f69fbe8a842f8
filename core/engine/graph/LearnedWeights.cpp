#include "engine/graph/LearnedWeights.h"

#include "model/Association.h"
#include "model/Event.h"
#include "model/RevertChain.h"
#include "store/Store.h"

namespace recollector::core {

QString LearnedWeights::pairKey(const QString &x, const QString &y)
{
    const auto [a, b] = orderedPair(x, y);
    return a + QChar(0) + b;
}

Result<QHash<QString, double>> LearnedWeights::read(Store &store)
{
    auto found = store.events().ofKinds({events::kLinkBoost, events::kRevert});
    if (!found)
        return found.error();
    const RevertChain chain(*found);
    QHash<QString, double> learned;
    for (const Event &e : *found) {
        if (e.kind != events::kLinkBoost || chain.isReversed(e.id) || e.payload.value(QLatin1String("mirror")).toBool())
            continue;
        const QString other = e.payload.value(QLatin1String("other")).toString();
        const double delta = e.payload.value(QLatin1String("delta")).toDouble();
        if (other.isEmpty() || other == e.memoryId || !(delta > 0))
            continue;
        learned[pairKey(e.memoryId, other)] += delta;
    }
    return learned;
}

Result<QHash<QString, double>> LearnedWeights::ofMemory(Store &store, const QString &id)
{
    auto history = store.events().forMemory(id);
    if (!history)
        return history.error();
    const RevertChain chain(*history);
    QHash<QString, double> learned;
    for (const Event &e : *history) {
        if (e.kind != events::kLinkBoost || chain.isReversed(e.id))
            continue;
        const QString other = e.payload.value(QLatin1String("other")).toString();
        const double delta = e.payload.value(QLatin1String("delta")).toDouble();
        if (!other.isEmpty() && other != id && delta > 0)
            learned[other] += delta;
    }
    return learned;
}

} // namespace recollector::core
