#pragma once

#include "model/Result.h"
#include "support/JobControl.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class QLabel;
class QPushButton;

namespace recollector::ui {

class JobProgressPanel;

/// The state machine every dialog with long work shares (cleanup, import, export, conflict
/// detection: docs/architecture.md, "Threads and connections"): one job at a time on a worker
/// thread with a fresh JobControl, followed by the dialog's JobProgressPanel with Cancel;
/// while a job runs the Close button is off and Esc / closing the window cancel it (the dialog
/// stays, to say how it ended); the destructor cancels and waits, so no worker outlives the
/// dialog. Each subclass keeps its own states and buttons and sets them around runJob().
///
/// Threads: the work runs on the worker and must own everything it touches (capture values and
/// shared pointers, never `this`; open its own store connection). The finish callback runs on
/// the GUI thread, only while the dialog is alive, after the panel has been hidden and the
/// Close button enabled again.
class JobDialog : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobDialog)

public:
    ~JobDialog() override;

    bool isJobRunning() const { return m_running; }
    /// Stops the job under way (a no-op when none runs); it ends with Error::Code::Cancelled
    /// unless it is past its last cancellable step.
    void cancel();
    /// cancel(), then blocks until the worker has stopped (its finish callback still comes,
    /// from the event loop). For a dialog whose store is about to go.
    void cancelAndWait();
    /// Tests: runs on the worker at each progress step (see JobControl::setStepHook).
    void setWorkerStepHook(JobControl::StepHook hook) { m_stepHook = std::move(hook); }

    /// While a job runs: cancels it and keeps the dialog open.
    void reject() override;

Q_SIGNALS:
    /// The running job was asked to stop (Cancel, Esc, close, the destructor); emitted on the
    /// GUI thread once its control is marked cancelled.
    void jobCancelRequested();

protected:
    explicit JobDialog(QWidget *parent = nullptr);

    /// The progress line (hidden while no job runs), for the subclass to place in its layout.
    QWidget *jobProgress() const;
    /// The button that closes the dialog: disabled while a job runs.
    void setCloseButton(QPushButton *button);

    /// Runs `work(JobControl &) -> core::Result<T>` on a worker, shows `text` on the progress
    /// line until the worker sets a phase, and calls `finished(core::Result<T>)` on the GUI
    /// thread. One job at a time: ignored while one runs.
    template <typename T, typename Work, typename Finished>
    void runJob(const QString &text, Work work, Finished finished)
    {
        auto result = std::make_shared<std::optional<core::Result<T>>>();
        startWorker(
            text, [result, work = std::move(work)](JobControl &control) { result->emplace(work(control)); },
            [result, finished = std::move(finished)]() {
                finished(result->has_value() ? std::move(**result) : core::Result<T>(stopped()));
            });
    }

    static bool isCancelled(const core::Error &error) { return error.code == core::Error::Code::Cancelled; }
    /// The banners of the job dialogs: a failure in red, a written result in green; clear
    /// removes the colour (e.g. for "cancelled; nothing was written").
    enum class Banner { Clear, Error, Success };
    static void setBanner(QLabel *label, Banner banner);

private:
    static core::Error stopped();
    void startWorker(const QString &text, std::function<void(JobControl &)> work, std::function<void()> finished);
    void finishJob();

    JobProgressPanel *m_progress;
    QPointer<QPushButton> m_closeButton;
    JobControl::StepHook m_stepHook;
    std::shared_ptr<JobControl> m_control;
    std::function<void()> m_finished;
    QFutureWatcher<void> m_watcher;
    bool m_running = false;
};

} // namespace recollector::ui
