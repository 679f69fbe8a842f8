#include "attach/ClaudeHookInput.h"

#include "attach/ClaudeMemoryFormat.h"
#include "attach/ClaudeProjects.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace recollector::core::attach {

namespace {

const QString kIndex = QStringLiteral("MEMORY.md");

std::optional<ClaudeHookInput::Loaded> atSessionStart(const QString &cwd, const QString &configFolder)
{
    const QString folder = QDir(configFolder).filePath(QStringLiteral("projects/%1/memory").arg(ClaudeProjects::slugOf(cwd)));
    QFile index(QDir(folder).filePath(kIndex));
    if (!index.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QStringList names = ClaudeHookInput::linkedWithinReach(index.read(ClaudeMemoryFormat::kIndexBytesRead));
    if (names.isEmpty())
        return std::nullopt;
    return ClaudeHookInput::Loaded { QFileInfo(folder).canonicalFilePath(), names };
}

/// The memory folder holding `file` (the nearest folder above it with a MEMORY.md, inside
/// Claude Code's `projects`), and the file's name relative to it.
std::optional<ClaudeHookInput::Loaded> afterRead(const QString &file, const QString &configFolder)
{
    const QFileInfo info(file);
    const QString path = info.canonicalFilePath();
    const QString projects = QFileInfo(QDir(configFolder).filePath(QStringLiteral("projects"))).canonicalFilePath();
    if (path.isEmpty() || projects.isEmpty() || !path.startsWith(projects + QLatin1Char('/')) || !path.endsWith(QLatin1String(".md"))
        || info.fileName() == kIndex)
        return std::nullopt;
    for (QDir dir = info.absoluteDir(); dir.absolutePath().startsWith(projects + QLatin1Char('/')); dir.cdUp()) {
        if (dir.exists(kIndex) || dir.dirName() == QLatin1String("memory"))
            return ClaudeHookInput::Loaded { dir.canonicalPath(), { dir.relativeFilePath(path) } };
    }
    return std::nullopt;
}

} // namespace

QStringList ClaudeHookInput::linkedWithinReach(const QByteArray &index)
{
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)\\s]+\\.md)\\)"));
    QStringList names;
    const QList<QByteArray> lines = index.left(ClaudeMemoryFormat::kIndexBytesRead).split('\n');
    for (qsizetype i = 0; i < lines.size() && i < ClaudeMemoryFormat::kIndexLinesRead; ++i) {
        auto it = link.globalMatch(QString::fromUtf8(lines[i]));
        while (it.hasNext()) {
            const QString name = it.next().captured(1);
            if (!names.contains(name))
                names << name;
        }
    }
    return names;
}

Result<std::optional<ClaudeHookInput::Loaded>> ClaudeHookInput::read(const QByteArray &json, const QString &configFolder)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject())
        return Error::make(Error::Code::Parse, QStringLiteral("hook input: not a JSON object (%1)").arg(error.errorString()));
    const QJsonObject o = doc.object();
    const QString event = o.value(QStringLiteral("hook_event_name")).toString();
    if (event == QLatin1String("SessionStart")) {
        const QString cwd = o.value(QStringLiteral("cwd")).toString();
        if (cwd.isEmpty())
            return Error::make(Error::Code::Validation, QStringLiteral("hook input: SessionStart without \"cwd\""));
        return atSessionStart(cwd, configFolder);
    }
    if (event == QLatin1String("PostToolUse") && o.value(QStringLiteral("tool_name")).toString() == QLatin1String("Read")) {
        const QString file = o.value(QStringLiteral("tool_input")).toObject().value(QStringLiteral("file_path")).toString();
        if (file.isEmpty())
            return Error::make(Error::Code::Validation, QStringLiteral("hook input: Read without \"tool_input.file_path\""));
        return afterRead(file, configFolder);
    }
    return std::optional<Loaded> {};
}

} // namespace recollector::core::attach
