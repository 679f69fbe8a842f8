#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QStringList>

#include <functional>

namespace recollector::core {
class Store;
}

namespace recollector::core::attach {

/// Writes the decisions recorded in an attached folder's side store back to the folder's
/// files (docs/formats.md, "Attached folders"): every memory that an event after the last
/// handled one names (the folder's own events, `fromFile`, excepted) gets its file made to
/// match, and nothing else is touched.
///
/// - the fields a decision wrote are the keys where Recollector's projection of the memory
///   (AgentProjection) now differs from the projection recorded when the file was last read
///   or written; they are laid over the file as it is now (AgentFileText: unknown fields,
///   key order and indent kept), through QSaveFile;
/// - three-way check: when the file changed since Recollector read it in any of those keys
///   (`updatedAt` and the derived `strength` aside), nothing is written and a conflict of type
///   `file_clash` opens, with an event holding both values; the assistant's file stays and the
///   next sync reads it;
/// - a deleted or purged memory's file moves to the trash beside the folder; a restored one
///   moves back; a new memory (a correction, a merge) gets a new `<id>.json`;
/// - undo (revert events of one decision) puts the file back byte for byte: each rewrite is
///   recorded with the bytes before and after, and restored when the file still holds the after;
/// - a file that does not parse is never written (a problem line).
class WriteBack final
{
public:
    struct Report
    {
        int written = 0;
        int trashed = 0;
        int restored = 0;
        int clashes = 0;
        /// Files that left the folder because their memory was marked wrong, replaced or
        /// merged (EntryFormat::keepsNegated): the person is told.
        QStringList retired;
        QStringList problems;
    };

    /// `decide`, when given, makes the decisions first, inside the same transaction: they and
    /// their files' writes then commit together or not at all (docs/formats.md, "Writing
    /// back"); its error is the run's, with nothing written. Decisions come here through
    /// AttachedDecision, their one way in; without `decide` it writes back what another writer
    /// of the side store recorded (the window's sync of the folder). Each file is replaced by
    /// compare-and-swap (FileSwap) under the folder's lock (FolderLock); a file the assistant
    /// changed meanwhile is not written and opens a `file_clash`.
    [[nodiscard]] static Result<Report> run(Store &store, const QString &folder, Millis now = 0,
                                            const std::function<Status()> &decide = {});
};

} // namespace recollector::core::attach
