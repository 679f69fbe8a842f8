#pragma once

#include "attach/WriteBack.h"

#include <QString>
#include <QStringList>

namespace recollector::cli {

class CliContext;
class Command;

/// `--attach DIR` (docs/cli.md, "Global options"): any command runs on the folder's side
/// store, read from the folder right before the command (FolderSync) and written back to
/// the folder's files right after it (WriteBack). Problems (a file that does not parse, a
/// link inside, a clash) are printed on stderr, one line each; they do not fail the command.
class AttachedRun final
{
public:
    /// Points the context at the side store and syncs it; the exit code on failure, else 0.
    static int prepare(CliContext &ctx, const QString &dir);
    /// After a command that succeeded: writes its decisions back; the exit code.
    static int finish(CliContext &ctx, int code);
    /// Runs `command` and, on an attached folder, writes its decisions back in the same
    /// transaction (attach::AttachedDecision, the one way in for decisions): the decisions and
    /// the files commit together, or nothing is recorded or written (docs/cli.md, "Global
    /// options"). mcp runs each tool call that writes that way instead. The exit code.
    static int run(CliContext &ctx, Command &command, const QStringList &args);

    /// The attached folder, empty when the command runs on a store.
    static QString folder();
    /// A long-running command (mcp) before each request: reads the folder again. Problems go
    /// to stderr; false on an error.
    static bool syncAgain(CliContext &ctx);
    /// After a command that is not a decision (generate) or a server that ended (mcp): writes
    /// back what another writer of the side store recorded meanwhile. Problems go to stderr.
    static bool writeBack(CliContext &ctx);
    static void printReport(CliContext &ctx, const core::attach::WriteBack::Report &report);
};

} // namespace recollector::cli
