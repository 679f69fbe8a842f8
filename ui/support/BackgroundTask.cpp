#include "support/BackgroundTask.h"
#include "support/WorkerPool.h"

#include <QtConcurrent/QtConcurrentRun>

namespace recollector::ui {

BackgroundTask::BackgroundTask(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &BackgroundTask::finish);
}

BackgroundTask::~BackgroundTask() { cancelAndWait(); }

void BackgroundTask::cancel()
{
    if (m_running && m_control)
        m_control->cancel();
}

void BackgroundTask::cancelAndWait()
{
    if (!m_running)
        return;
    cancel();
    m_finished = {}; // the owner is going: nothing to tell
    m_watcher.waitForFinished();
    m_running = false;
}

bool BackgroundTask::start(std::function<void(JobControl &)> work, std::function<void()> finished)
{
    if (m_running)
        return false;
    auto control = JobControl::create(m_stepHook);
    m_control = control;
    m_finished = std::move(finished);
    m_running = true;
    m_watcher.setFuture(QtConcurrent::run(workerPool(), [control, work = std::move(work)]() { work(*control); }));
    return true;
}

void BackgroundTask::finish()
{
    if (!m_running)
        return; // waited for and dropped
    m_running = false;
    const std::function<void()> finished = std::move(m_finished);
    m_finished = {};
    if (finished)
        finished();
}

} // namespace recollector::ui
