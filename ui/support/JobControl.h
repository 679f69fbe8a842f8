#pragma once

#include <QMutex>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace recollector::ui {

/// Shared between a dialog on the GUI thread and the long work it runs on a worker thread
/// (import, export, cleanup "show progress and can be cancelled":
/// docs/architecture.md, "Threads and connections"). The worker reports done/total steps and
/// stops when report() returns false; the dialog reads the numbers on a timer and calls
/// cancel(). Every member is safe to call from either thread.
class JobControl final
{
public:
    /// Runs on the worker at every report(), before cancellation is checked (tests use it to
    /// hold the worker at a known step while they press Cancel).
    using StepHook = std::function<void(int done, int total)>;

    JobControl() = default;
    JobControl(const JobControl &) = delete;
    JobControl &operator=(const JobControl &) = delete;

    /// Worker side: records progress; false once cancelled (the work then rolls back).
    bool report(int done, int total);
    /// Worker side: what is happening now, shown next to the bar ("Reading…", "Writing…").
    void setPhase(const QString &phase);

    /// Worker side: whether Cancel can still stop the work (false for a last step that
    /// cannot be interrupted, e.g. writing files); the progress panel follows it.
    void setCancellable(bool cancellable) { m_cancellable.store(cancellable); }
    bool isCancellable() const { return m_cancellable.load(); }

    /// GUI side.
    void cancel() { m_cancelled.store(true); }
    bool isCancelled() const { return m_cancelled.load(); }
    int done() const { return m_done.load(); }
    int total() const { return m_total.load(); }
    QString phase() const;

    /// Set before the work starts.
    void setStepHook(StepHook hook) { m_hook = std::move(hook); }
    /// A fresh control for one job, with the tests' step hook when one is set.
    static std::shared_ptr<JobControl> create(const StepHook &hook)
    {
        auto control = std::make_shared<JobControl>();
        if (hook)
            control->setStepHook(hook);
        return control;
    }

private:
    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_cancellable{true};
    std::atomic<int> m_done{0};
    std::atomic<int> m_total{0};
    mutable QMutex m_phaseLock;
    QString m_phase;
    StepHook m_hook;
};

} // namespace recollector::ui
