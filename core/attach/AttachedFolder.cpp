#include "attach/AttachedFolder.h"

#include "io/AgentFolder.h"
#include "model/ProgramNames.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QDateTime>
#include <QFileInfo>
#include <QStandardPaths>

namespace recollector::core::attach {

Result<QString> AttachedFolder::canonicalFolder(const QString &path)
{
    QFileInfo info(path);
    if (!info.exists() || !info.isDir())
        return Error::make(Error::Code::Io, QStringLiteral("%1: no such folder").arg(path));
    QString folder = info.canonicalFilePath();
    // An agent hub's data folder holds its memories in memory/ (docs/formats.md).
    const QDir dir(folder);
    if (dir.entryList({ QStringLiteral("*.json"), QStringLiteral("*.md") }, QDir::Files).isEmpty()
        && QFileInfo(dir.filePath(QStringLiteral("memory"))).isDir())
        folder = QFileInfo(dir.filePath(QStringLiteral("memory"))).canonicalFilePath();
    return folder;
}

namespace {
// A folder none of whose own files is a memory, with a `<child>/memory/` holding MEMORY.md or
// Markdown files: Claude Code's projects folder.
bool isClaudeProjects(const QString &folder)
{
    const QDir dir(folder);
    if (QDirIterator(folder, { QStringLiteral("*.json"), QStringLiteral("*.md") }, QDir::Files).hasNext())
        return false;
    for (const QString &child : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden)) {
        const QDir memory(dir.filePath(child + QStringLiteral("/memory")));
        if (memory.exists()
            && (memory.exists(QStringLiteral("MEMORY.md")) || !memory.entryList({ QStringLiteral("*.md") }, QDir::Files).isEmpty()))
            return true;
    }
    return false;
}
} // namespace

AttachedFolder::Kind AttachedFolder::kindOf(const QString &folder)
{
    const QDir dir(folder);
    if (QFileInfo(dir.filePath(QStringLiteral("MEMORY.md"))).isFile())
        return Kind::ClaudeMemory;
    if (isClaudeProjects(folder))
        return Kind::ClaudeProjects;
    // The first match decides (a folder of 10,000 entries is not listed to find one).
    if (QDirIterator(folder, { QStringLiteral("*.json") }, QDir::Files | QDir::System).hasNext()
        || !QDirIterator(folder, QDir::Files | QDir::NoDotAndDotDot).hasNext())
        return Kind::AgentFolder;
    return Kind::PlainFiles;
}

AttachedFolder::Kind AttachedFolder::kindFor(Store &store, const QString &folder)
{
    const auto pinned = store.meta().value(kMetaKind);
    for (const Kind k : { Kind::AgentFolder, Kind::ClaudeMemory, Kind::PlainFiles, Kind::ClaudeProjects }) {
        if (pinned && *pinned == kindName(k))
            return k;
    }
    return kindOf(folder);
}

QString AttachedFolder::kindName(Kind kind)
{
    switch (kind) {
    case Kind::AgentFolder: return QStringLiteral("agent-folder");
    case Kind::ClaudeMemory: return QStringLiteral("claude-memory");
    case Kind::PlainFiles: return QStringLiteral("plain-files");
    case Kind::ClaudeProjects: return QStringLiteral("claude-projects");
    }
    return {};
}

QString AttachedFolder::sideStorePath(const QString &canonicalFolder, const QString &dataDir)
{
    const QString hash = QString::fromLatin1(
        QCryptographicHash::hash(canonicalFolder.toUtf8(), QCryptographicHash::Sha256).toHex().left(16));
    const QString path = QDir(dataDir).filePath(QStringLiteral("attached/%1.%2").arg(hash, names::kStoreSuffix));
    // A folder Engram attached keeps its side store (its history and undo) where Engram left it.
    if (dataDir == defaultDataDir() && !QFileInfo::exists(path)) {
        if (const QString legacy = names::legacyDataDir(); !legacy.isEmpty()) {
            const QString old = QDir(legacy).filePath(QStringLiteral("attached/%1.%2").arg(hash, names::kLegacyStoreSuffix));
            if (QFileInfo::exists(old))
                return old;
        }
    }
    return path;
}

QString AttachedFolder::defaultDataDir()
{
    return names::dataDir();
}

QString AttachedFolder::trashFolder(const QString &canonicalFolder)
{
    return io::AgentFolder::trashFolder(canonicalFolder);
}

QString AttachedFolder::stampOf(const QString &path, qint64 *modifiedMs)
{
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    const qint64 modified = info.lastModified().toMSecsSinceEpoch();
    if (modifiedMs)
        *modifiedMs = modified;
    return QStringLiteral("%1:%2").arg(info.size()).arg(modified);
}

bool AttachedFolder::isAttached(Store &store)
{
    return !folderOf(store).isEmpty();
}

QString AttachedFolder::folderOf(Store &store)
{
    auto folder = store.meta().value(kMetaFolder);
    return folder ? *folder : QString();
}

} // namespace recollector::core::attach
