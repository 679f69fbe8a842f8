#include "io/SiblingWrite.h"

#include "engine/decisions/CrashPoint.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace recollector::core::io {

namespace {

QByteArray native(const QString &path) { return QFile::encodeName(path); }

Error systemError(const QString &path, const QString &what)
{
    return Error::make(Error::Code::Io, QStringLiteral("%1: %2: %3").arg(path, what, QString::fromLocal8Bit(std::strerror(errno))));
}

ino_t inodeOf(const QString &path)
{
    struct stat st {};
    return ::lstat(native(path).constData(), &st) == 0 ? st.st_ino : 0;
}

/// Every entry under `dir` that is not a folder (symbolic links included, not followed), as
/// paths relative to it.
QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out << QDir(dir).relativeFilePath(path);
    }
    return out;
}

bool isLink(const QString &path)
{
    struct stat st {};
    return ::lstat(native(path).constData(), &st) == 0 && S_ISLNK(st.st_mode);
}

// The folder's files in the staging folder, as hard links (a copy where the file system has none).
Status linkInto(const QString &from, const QString &to, const QStringList &files)
{
    for (const QString &name : files) {
        const QString target = QDir(to).filePath(name);
        if (!QDir().mkpath(QFileInfo(target).path()))
            return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create it").arg(QFileInfo(target).path()));
        const QString source = QDir(from).filePath(name);
        if (isLink(source)) { // the same link, so the writer sees it as a link and leaves it
            char buffer[4096];
            const ssize_t n = ::readlink(native(source).constData(), buffer, sizeof buffer);
            if (n < 0 || ::symlink(QByteArray(buffer, int(n)).constData(), native(target).constData()) != 0)
                return systemError(target, QStringLiteral("cannot write"));
            continue;
        }
        if (::link(native(source).constData(), native(target).constData()) != 0 && !QFile::copy(source, target))
            return systemError(target, QStringLiteral("cannot write"));
    }
    return {};
}

// What the export changed in the staging folder, moved into the folder: each new or rewritten
// file by a rename (no space needed), and each file it took away (to the trash) removed.
Status moveChanges(const QString &staging, const QString &folder, const QStringList &linkedList)
{
    const QSet<QString> linked(linkedList.cbegin(), linkedList.cend());
    const QStringList written = filesUnder(staging);
    const QSet<QString> kept(written.cbegin(), written.cend());
    for (const QString &name : written) {
        const QString from = QDir(staging).filePath(name);
        const QString to = QDir(folder).filePath(name);
        if (linked.contains(name) && (inodeOf(from) == inodeOf(to) || isLink(from)))
            continue; // untouched (a link is never written through or replaced)
        if (!QDir().mkpath(QFileInfo(to).path()) || ::rename(native(from).constData(), native(to).constData()) != 0)
            return systemError(to, QStringLiteral("cannot write"));
    }
    for (const QString &name : linked) {
        if (!kept.contains(name) && !QFile::remove(QDir(folder).filePath(name)))
            return Error::make(Error::Code::Io, QStringLiteral("%1: cannot remove it").arg(QDir(folder).filePath(name)));
    }
    return {};
}

} // namespace

Status SiblingWrite::run(const QString &folder, const std::function<Status(const QString &staging)> &write)
{
    const QFileInfo given(folder);
    const QString target = given.isSymLink() && given.isDir() ? given.canonicalFilePath() : QDir::cleanPath(given.absoluteFilePath());
    const QFileInfo info(target);
    if (info.exists() && !info.isDir())
        return Error::make(Error::Code::Io, QStringLiteral("%1: is not a folder").arg(folder));
    const QString parent = info.path();
    if (!QDir().mkpath(parent))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot create the folder").arg(parent));
    QTemporaryDir staging(QDir(parent).filePath(QStringLiteral(".%1.recollector-export-XXXXXX").arg(info.fileName())));
    if (!staging.isValid())
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write beside it: %2").arg(folder, staging.errorString()));
    const QStringList linked = info.exists() ? filesUnder(target) : QStringList();
    if (const Status st = linkInto(target, staging.path(), linked); !st)
        return st; // the temporary folder removes itself
    if (const Status st = write(staging.path()); !st) {
        Error e = st.error(); // named as the folder the person chose
        e.message.replace(staging.path(), target);
        return e;
    }
    if (CrashPoint::fails("export.rename"))
        return Error::make(Error::Code::Io, QStringLiteral("%1: cannot write: No space left on device").arg(folder));
    if (info.exists())
        return moveChanges(staging.path(), target, linked); // files the export did not touch stay as they are
    (void)QFile::setPermissions(staging.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup
                                                    | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
    if (::rename(native(staging.path()).constData(), native(target).constData()) != 0)
        return systemError(folder, QStringLiteral("cannot create it"));
    staging.setAutoRemove(false);
    return {};
}

} // namespace recollector::core::io
