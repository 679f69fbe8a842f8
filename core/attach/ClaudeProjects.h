#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

namespace recollector::core::attach {

/// Claude Code's auto-memory folders: every `<config>/projects/<project-slug>/memory/` that
/// holds a `MEMORY.md` or Markdown files (docs/formats.md, "Claude Code memory folders"),
/// where `<config>` is `$CLAUDE_CONFIG_DIR`, else `~/.claude`. Claude Code makes a project's
/// slug from its path by turning every character outside `[A-Za-z0-9]` into `-`, which
/// cannot be undone; the project's path is found among the projects Claude Code records in
/// its global configuration (`.claude.json`, its `projects` keys).
class ClaudeProjects final
{
public:
    struct Folder
    {
        QString project; ///< the project's path, or its slug when no recorded path gives it
        QString folder;  ///< absolute path of its memory/ folder
        QString slug;    ///< e.g. "-home-dev-recollector"
    };
    /// Sorted by slug. `home` (tests) stands for the user's home folder and ignores
    /// CLAUDE_CONFIG_DIR.
    static std::vector<Folder> find(const QString &home = {});
    /// The project of a `.../projects/<slug>/memory` folder: the path Claude Code recorded
    /// for that slug, else the slug; empty for any other folder.
    static QString projectOf(const QString &memoryFolder);
    /// Claude Code's slug of a project path.
    static QString slugOf(const QString &path);
    /// slug → project path, for every project Claude Code recorded beside the `projects`
    /// folder `projectsFolder` (its `.claude.json`); empty when there is none.
    static QHash<QString, QString> recordedPaths(const QString &projectsFolder);
    /// The folder that holds Claude Code's `projects/` (`home` as in find()).
    static QString configFolder(const QString &home = {});
};

} // namespace recollector::core::attach
