#pragma once

#include "model/Result.h"

#include <QHash>
#include <QString>

namespace recollector::core {

class Store;

/// What the links have learned from use (docs/scoring.md, "Learned weights"): the
/// co-retrieval boosts (+0.05, two memories recalled together by a recorded retrieval) and
/// the confirmed associative hit boosts (+0.1), each a `link_boost` event. A rebuild
/// recomputes derived weights from their rules and then adds these again, so what was
/// learned is not lost. Boosts that were undone (a `revert` not itself reverted) do not count.
class LearnedWeights final
{
public:
    /// The pair's key: the two ids in store order (a < b), joined by a NUL.
    static QString pairKey(const QString &x, const QString &y);

    /// Every boost still in force, summed per pair (pairKey → total delta). One pass over
    /// the events of kinds `link_boost` and `revert`.
    [[nodiscard]] static Result<QHash<QString, double>> read(Store &store);
    /// The boosts still in force on the links of one memory (other id → total delta), from
    /// its own history (each boost is also recorded on the other end): what a one-memory
    /// update of its links has to add back.
    [[nodiscard]] static Result<QHash<QString, double>> ofMemory(Store &store, const QString &id);
};

} // namespace recollector::core
