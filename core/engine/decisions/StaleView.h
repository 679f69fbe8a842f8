#pragma once

#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"

namespace recollector::core {

class Store;

/// The one rule for a decision made on what a person saw (docs/team-store.md#many-writers):
/// the memory's `updatedAt` as the view showed it must still be the stored one, on SQLite as
/// on a team store (the same comparison Cleanup makes with its plan), or only recalls may
/// have changed it since (the assistant using the memory: its use counts and clocks move,
/// nothing a person decides on). The check runs inside
/// the decision's transaction, after the row is read (and, on PostgreSQL, locked), so nothing
/// can change it between the check and the write.
class StaleView final
{
public:
    /// Empty when `now` is what was seen; otherwise a Conflict naming who changed the memory
    /// since and how, in the person's words, read from its history.
    [[nodiscard]] static Status check(Store &store, const Memory &now, Millis seenUpdatedAt);

    /// "ann confirmed it", "the assistant reinforced it": who made `event` and what it did.
    static QString describe(const Event &event);
};

} // namespace recollector::core
