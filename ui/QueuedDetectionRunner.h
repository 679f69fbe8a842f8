#pragma once

#include "support/BackgroundTask.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

namespace recollector::ui {

class JobControl;
class StoreSession;

/// Runs the contradiction detection a large import queued (docs/scoring.md, "Detection"; meta
/// `detection_queued_at`, core::QueuedDetection) in the background while the window is open:
/// it looks for the flag when a store opens and whenever the store changes (live refresh
/// included), and when it is set runs ConflictDetectionJob on a worker, its own connection,
/// without blocking the window; the recorded conflicts and the cleared flag are one
/// transaction. A cancelled run leaves the flag and is not restarted until the store is
/// opened again (the conflicts list's "Detect now" runs it meanwhile).
class QueuedDetectionRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueuedDetectionRunner)

public:
    explicit QueuedDetectionRunner(StoreSession *session, QObject *parent = nullptr);

    bool isRunning() const { return m_task.isRunning(); }
    /// Looks at the flag and starts the detection when it is set; false when none started.
    bool checkNow();
    /// Stops a running detection (nothing is written; the flag stays).
    void cancel();
    /// Tests: runs on the worker at each progress step (see JobControl::setStepHook).
    void setWorkerStepHook(JobControl::StepHook hook) { m_task.setStepHook(std::move(hook)); }

Q_SIGNALS:
    /// A detection started: follow `control` for its progress.
    void started(std::shared_ptr<recollector::ui::JobControl> control);
    /// It ended: `recorded` new conflicts, or -1 when cancelled or failed; `message` for people.
    void finished(int recorded, const QString &message);

private:
    QPointer<StoreSession> m_session;
    BackgroundTask m_task;
    bool m_declined = false; ///< cancelled on this store: not restarted until it is opened again
};

} // namespace recollector::ui
