#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace recollector::core {

/// What one decision wrote, so an undo command can revert exactly that decision (revert
/// any of its events: Reverter reverts the whole decision) and redo it (revert the revert).
struct DecisionOutcome
{
    QString decisionId;        ///< "dec_" + ULID, in every event payload as "decision"
    QList<qint64> eventIds;    ///< in the order appended (ids are contiguous)
    QStringList changedIds;    ///< every memory whose row was written, created or removed
    QStringList createdIds;    ///< memories that did not exist before
    QStringList removedIds;    ///< memories removed for good (purge)
    QList<qint64> conflictIds; ///< conflict rows created

    bool isEmpty() const { return eventIds.isEmpty(); }
    qint64 firstEventId() const { return eventIds.isEmpty() ? 0 : eventIds.first(); }
};

} // namespace recollector::core
