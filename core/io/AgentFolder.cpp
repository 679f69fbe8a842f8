#include "io/AgentFolder.h"
#include "io/TrashVersions.h"

#include "io/AgentEntry.h"
#include "io/AtomicFile.h"
#include "model/Event.h"
#include "model/InputLimits.h"
#include "model/JsonFieldReader.h"
#include "io/JsonText.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <map>

namespace recollector::core::io {

namespace {
// Every `*.json` entry that is not a folder: links, broken links, FIFOs and unreadable files
// included, so that reading reports them by name instead of passing over them in silence.
QStringList jsonFiles(const QDir &dir)
{
    return dir.entryList({ QStringLiteral("*.json") }, QDir::Files | QDir::System | QDir::Hidden, QDir::Name);
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

Result<MemorySet> AgentFolder::read(const QString &path, bool strict, double initialStability)
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
        // Never through a link (it could pull in any file) nor into a FIFO (it would block).
        auto data = readBoundedFile(filePath, limits::kMaxEntryFileBytes, name, SymLinks::Refuse);
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
            QStringLiteral("the file's modification time"), &set.notes, initialStability };
        std::vector<Association> entryLinks;
        auto memory = AgentEntry::fromObject(object, name, options, &entryLinks);
        if (!memory) {
            if (!problem(memory.error().message))
                return memory.error();
            continue;
        }
        AgentEntry::migrateAsTheHubDoes(*memory, object);
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
    const QDir dir(path);
    if (!dir.exists() && !QDir().mkpath(path))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create the folder").arg(path));
    WriteReport report;
    if (const Status st = trashGone(dir, set, report); !st)
        return st.error();
    if (const Status st = writeEntries(dir, set, report); !st)
        return st.error();
    return report;
}

Status AgentFolder::trashGone(const QDir &dir, const MemorySet &set, WriteReport &report)
{
    // A deleted memory is not an agent's memory any more: its file leaves the folder.
    QStringList gone;
    QSet<QString> present;
    for (const Memory &m : set.memories) {
        present.insert(m.id);
        if (m.isDeleted())
            gone << m.id;
    }
    for (const Event &e : set.events) {
        if (e.kind == events::kPurge && !present.contains(e.memoryId))
            gone << e.memoryId;
    }
    for (const QString &id : std::as_const(gone)) {
        if (!isSafeFileId(id))
            continue;
        const QString name = id + QStringLiteral(".json");
        const QString filePath = dir.filePath(name);
        if (!QFileInfo::exists(filePath))
            continue;
        if (const QString why = AtomicFile::notRegularReason(filePath); !why.isEmpty()) {
            report.skipped.append(QStringLiteral("%1: %2; left as it is").arg(name, why));
            continue;
        }
        const QDir trash(trashFolder(dir.path()));
        if (!QDir().mkpath(trash.path()))
            return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create the trash folder").arg(trash.path()));
        const QString target = trash_versions::next(trash.path(), name); // every version kept
        if (!QFile::rename(filePath, target))
            return Error::make(Error::Code::Io, QStringLiteral("%1: cannot move it to %2").arg(name, trash.path()));
        ++report.trashed;
    }
    return {};
}

Status AgentFolder::writeEntries(const QDir &dir, const MemorySet &set, WriteReport &report)
{
    QHash<QString, std::vector<Association>> linksOf;
    for (const Association &a : set.associations) {
        linksOf[a.a].push_back(a);
        linksOf[a.b].push_back(a);
    }
    static const std::vector<Association> kNoLinks;
    for (const Memory &m : set.memories) {
        if (m.isDeleted()) {
            ++report.deleted;
            continue;
        }
        if (!isSafeFileId(m.id)) {
            report.skipped.append(
                QStringLiteral("memory id \"%1\" cannot be a file name in an agent folder; not written")
                    .arg(m.id.left(80)));
            continue;
        }
        const QString name = m.id + QStringLiteral(".json");
        const QString filePath = dir.filePath(name);
        // A link planted in the folder must not redirect the write (or the read of what the
        // file holds) to the file it points to.
        if (const QString why = AtomicFile::notRegularReason(filePath); !why.isEmpty()) {
            report.skipped.append(
                QStringLiteral("%1: %2; not written through it, left as it is").arg(name, why));
            continue;
        }
        auto existing = existingEntry(filePath, name);
        if (!existing) {
            report.skipped.append(existing.error().message);
            continue;
        }
        const auto it = linksOf.constFind(m.id);
        const QByteArray bytes = AgentEntry::toFileBytes(
            AgentEntry::toObject(m, it == linksOf.constEnd() ? kNoLinks : *it, existing->object));
        if (bytes == existing->bytes) {
            ++report.unchanged;
            continue;
        }
        if (const Status st = AtomicFile::write(filePath, bytes); !st)
            return st;
        ++report.written;
    }
    return {};
}

namespace {
QString besideFolder(const QString &folder, const QString &name)
{
    QDir parent(QFileInfo(folder).absoluteFilePath());
    parent.cdUp();
    return parent.filePath(name);
}
} // namespace

QString AgentFolder::trashFolder(const QString &folder)
{
    return besideFolder(folder, QStringLiteral(".recollector-trash"));
}

QString AgentFolder::legacyTrashFolder(const QString &folder)
{
    return besideFolder(folder, QStringLiteral(".engram-trash"));
}

Result<AgentFolder::Existing> AgentFolder::existingEntry(const QString &filePath, const QString &name)
{
    Existing existing;
    if (!QFileInfo::exists(filePath))
        return existing;
    auto data = readBoundedFile(filePath, limits::kMaxEntryFileBytes, name, SymLinks::Refuse);
    // An empty file holds nothing to keep (an export that ran out of space before exports
    // were atomic left such files): it is replaced, not skipped.
    if (data && data->trimmed().isEmpty())
        return existing;
    auto value = data ? JsonText::parse(*data, name) : Result<QJsonValue>(data.error());
    if (!value || !value->isObject())
        return Error::make(Error::Code::Validation,
            QStringLiteral("%1: exists but cannot be parsed (%2); left as it is")
                .arg(name, value ? QStringLiteral("not one object") : value.error().message));
    existing.object = value->toObject();
    existing.bytes = *data;
    return existing;
}

} // namespace recollector::core::io
