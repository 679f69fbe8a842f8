#include "attach/ClaudeProjects.h"

#include "model/InputLimits.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace recollector::core::attach {

QString ClaudeProjects::configFolder(const QString &home)
{
    if (home.isEmpty()) {
        const QString configured = qEnvironmentVariable("CLAUDE_CONFIG_DIR");
        if (!configured.isEmpty())
            return QDir::cleanPath(configured);
    }
    return QDir(home.isEmpty() ? QDir::homePath() : home).filePath(QStringLiteral(".claude"));
}

QString ClaudeProjects::slugOf(const QString &path)
{
    static const QRegularExpression other(QStringLiteral("[^A-Za-z0-9]"));
    return QString(path).replace(other, QStringLiteral("-"));
}

QHash<QString, QString> ClaudeProjects::recordedPaths(const QString &projectsFolder)
{
    // `<config>/.claude.json` when the configuration folder was chosen (CLAUDE_CONFIG_DIR),
    // `~/.claude.json` beside the default `~/.claude`.
    const QDir config(QFileInfo(QDir::cleanPath(projectsFolder)).path());
    QStringList candidates { config.filePath(QStringLiteral(".claude.json")) };
    if (config.dirName() == QLatin1String(".claude"))
        candidates.prepend(config.filePath(QStringLiteral("../.claude.json")));
    QHash<QString, QString> paths;
    for (const QString &candidate : candidates) {
        const QString file = QDir::cleanPath(candidate);
        if (!QFileInfo(file).isFile())
            continue;
        // A large file (it holds every project's history): read within the import's limit.
        auto bytes = io::readBoundedFile(file, io::limits::kMaxSetFileBytes, QFileInfo(file).fileName());
        if (!bytes)
            continue;
        const QJsonObject projects = QJsonDocument::fromJson(*bytes).object().value(QStringLiteral("projects")).toObject();
        for (auto it = projects.constBegin(); it != projects.constEnd(); ++it)
            paths.insert(slugOf(it.key()), it.key());
        if (!paths.isEmpty())
            break;
    }
    return paths;
}

std::vector<ClaudeProjects::Folder> ClaudeProjects::find(const QString &home)
{
    const QDir projects(QDir(configFolder(home)).filePath(QStringLiteral("projects")));
    const QHash<QString, QString> paths = recordedPaths(projects.absolutePath());
    std::vector<Folder> out;
    for (const QString &slug : projects.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name)) {
        const QDir memory(projects.filePath(slug + QStringLiteral("/memory")));
        if (!memory.exists())
            continue;
        if (!memory.exists(QStringLiteral("MEMORY.md")) && memory.entryList({ QStringLiteral("*.md") }, QDir::Files).isEmpty())
            continue;
        out.push_back({ paths.value(slug, slug), memory.absolutePath(), slug });
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
    return recordedPaths(project.path()).value(project.fileName(), project.fileName());
}

} // namespace recollector::core::attach
