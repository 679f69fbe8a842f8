#include "attach/ClaudeProjectsFormat.h"

#include "io/AgentFolder.h"

#include <QDir>
#include <QFileInfo>
#include <QMap>

namespace recollector::core::attach {

namespace {

const QString kMemory = QStringLiteral("/memory/");

/// `<slug>/memory/<file>` → slug and file; nothing for any other name.
std::optional<std::pair<QString, QString>> splitName(const QString &name)
{
    const qsizetype at = name.indexOf(kMemory);
    if (at <= 0 || name.indexOf(QLatin1Char('/')) != at)
        return std::nullopt;
    return std::pair { name.left(at), name.mid(at + kMemory.size()) };
}

} // namespace

QStringList ClaudeProjectsFormat::entryNames(const QString &folder) const
{
    QStringList names;
    const QDir projects(folder);
    for (const QString &slug : projects.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name)) {
        const QString memory = projects.filePath(slug + QStringLiteral("/memory"));
        if (!QFileInfo(memory).isDir())
            continue;
        for (const QString &file : m_one.entryNames(memory))
            names << slug + kMemory + file;
    }
    return names;
}

QString ClaudeProjectsFormat::newFileName(const Memory &memory) const
{
    // The project is a path Claude Code recorded, or a slug no recorded path gives.
    const QString slug = m_paths.key(memory.projectPath, memory.projectPath);
    if (slug.isEmpty() || slug.contains(QLatin1Char('/')) || slug.startsWith(QLatin1Char('.')))
        return {};
    const QString base = memory.id.section(QLatin1Char('/'), -1);
    if (!io::AgentFolder::isSafeFileId(base))
        return {};
    return slug + kMemory + base + extension();
}

Result<EntryFormat::Parsed> ClaudeProjectsFormat::parse(const QByteArray &bytes, const QString &name, Millis modified,
                                                        double initialStability) const
{
    const auto parts = splitName(name);
    if (!parts)
        return Error::make(Error::Code::Validation, QStringLiteral("%1: not a project's memory file").arg(name));
    auto parsed = ClaudeMemoryFormat(m_paths.value(parts->first, parts->first)).parse(bytes, name, modified, initialStability);
    if (parsed)
        parsed->memory.id = parts->first + QLatin1Char('/') + parts->second.chopped(3);
    return parsed;
}

QStringList ClaudeProjectsFormat::folderProblems(const QString &folder, const QStringList &entryNames) const
{
    QMap<QString, QStringList> byProject;
    const QDir projects(folder);
    for (const QString &slug : projects.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name)) {
        if (QFileInfo(projects.filePath(slug + QStringLiteral("/memory"))).isDir())
            byProject[slug];
    }
    for (const QString &name : entryNames) {
        if (const auto parts = splitName(name))
            byProject[parts->first] << parts->second;
    }
    QStringList problems;
    for (auto it = byProject.constBegin(); it != byProject.constEnd(); ++it) {
        for (const QString &p : m_one.folderProblems(projects.filePath(it.key() + QStringLiteral("/memory")), it.value()))
            problems << it.key() + kMemory + p;
    }
    return problems;
}

std::optional<std::pair<QString, QByteArray>> ClaudeProjectsFormat::indexWithout(const QString &folder,
                                                                                 const QString &name) const
{
    const auto parts = splitName(name);
    if (!parts)
        return std::nullopt;
    return m_one.indexWithout(QDir(folder).filePath(parts->first + QStringLiteral("/memory")), parts->second);
}

std::optional<std::pair<QString, QByteArray>> ClaudeProjectsFormat::indexWith(const QString &folder, const QString &name,
                                                                              const QJsonObject &fields) const
{
    const auto parts = splitName(name);
    if (!parts)
        return std::nullopt;
    return m_one.indexWith(QDir(folder).filePath(parts->first + QStringLiteral("/memory")), parts->second, fields);
}

} // namespace recollector::core::attach
