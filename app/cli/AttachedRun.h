#pragma once

#include <QString>

namespace recollector::cli {

class CliContext;

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

    /// The attached folder, empty when the command runs on a store.
    static QString folder();
    /// A long-running command (mcp) between two requests: reads the folder again / writes the
    /// decisions made since back to its files. Problems go to stderr; false on an error.
    static bool syncAgain(CliContext &ctx);
    static bool writeBack(CliContext &ctx);
};

} // namespace recollector::cli
