#pragma once

#include "model/Memory.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QHash>
#include <QSet>
#include <QString>

#include <optional>
#include <vector>

namespace recollector::core {

class Store;

/// The memories as they were at an instant, rebuilt from the event log
/// (docs/scoring.md#contents-as-of): the window's "Contents as of", `recollector-cli changes
/// --between` and its tests. "As of T" is the store after every event recorded before T:
/// starting from the rows as they are, each event recorded at or after T is taken back,
/// newest first, from the fields it keeps as they were before (a decision's `before`, a
/// created memory gone again, a removed one back from its `before`). Held as a difference
/// from the store now, so a million untouched memories cost nothing.
///
/// What the log cannot take back is said, not invented: a memory an event since T changed
/// without keeping the fields before (a sealed event while the store is locked, a folder sync
/// or an import of an older Recollector) is shown as far as it could be rebuilt and listed in
/// `inexact`; a memory no event records the creation of (`recollector-cli generate`) is placed
/// in time by its own creation date and counted in `unrecordedCreations`.
struct ContentsAsOf
{
    Millis at = 0;
    qint64 lastEventId = 0;    ///< the newest event of the log when it was rebuilt
    qint64 eventsTakenBack = 0;
    /// Memories that existed at `at` and differ from the store now (changed since, or purged).
    QHash<QString, Memory> past;
    /// Memories in the store now that did not exist yet at `at`.
    QSet<QString> absent;
    /// Memories whose contents at `at` are not exact: the first event since that lacks what
    /// going back needs.
    QHash<QString, qint64> inexact;
    /// Memories with no recorded creation, created before `at` by their own date: shown.
    qint64 unrecordedCreations = 0;
    /// Memories with no recorded creation, created at or after `at` by their own date: left out.
    qint64 unrecordedLeftOut = 0;

    /// Rebuilds in one read transaction on the store's connection (its caller's thread).
    /// `only`: rebuild just these memories (the rows of a change list): memory() and differs()
    /// then answer for them alone, and all() is not to be asked.
    [[nodiscard]] static Result<ContentsAsOf> rebuild(Store &store, Millis at, const QSet<QString> *only = nullptr);

    /// One memory as it was; nullopt when it did not exist yet (or was purged by then).
    [[nodiscard]] Result<std::optional<Memory>> memory(Store &store, const QString &id) const;
    /// memory() of many at once, in the order of `ids`, the ones unchanged since read in one go.
    [[nodiscard]] Result<std::vector<std::optional<Memory>>> memories(Store &store, const QStringList &ids) const;
    /// Of `ids`, the memories shown at `at` by their creation date alone (no recorded creation,
    /// no event before `at`): what they said then is not known, they are shown as far as the
    /// later events tell, and marked approximate like `inexact` ones.
    [[nodiscard]] Result<QSet<QString>> undated(Store &store, const QStringList &ids) const;
    /// Every memory as it was (deleted ones too), in id order.
    [[nodiscard]] Result<std::vector<Memory>> all(Store &store) const;
    /// Whether this memory's contents at `at` differ from now (or it did not exist then).
    bool differs(const QString &id) const { return past.contains(id) || absent.contains(id); }
};

} // namespace recollector::core
