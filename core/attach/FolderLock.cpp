#include "attach/FolderLock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <cerrno>
#include <fcntl.h>
#include <mutex>
#include <sys/file.h>
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

} // namespace

QString FolderLock::lockPath(const QString &folder)
{
    const QFileInfo info(QDir::cleanPath(folder));
    return info.dir().filePath(QStringLiteral(".%1.recollector-lock").arg(info.fileName()));
}

FolderLock::FolderLock(const QString &folder) : m_path(lockPath(folder))
{
    std::lock_guard guard(g_mutex);
    Held &h = held()[m_path];
    if (h.holders == 0) {
        h.fd = ::open(QFile::encodeName(m_path).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        while (h.fd >= 0 && ::flock(h.fd, LOCK_EX) != 0) {
            if (errno != EINTR) {
                ::close(h.fd);
                h.fd = -1;
            }
        }
    }
    ++h.holders;
    m_fd = h.fd;
}

FolderLock::~FolderLock()
{
    std::lock_guard guard(g_mutex);
    auto it = held().find(m_path);
    if (it == held().end() || --it->holders > 0)
        return;
    if (it->fd >= 0)
        ::close(it->fd); // closing the only descriptor releases the flock
    held().erase(it);
}

} // namespace recollector::core::attach
