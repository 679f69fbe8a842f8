#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace recollector::core::attach {

/// What one call of a Claude Code hook says the assistant loaded from its memory
/// (docs/formats.md, "claude-hooks"). Claude Code passes JSON on stdin: `hook_event_name`,
/// `cwd`, and for a tool `tool_name` and `tool_input`. At `SessionStart` it loads the
/// project's `MEMORY.md` up to its first 200 lines and 25,000 characters, so every memory
/// linked there was read; a `PostToolUse` of its `Read` tool on a file inside a memory
/// folder read that one memory.
class ClaudeHookInput final
{
public:
    struct Loaded
    {
        QString folder;    ///< the memory folder (canonical path)
        QStringList names; ///< entry files, relative to it
    };
    /// Nothing when the call loaded no memory (another event or tool, a file elsewhere, a
    /// project without memory); an error names what in the input is wrong.
    [[nodiscard]] static Result<std::optional<Loaded>> read(const QByteArray &json, const QString &configFolder);
    /// The files `MEMORY.md` links within the part Claude Code reads.
    static QStringList linkedWithinReach(const QByteArray &index);
};

} // namespace recollector::core::attach
