#include "io/AgentFolder.h"

#include "io/AgentEntry.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"
#include "io/JsonText.h"
#include "io/MemorySetJson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <map>

namespace engram::core::io {

namespace {
QStringList jsonFiles(const QDir &dir)
{
    return dir.entryList(
        { QStringLiteral("*.json") }, QDir::Files | QDir::Readable | QDir::Hidden, QDir::Name);
}
} // namespace

QString AgentFolder::resolve(const QString &path)
{
    const QDir dir(path);
    if (jsonFiles(dir).isEmpty() && dir.exists(QStringLiteral("memory")))
        return dir.filePath(QStringLiteral("memory"));
    return dir.path();
}

bool AgentFolder::isSafeFileId(const QString &id)
{
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$"));
    return safe.match(id).hasMatch();
}

Result<MemorySet> AgentFolder::read(const QString &path, bool strict)
{
    const QString folder = resolve(path);
    const QDir dir(folder);
    if (!dir.exists())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such folder").arg(path));
    const QStringList files = jsonFiles(dir);
    if (files.isEmpty())
        return Error::make(
            Error::Code::Parse, QStringLiteral("%1: no .json memory files in this folder").arg(folder));

    MemorySet set;
    set.sourceName = QFileInfo(folder).fileName() + QLatin1Char('/');
    QHash<QString, QString> fileOfId;
    // One link per unordered pair: each side's file usually lists the other.
    std::map<std::pair<QString, QString>, Association> links;

    for (const QString &name : files) {
        const QString filePath = dir.filePath(name);
        auto problem = [&](const QString &message) -> bool {
            if (strict)
                return false;
            set.problems.append(message + QStringLiteral("; skipped"));
            return true;
        };
        auto data = readBoundedFile(filePath, limits::kMaxEntryFileBytes, name);
        if (!data) {
            if (!problem(data.error().message))
                return data.error();
            continue;
        }
        auto value = JsonText::parse(*data, name);
        if (value && !value->isObject())
            value = Error::make(Error::Code::Parse,
                QStringLiteral("%1: expected one memory object, got %2")
                    .arg(name, JsonFieldReader::describe(*value)));
        if (!value) {
            if (!problem(value.error().message))
                return value.error();
            continue;
        }
        QJsonObject object = value->toObject();
        const QString baseName = QFileInfo(name).completeBaseName();
        if (!object.contains(QStringLiteral("id")) || object.value(QStringLiteral("id")).isNull()) {
            object.insert(QStringLiteral("id"), baseName);
            set.notes.append(QStringLiteral("%1: no id; used the file name \"%2\"").arg(name, baseName));
        }
        const QDateTime modified = QFileInfo(filePath).lastModified();
        MemoryParseOptions options { modified.toMSecsSinceEpoch(),
            QStringLiteral("the file's modification time"), &set.notes };
        std::vector<Association> entryLinks;
        auto memory = AgentEntry::fromObject(object, name, options, &entryLinks);
        if (!memory) {
            if (!problem(memory.error().message))
                return memory.error();
            continue;
        }
        const auto dup = fileOfId.constFind(memory->id);
        if (dup != fileOfId.constEnd()) {
            const Error error = Error::make(Error::Code::Validation,
                QStringLiteral("%1 (id \"%2\"): duplicate id, also in %3")
                    .arg(name, memory->id.left(80), *dup));
            if (!problem(error.message))
                return error;
            continue;
        }
        fileOfId.insert(memory->id, name);
        for (const Association &a : entryLinks) {
            auto [it, inserted] = links.try_emplace({ a.a, a.b }, a);
            if (!inserted && a.weight > it->second.weight)
                it->second = a;
        }
        set.memories.push_back(std::move(*memory));
    }
    set.associations.reserve(links.size());
    for (auto &[pair, a] : links)
        set.associations.push_back(a);
    return set;
}

Result<AgentFolder::WriteReport> AgentFolder::write(const QString &path, const MemorySet &set)
{
    for (const Memory &m : set.memories) {
        if (!isSafeFileId(m.id))
            return Error::make(Error::Code::Validation,
                QStringLiteral(
                    "%1: memory id \"%2\" cannot be a file name in an agent folder; nothing written")
                    .arg(path, m.id.left(80)));
    }
    QDir dir(path);
    if (!dir.exists() && !QDir().mkpath(path))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create the folder").arg(path));

    QHash<QString, std::vector<Association>> linksOf;
    for (const Association &a : set.associations) {
        linksOf[a.a].push_back(a);
        linksOf[a.b].push_back(a);
    }

    WriteReport report;
    static const std::vector<Association> kNoLinks;
    for (const Memory &m : set.memories) {
        const QString name = m.id + QStringLiteral(".json");
        const QString filePath = dir.filePath(name);
        QJsonObject existing;
        QByteArray existingBytes;
        if (QFileInfo::exists(filePath)) {
            auto data = readBoundedFile(filePath, limits::kMaxEntryFileBytes, name);
            auto value = data ? JsonText::parse(*data, name) : Result<QJsonValue>(data.error());
            if (!value || !value->isObject()) {
                report.skipped.append(
                    QStringLiteral("%1: exists but cannot be parsed (%2); left as it is")
                        .arg(name, value ? QStringLiteral("not one object") : value.error().message));
                continue;
            }
            existing = value->toObject();
            existingBytes = *data;
        }
        const auto it = linksOf.constFind(m.id);
        const QByteArray bytes = AgentEntry::toFileBytes(
            AgentEntry::toObject(m, it == linksOf.constEnd() ? kNoLinks : *it, existing));
        if (bytes == existingBytes) {
            ++report.unchanged;
            continue;
        }
        const Status st = writeFileAtomically(filePath, bytes);
        if (!st)
            return st.error();
        ++report.written;
    }
    return report;
}

} // namespace engram::core::io
