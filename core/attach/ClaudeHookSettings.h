#pragma once

#include "model/Result.h"

#include <QJsonObject>
#include <QString>

namespace recollector::core::attach {

/// Recollector's hooks in Claude Code's `settings.json` (docs/formats.md, "claude-hooks"):
/// `SessionStart` and `PostToolUse` on the `Read` tool, each running `command`. Installing
/// merges them with the hooks already there; uninstalling removes exactly them (a group
/// left empty goes too). The file is written atomically, after a copy of it as it was
/// (`settings.json.recollector-backup`), and only when it has not changed since it was read.
class ClaudeHookSettings final
{
public:
    /// What was done, in one line for the user.
    [[nodiscard]] static Result<QString> install(const QString &settingsFile, const QString &command);
    [[nodiscard]] static Result<QString> uninstall(const QString &settingsFile, const QString &command);

    static QJsonObject withHooks(QJsonObject settings, const QString &command);
    static QJsonObject withoutHooks(QJsonObject settings, const QString &command);
};

} // namespace recollector::core::attach
