#include "formats/ClaudeMemoryAdapter.h"

#include "io/SiblingWrite.h"
#include "io/TrashVersions.h"

#include "attach/AttachedFolder.h"
#include "attach/ClaudeMemoryFormat.h"
#include "attach/ClaudeProjects.h"
#include "io/AgentFolder.h"
#include "io/AtomicFile.h"
#include "model/InputLimits.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace recollector::core::io::formats {

namespace {

const QString kIndex = QStringLiteral("MEMORY.md");

/// The folder holding MEMORY.md: `path` itself, or its `memory/`.
QString memoryFolder(const QString &path)
{
    const QDir dir(path);
    if (!QFileInfo(dir.filePath(kIndex)).isFile() && QFileInfo(dir.filePath(QStringLiteral("memory/MEMORY.md"))).isFile())
        return dir.filePath(QStringLiteral("memory"));
    return path;
}

/// A file name for a memory: its id when that is a safe name, else a slug of it.
QString fileNameFor(const Memory &m)
{
    if (AgentFolder::isSafeFileId(m.id))
        return m.id + QStringLiteral(".md");
    QString slug = m.id;
    slug.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("_"));
    while (slug.startsWith(QLatin1Char('.')) || slug.startsWith(QLatin1Char('-')))
        slug.remove(0, 1);
    return (slug.isEmpty() ? QStringLiteral("memory") : slug.left(180)) + QStringLiteral(".md");
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

bool ClaudeMemoryAdapter::detect(const FormatProbe &probe) const
{
    return probe.isDir() && QFileInfo(QDir(memoryFolder(probe.path)).filePath(kIndex)).isFile();
}

Result<MemorySet> ClaudeMemoryAdapter::read(const QString &path, const AdapterReadOptions &options) const
{
    const QString folder = memoryFolder(path);
    const QDir dir(folder);
    if (!dir.exists())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such folder").arg(path));
    const attach::ClaudeMemoryFormat format(attach::ClaudeProjects::projectOf(QFileInfo(folder).absoluteFilePath()));
    QStringList names;
    for (const QString &n : dir.entryList({ QStringLiteral("*.md") }, QDir::Files | QDir::System, QDir::Name)) {
        if (format.isEntryName(n))
            names << n;
    }
    if (names.size() > kMaxFiles)
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: more than %2 memory files; import a smaller folder").arg(path).arg(kMaxFiles));
    MemorySet set;
    set.sourceName = QFileInfo(path).fileName();
    set.mapping.format = name();
    set.mapping.title = title();
    QSet<QString> ids;
    for (const QString &n : names) {
        const QString filePath = dir.filePath(n);
        auto bytes = readBoundedFile(filePath, limits::kMaxEntryFileBytes, n, SymLinks::Refuse);
        Result<attach::EntryFormat::Parsed> parsed = bytes ? format.parse(*bytes, n,
                                                                          QFileInfo(filePath).lastModified().toMSecsSinceEpoch(),
                                                                          options.initialStability)
                                                           : Result<attach::EntryFormat::Parsed>(bytes.error());
        if (!parsed) {
            if (options.strict)
                return parsed.error();
            set.problems << parsed.error().message + QStringLiteral("; skipped");
            continue;
        }
        if (ids.contains(parsed->memory.id))
            continue; // a base name twice cannot happen in one folder; kept for safety
        ids.insert(parsed->memory.id);
        set.mapping.map(QStringLiteral("type"), QStringLiteral("category"));
        set.mapping.map(QStringLiteral("body"), QStringLiteral("content"));
        set.mapping.map(QStringLiteral("name, description"), QStringLiteral("the memory's name and description (extra)"));
        set.mapping.map(QStringLiteral("file time"), QStringLiteral("createdAt, updatedAt"));
        set.memories.push_back(std::move(parsed->memory));
    }
    set.problems += format.folderProblems(folder, names);
    if (!set.memories.empty())
        set.notes << QStringLiteral("%1: the files keep no times or strength; createdAt is each file's modification time")
                         .arg(set.sourceName);
    return set;
}

namespace {

Result<AdapterWriteReport> writeFolder(const QString &path, const MemorySet &set)
{
    if (!QDir().mkpath(path))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create the folder").arg(path));
    const QString folder = QFileInfo(path).canonicalFilePath();
    const QDir dir(folder);
    const attach::ClaudeMemoryFormat format;
    AdapterWriteReport report;
    const QString indexPath = dir.filePath(kIndex);
    QByteArray index = readFile(indexPath);
    if (index.isEmpty())
        index = "# Memory index\n";
    for (const Memory &m : set.memories) {
        const QString file = fileNameFor(m);
        const QString filePath = dir.filePath(file);
        // A memory marked wrong or replaced leaves the folder like a deleted one: Claude Code's
        // files cannot say that a fact is wrong.
        const bool gone = m.negated || m.superseded || !m.mergedInto.isEmpty();
        if (m.isDeleted() || gone) {
            report.skipped << (m.isDeleted() ? QStringLiteral("memory %1 is deleted; not written")
                                             : QStringLiteral("memory %1 is marked wrong or replaced; not written"))
                                  .arg(m.id);
            if (!QFileInfo::exists(filePath))
                continue;
            // Its file leaves the folder for the trash beside it, and its index line goes.
            const QString trash = attach::AttachedFolder::trashFolder(folder);
            if (!QDir().mkpath(trash) || !QFile::rename(filePath, trash_versions::next(trash, file))) // every version kept
                return Error::make(Error::Code::Io, QStringLiteral("%1: cannot move it to %2").arg(filePath, trash));
            if (const auto without = format.indexWithout(folder, file)) {
                if (const Status st = AtomicFile::write(without->first, without->second); !st)
                    return st.error();
                index = without->second;
            }
            continue;
        }
        const QJsonObject target = format.projection(m);
        const QByteArray existing = QFileInfo(filePath).isFile() ? readFile(filePath) : QByteArray();
        const QByteArray bytes = existing.isEmpty() ? format.fresh(target) : format.rewrite(existing, target);
        if (bytes != existing) {
            if (const Status st = AtomicFile::write(filePath, bytes); !st)
                return st.error();
        }
        ++report.memories;
        // The index gains a line for a file it does not list yet.
        if (!index.contains("](" + file.toUtf8() + ")")) {
            if (!index.endsWith('\n'))
                index += '\n';
            index += attach::ClaudeMemoryFormat::indexLine(file, target).toUtf8() + "\n";
        }
    }
    if (index != readFile(indexPath)) {
        if (const Status st = AtomicFile::write(indexPath, index); !st)
            return st.error();
    }
    const int lines = int(index.count('\n'));
    if (lines > attach::ClaudeMemoryFormat::kIndexLinesRead)
        report.skipped << QStringLiteral("%1: %2 lines; the assistant reads only the first %3")
                              .arg(kIndex)
                              .arg(lines)
                              .arg(attach::ClaudeMemoryFormat::kIndexLinesRead);
    return report;
}

} // namespace

Result<AdapterWriteReport> ClaudeMemoryAdapter::write(const QString &path, const MemorySet &set) const
{
    // Into a temporary sibling first: a failure leaves no file of this export behind (no
    // memory file without its index line).
    std::optional<AdapterWriteReport> written;
    const Status st = SiblingWrite::run(path, [&](const QString &staging) -> Status {
        auto report = writeFolder(staging, set);
        if (!report)
            return report.error();
        written = std::move(*report);
        return {};
    });
    if (!st)
        return st.error();
    return *written;
}

} // namespace recollector::core::io::formats
