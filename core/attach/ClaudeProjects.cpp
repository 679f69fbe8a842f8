#include "attach/ClaudeProjects.h"

#include <QDir>
#include <QFileInfo>

namespace recollector::core::attach {

std::vector<ClaudeProjects::Folder> ClaudeProjects::find(const QString &home)
{
    const QDir projects(QDir(home.isEmpty() ? QDir::homePath() : home).filePath(QStringLiteral(".claude/projects")));
    std::vector<Folder> out;
    for (const QString &slug : projects.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name)) {
        const QDir memory(projects.filePath(slug + QStringLiteral("/memory")));
        if (!memory.exists())
            continue;
        if (!memory.exists(QStringLiteral("MEMORY.md")) && memory.entryList({ QStringLiteral("*.md") }, QDir::Files).isEmpty())
            continue;
        out.push_back({ slug, memory.absolutePath() });
    }
    return out;
}

QString ClaudeProjects::projectOf(const QString &memoryFolder)
{
    const QFileInfo memory(QDir::cleanPath(memoryFolder));
    if (memory.fileName() != QLatin1String("memory"))
        return {};
    const QFileInfo project(memory.path());
    if (QFileInfo(project.path()).fileName() != QLatin1String("projects"))
        return {};
    return project.fileName();
}

} // namespace recollector::core::attach
