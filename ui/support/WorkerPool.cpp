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
    }
};

} // namespace

Q_GLOBAL_STATIC(Pool, s_pool)

QThreadPool *workerPool()
{
    return s_pool();
}

} // namespace recollector::ui
