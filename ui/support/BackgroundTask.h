#pragma once

#include "model/Result.h"
#include "support/JobControl.h"

#include <QFutureWatcher>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace recollector::ui {

/// One piece of window work on a worker thread with no dialog of its own (the scheduled
/// cleanup's plan, a queued contradiction detection): a fresh JobControl per run, the finish
/// callback on the GUI thread, and a destructor that cancels and waits, so no worker outlives
/// its owner. The same contract as JobDialog::runJob: the work owns what it touches (values,
/// shared pointers, its own store connection), never `this`.
class BackgroundTask final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BackgroundTask)

public:
    explicit BackgroundTask(QObject *parent = nullptr);
    ~BackgroundTask() override;

    bool isRunning() const { return m_running; }
    /// The running job's control (nullptr when none runs): for a progress panel.
    std::shared_ptr<JobControl> control() const { return m_running ? m_control : nullptr; }
    /// Marks the running job cancelled (no-op when none runs).
    void cancel();
    /// cancel(), then blocks until the worker has stopped; its finish callback is dropped.
    void cancelAndWait();
    /// Tests: runs on the worker at each progress step (see JobControl::setStepHook).
    void setStepHook(JobControl::StepHook hook) { m_stepHook = std::move(hook); }

    /// Runs `work(JobControl &) -> core::Result<T>` on a worker and `finished(core::Result<T>)`
    /// on the GUI thread. One at a time: false (nothing started) while one runs.
    template <typename T, typename Work, typename Finished>
    bool run(Work work, Finished finished)
    {
        auto result = std::make_shared<std::optional<core::Result<T>>>();
        return start([result, work = std::move(work)](JobControl &control) { result->emplace(work(control)); },
                     [result, finished = std::move(finished)]() {
                         finished(result->has_value() ? std::move(**result)
                                                      : core::Result<T>(core::Error::make(core::Error::Code::Cancelled,
                                                                                          QStringLiteral("stopped"))));
                     });
    }

private:
    bool start(std::function<void(JobControl &)> work, std::function<void()> finished);
    void finish();

    std::shared_ptr<JobControl> m_control;
    JobControl::StepHook m_stepHook;
    std::function<void()> m_finished;
    QFutureWatcher<void> m_watcher;
    bool m_running = false;
};

} // namespace recollector::ui
