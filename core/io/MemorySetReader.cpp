#include "io/MemorySetReader.h"

#include "io/AgentEntry.h"
#include "io/AgentFolder.h"
#include "model/InputLimits.h"
#include "io/JsonText.h"
#include "io/LegacyArray.h"
#include "io/MemorySetFastJson.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetYaml.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace recollector::core::io {

namespace {

QByteArray head(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.read(4096);
}

char firstSignificant(const QByteArray &bytes)
{
    qsizetype i = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (i < bytes.size() && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r'))
        ++i;
    return i < bytes.size() ? bytes[i] : '\0';
}

} // namespace

Result<SetFormat> MemorySetReader::detect(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such file or folder").arg(path));
    if (info.isDir())
        return SetFormat::AgentFolder;
    if (!info.isFile()) // a FIFO would block the read below until something wrote to it
        return Error::make(Error::Code::Io,
            QStringLiteral("%1: is not a regular file (a pipe, socket or device); not read")
                .arg(info.fileName()));
    const QString suffix = info.suffix().toLower();
    if (suffix == QLatin1String("yaml") || suffix == QLatin1String("yml"))
        return SetFormat::RecollectorYaml;
    if (suffix == QLatin1String("csv"))
        return Error::make(Error::Code::Usage,
            QStringLiteral("%1: CSV is an export format for spreadsheets; import a JSON or YAML memory set")
                .arg(info.fileName()));
    const QByteArray bytes = head(path);
    const char first = firstSignificant(bytes);
    if (first == '[')
        return SetFormat::LegacyArray;
    if (first == '{' || first == '"' || first == '\0' || suffix == QLatin1String("json"))
        return SetFormat::RecollectorJson; // the JSON reader explains an empty or double-encoded file
    if (bytes.startsWith("---") || bytes.startsWith("format:") || bytes.contains("\nformat:"))
        return SetFormat::RecollectorYaml;
    return Error::make(Error::Code::Parse,
        QStringLiteral("%1: neither JSON nor YAML (it starts with neither '{', '[' nor a YAML key)")
            .arg(info.fileName()));
}

Result<MemorySet> MemorySetReader::read(const QString &path, bool strict, double initialStability)
{
    auto format = detect(path);
    if (!format)
        return format.error();
    switch (*format) {
    case SetFormat::AgentFolder:
        return AgentFolder::read(path, strict, initialStability);
    case SetFormat::RecollectorYaml:
        return MemorySetYaml::readFile(path, initialStability);
    case SetFormat::LegacyArray:
        return LegacyArray::readFile(path, initialStability);
    case SetFormat::Csv:
        break;
    case SetFormat::RecollectorJson: {
        const QFileInfo info(path);
        const QString name = info.fileName();
        auto data = readBoundedFile(path, limits::kMaxSetFileBytes, name);
        if (!data)
            return data.error();
        MemoryParseOptions options;
        options.initialStability = initialStability;
        if (auto fast = MemorySetFastJson::read(*data, name, options))
            return std::move(*fast);
        auto value = JsonText::parse(*data, name);
        if (!value)
            return value.error();
        if (value->isArray())
            return LegacyArray::fromArray(value->toArray(), name, initialStability);
        const QJsonObject object = value->toObject();
        if (!object.contains(QStringLiteral("format")) && object.contains(QStringLiteral("content"))
            && !object.contains(QStringLiteral("memories"))) {
            // One agent memory file on its own.
            MemorySet set;
            set.sourceName = name;
            std::vector<Association> links;
            auto memory = AgentEntry::fromObject(object, name,
                MemoryParseOptions { info.lastModified().toMSecsSinceEpoch(),
                    QStringLiteral("the file's modification time"), &set.notes, initialStability },
                &links);
            if (!memory)
                return memory.error();
            AgentEntry::migrateAsTheHubDoes(*memory, object);
            set.memories.push_back(std::move(*memory));
            set.associations = std::move(links);
            return set;
        }
        return MemorySetJson::fromObject(object, name, options);
    }
    }
    return Error::make(Error::Code::Usage, QStringLiteral("%1: cannot be imported").arg(path));
}

} // namespace recollector::core::io
