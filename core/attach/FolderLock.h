#pragma once

#include <QString>

#include <mutex>

namespace recollector::core::attach {

/// The advisory lock of an attached folder (docs/formats.md, "Writing back"): an exclusive
/// flock(2) on `.<folder name>.recollector-lock` beside the folder, held while Recollector
/// writes the folder's files back, so that two of Recollector's own processes (the window, a
/// command, an MCP server) never write one folder at once. An assistant that does not take
/// it is kept safe by the compare-and-swap of each file (FileSwap), not by this lock.
/// flock, not a lock file with a process id: the kernel drops it when the process dies, so
/// a killed write-back never leaves the folder locked. The last holder removes the file, so it
/// is there only while a write-back runs. Blocks until the lock is free. Within one process
/// the threads take turns as well (the window's decisions on the GUI thread, its sync of the
/// folder on a worker), and one thread may hold it several times (a command's decisions and
/// their write-back both hold it).
class FolderLock final
{
public:
    explicit FolderLock(const QString &folder);
    ~FolderLock();
    FolderLock(const FolderLock &) = delete;
    FolderLock &operator=(const FolderLock &) = delete;

    /// False when the lock file could not be created (a folder whose parent is read-only):
    /// the write-back then goes on without it, each file still compared and swapped.
    bool isHeld() const { return m_fd >= 0; }
    static QString lockPath(const QString &folder);

private:
    void release();

    QString m_path;
    std::recursive_mutex *m_turn;
    int m_fd = -1;
};

} // namespace recollector::core::attach
