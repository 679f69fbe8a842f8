#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace recollector::core::attach {

/// Claude Code's auto-memory folders under a home folder: every
/// `<home>/.claude/projects/<project-slug>/memory/` that holds a `MEMORY.md` or Markdown files
/// (docs/formats.md, "Claude Code memory folders"). The slug is the project's path with its
/// separators turned into dashes, shown as the project.
class ClaudeProjects final
{
public:
    struct Folder
    {
        QString project; ///< the slug, e.g. "-home-dev-recollector"
        QString folder;  ///< absolute path of its memory/ folder
    };
    /// Sorted by project; `home` defaults to the user's home folder.
    static std::vector<Folder> find(const QString &home = {});
    /// The project slug of a `.../projects/<slug>/memory` folder; empty for any other folder.
    static QString projectOf(const QString &memoryFolder);
};

} // namespace recollector::core::attach
