#include "attach/FolderLock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <cerrno>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace recollector::core::attach {

namespace {

// flock belongs to an open file description: a second open and lock of the same file in one
// process would wait for itself. So a process locks each folder once and counts its holders
// (a command's decisions and the write-back that follows them both hold it).
struct Held
{
    int fd = -1;
    int holders = 0;
};
std::mutex g_mutex;
QHash<QString, Held> &held()
{
    static QHash<QString, Held> map;
    return map;
}

// The threads of one process take turns too (the window decides on the GUI thread while its
// worker reads the folder and settles leftovers); one thread may hold a folder several times.
// std::map keeps each mutex where it is while others are added; none is ever removed.
std::recursive_mutex &threadTurn(const QString &path)
{
    static std::map<QString, std::recursive_mutex> turns;
    std::lock_guard guard(g_mutex);
    return turns[path];
}

} // namespace

QString FolderLock::lockPath(const QString &folder)
{
    const QFileInfo info(QDir::cleanPath(folder));
    return info.dir().filePath(QStringLiteral(".%1.recollector-lock").arg(info.fileName()));
}

namespace {

// Opens and locks the lock file; -1 when it cannot be created. The last holder removes the
// file (see ~FolderLock), so a lock taken on a file that was removed meanwhile is let go and
// taken again on the file now at the path.
int lockFile(const QByteArray &path)
{
    for (;;) {
        const int fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0)
            return -1;
        int locked;
        do {
            locked = ::flock(fd, LOCK_EX);
        } while (locked != 0 && errno == EINTR);
        struct stat held {};
        struct stat now {};
        if (locked == 0 && ::fstat(fd, &held) == 0 && ::stat(path.constData(), &now) == 0 && held.st_ino == now.st_ino
            && held.st_dev == now.st_dev)
            return fd;
        ::close(fd);
        if (locked != 0)
            return -1;
    }
}

} // namespace

FolderLock::FolderLock(const QString &folder) : m_path(lockPath(folder)), m_turn(&threadTurn(m_path))
{
    m_turn->lock(); // outside g_mutex: another thread's turn may last a whole write-back
    std::lock_guard guard(g_mutex);
    Held &h = held()[m_path];
    if (h.holders == 0)
        h.fd = lockFile(QFile::encodeName(m_path));
    ++h.holders;
    m_fd = h.fd;
}

FolderLock::~FolderLock()
{
    release();
    m_turn->unlock();
}

void FolderLock::release()
{
    std::lock_guard guard(g_mutex);
    auto it = held().find(m_path);
    if (it == held().end() || --it->holders > 0)
        return;
    if (it->fd >= 0) {
        // Removed while still locked, so nothing is left beside the folder; a process waiting on
        // this file finds it gone and locks the next one (lockFile).
        (void)::unlink(QFile::encodeName(m_path).constData());
        ::close(it->fd);
    }
    held().erase(it);
}

} // namespace recollector::core::attach
