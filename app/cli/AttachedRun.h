#pragma once

#include <QString>

namespace engram::cli {

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
};

} // namespace engram::cli
