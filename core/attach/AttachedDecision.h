#pragma once

#include "attach/WriteBack.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QString>

#include <functional>

namespace recollector::core {
class Store;
}

namespace recollector::core::attach {

/// The one way in for a decision on a store that may mirror an attached folder
/// (docs/formats.md#writing-back): the window, recollector-cli (each command, the Claude Code
/// hook) and the MCP server run every decision through it.
///
/// On an attached folder's side store, `decide` (the decisions and their follow-ups: links,
/// the contradiction check) runs inside WriteBack::run's transaction, followed by the
/// write-back of what it recorded: the side store's decisions and the files' new versions
/// commit together, or nothing is recorded and every file keeps its bytes. On any other store
/// (`folder` empty) `decide` runs as it is, in its own transactions, and the report is empty.
class AttachedDecision final
{
public:
    /// `decide`'s error is the run's, with nothing recorded or written. A write-back that
    /// fails gives an error whose message names the file, with nothing recorded.
    [[nodiscard]] static Result<WriteBack::Report> run(Store &store, const QString &folder, Millis now,
                                                       const std::function<Status()> &decide);
    /// The same on the folder `store` mirrors (AttachedFolder::folderOf; none for a store of its
    /// own), for a caller that holds only the store (the window).
    [[nodiscard]] static Result<WriteBack::Report> run(Store &store, Millis now, const std::function<Status()> &decide);
};

} // namespace recollector::core::attach
