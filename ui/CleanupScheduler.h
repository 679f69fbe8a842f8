#pragma once

#include "model/Time.h"
#include "support/BackgroundTask.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

class QUndoStack;

namespace recollector::ui {

class StoreSession;

/// The scheduled cleanup while the window is open (docs/scoring.md, "Scheduled cleanup").
/// Every minute, and when a store opens or its profile or
/// configuration changes, it asks core::CleanupSchedule whether a cleanup is due
/// (`cleanupIntervalHours` after meta `last_cleanup_at`; a store never cleaned is due). When
/// due it plans on a worker (its own read-only connection, as the cleanup dialog does) and
/// reports the candidates (cleanupDue), which the review queue lists for the user to answer:
/// nothing is applied. With `memory.decay.scheduledCleanup: automatic` the worker applies the
/// plan instead (its own connection, one transaction) and the cleanup goes on the undo stack
/// as one decision (applied). A plan once made is not made again until the interval has
/// passed since, or the store, profile or configuration changed: a due cleanup does not nag.
class CleanupScheduler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CleanupScheduler)

public:
    static constexpr int kCheckEveryMs = 60 * 1000;

    CleanupScheduler(StoreSession *session, QUndoStack *undo, QObject *parent = nullptr);

    bool isRunning() const { return m_task.isRunning(); }
    /// Plans (or applies) a due cleanup unless one was made this interval; false when none started.
    bool checkNow();
    /// Whether the last plan's candidates still wait (the cleanup is still due).
    bool isDue() const { return m_waiting > 0; }

Q_SIGNALS:
    /// A due cleanup's plan has `candidates` actions; they wait in the review queue.
    void cleanupDue(int candidates);
    /// The due cleanup no longer waits (applied, answered, or another store).
    void cleanupDone();
    /// An automatic cleanup was applied to `changed` memories (one undoable decision).
    void applied(int changed);
    /// Any run ended (after the signals above); `message` for the status bar, may be empty.
    void finished(const QString &message);

private:
    void reset();
    void recheckWaiting();
    void finishPlan(core::Millis at, int candidates, const QString &error);

    QPointer<StoreSession> m_session;
    QPointer<QUndoStack> m_undo;
    BackgroundTask m_task;
    QTimer m_timer;
    core::Millis m_plannedAt = 0; ///< the last plan (0: none on this store, profile and configuration)
    int m_waiting = 0;            ///< candidates of the last due plan still shown
};

} // namespace recollector::ui
