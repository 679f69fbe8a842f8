#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace recollector::core {

class Database;

/// Which events a change list reads: those after an event id (the review point) and recorded
/// in [from, to). The defaults take every event.
struct ChangeScanRange
{
    qint64 afterEventId = 0;
    Millis from = std::numeric_limits<Millis>::min();
    Millis to = std::numeric_limits<Millis>::max(); ///< excluded

    /// Whether a date bounds the range (the review point alone does not).
    bool isDated() const
    {
        return from != std::numeric_limits<Millis>::min() || to != std::numeric_limits<Millis>::max();
    }
};

/// One event that changed a memory, as the change list needs it: no parsed payload, only the
/// few payload members it summarises by (ChangePayload).
struct ChangeEventRow
{
    qint64 id = 0;
    QString memoryId;
    QString kind;
    QString actor;
    Millis at = 0;
    QString fromFile;   ///< the agent's own file, for a change read from an attached folder
    QString change;     ///< a folder sync's "added" / "changed" / "removed", an import's action
    bool decided = false; ///< part of a decision (its payload names one); a folder sync's are not
    bool created = false;
    bool removed = false;
    std::uint8_t fields = 0; ///< the fields its "after" names, as bits of ChangeScan::editedFields()
    qint64 reverts = 0; ///< a revert: the event it reverts
};

/// The reads behind the review inbox (docs/formats.md, "Table `events`"; docs/cli.md,
/// `changes`): every event of the kinds that change a memory in a range, oldest first.
/// The review point is an event id, so the inbox's read is an index range over
/// `events_kind(kind, id)` per kind (changes_ms, docs/architecture.md#performance-budget);
/// a range by date alone reads every change event.
class ChangeScan final
{
public:
    explicit ChangeScan(Database &db) : m_db(db) {}

    /// `expected`: how many rows to make room for, when the caller counted them (countEvents);
    /// -1: read() counts them itself when no date bounds the range.
    [[nodiscard]] Result<std::vector<ChangeEventRow>> read(const ChangeScanRange &range,
                                                           qint64 expected = -1) const;
    /// The number of change events after `afterEventId` (read from the index alone).
    [[nodiscard]] Result<qint64> countEvents(qint64 afterEventId) const;
    /// The number of distinct memories changed after `afterEventId`, counting at most `cap`.
    [[nodiscard]] Result<qint64> countMemories(qint64 afterEventId, qint64 cap) const;
    /// The event kinds that count as a change (recorded accesses, links and conflict
    /// bookkeeping do not).
    static const QStringList &kinds();
    /// read()'s statement (its plan is checked by core.changes).
    static QString sql();
    /// The fields a person edits, by their JSON names: bit i of ChangeEventRow::fields is the
    /// i-th. The others an edit writes (cached strength, instants) are the decision's
    /// bookkeeping, not what the person changed, and have no bit.
    static const std::array<QLatin1StringView, 7> &editedFields();

private:
    Database &m_db;
};

} // namespace recollector::core
