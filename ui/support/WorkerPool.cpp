#include "support/WorkerPool.h"

#include <QThread>
#include <QThreadPool>

#include <algorithm>

namespace recollector::ui {

namespace {

class Pool final : public QThreadPool
{
public:
    Pool()
    {
        setObjectName(QStringLiteral("recollector-workers"));
        // As many as Qt's global pool would give, at least two: the background load and the
        // scheduled cleanup's plan both start when a store opens.
        setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        // A thread that has opened a team store's connection holds OpenSSL's per-thread state
        // (libpq's password exchange), which OpenSSL frees as the thread ends, under its own
        // locks. OpenSSL also frees those locks and lists at exit. A thread ending while that
        // runs uses what is being freed ("corrupted double-linked list", or a process that
        // hangs after its last window closed), and QThread::wait() returns before a thread's
        // own exit has finished, so no join before exit can rule that out. The threads
        // therefore never end: an idle one is not let go, and the pool is never destroyed.
        setExpiryTimeout(-1);
    }
};

} // namespace

QThreadPool *workerPool()
{
    // Never destroyed: its destructor, run among the exit handlers, would end the threads
    // there. Every job's owner waits for its job when it goes (StoreSession, JobDialog,
    // BackgroundTask, AttachController, the graph), so nothing runs on it by then.
    static Pool *const pool = new Pool;
    return pool;
}

} // namespace recollector::ui
