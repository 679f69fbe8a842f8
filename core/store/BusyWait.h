#pragma once

#include <QElapsedTimer>

struct sqlite3;

namespace recollector::core {

/// How a connection waits for another one's write lock (docs/architecture.md,
/// "several-writers"). SQLite's own busy timeout sleeps longer and longer between tries (up to 100 ms),
/// so a process that writes often takes the lock again before a waiting one looks: the waiter
/// loses every time and fails after the timeout although the lock was free many times. This
/// looks every millisecond until the same timeout, so every gap between another writer's
/// transactions is a turn for the waiting one.
class BusyWait final
{
public:
    /// Installs the wait on `db` (replacing SQLite's busy timeout); `this` must outlive it.
    void install(sqlite3 *db, int timeoutMs);

private:
    static int onBusy(void *self, int tries);

    QElapsedTimer m_waiting;
    int m_timeoutMs = 0;
};

} // namespace recollector::core
