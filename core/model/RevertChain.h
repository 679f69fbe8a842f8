#pragma once

#include "model/Event.h"

#include <QHash>

#include <vector>

namespace recollector::core {

/// Which events are currently undone. A `revert` event names the event it reverts in its
/// payload (`"reverts": id`); a revert can itself be reverted (redo), which makes its target
/// count again, and so on down the chain. Built from any set of events that holds the
/// reverts of interest (e.g. one memory's history, or every revert in the store).
class RevertChain final
{
public:
    RevertChain() = default;
    explicit RevertChain(const std::vector<Event> &events) { add(events); }

    /// Adds the revert events among `events` (others are ignored). Call in any order; the
    /// chain is resolved by event id, which is the order things happened in.
    void add(const std::vector<Event> &events);
    /// True when `eventId` has been reverted and that revert has not itself been reverted.
    bool isReversed(qint64 eventId) const;
    /// The event that currently reverts `eventId`, or 0.
    qint64 reversedBy(qint64 eventId) const;

    static qint64 revertTarget(const Event &event);

private:
    void resolve() const;

    QHash<qint64, qint64> m_targetOf;            ///< revert event id → the event it reverts
    mutable QHash<qint64, qint64> m_reversedBy;  ///< event id → the live revert undoing it
    mutable bool m_resolved = true;
};

} // namespace recollector::core
