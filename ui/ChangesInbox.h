#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

class QAction;
class QLabel;
class QMainWindow;
class QUndoStack;

namespace recollector::ui {

class ChangesDialog;
class StoreSession;

/// The review inbox in the window (docs/scoring.md#review-inbox): the Review ▸ Changes
/// action, the status bar's "12 changes since your last review" (a link that opens the
/// list), and the one ChangesDialog. The count follows the store (other writers, decisions,
/// undo): a quarter second after the first change, and never more often than ten times as long
/// as the last count took, so a store with a long list and a busy writer keeps the window
/// responsive. MainWindow only creates it and adds the action.
class ChangesInbox final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChangesInbox)

public:
    /// Fewer than this many memories changed are counted exactly when there was no review yet.
    static constexpr int kCountCap = 10000;
    /// How long after a change the count waits, when the last count took `lastCountMs`: at
    /// least a quarter second, ten times the count's own time (the window spends at most a
    /// tenth of its time counting), at most five seconds.
    static int countDelayMs(qint64 lastCountMs);

    ChangesInbox(StoreSession *session, QUndoStack *undoStack, QMainWindow *window);

    QAction *action() const { return m_action; }
    /// Review ▸ Approve the Assistant's Changes First (approval mode, docs/scoring.md#approval-mode):
    /// checkable, the store's setting; switching it is an undoable step.
    QAction *approvalAction() const { return m_approval; }
    QLabel *statusLabel() const { return m_label; }
    ChangesDialog *dialog() const;
    /// The count the status bar shows (-1: none shown).
    int count() const { return m_count; }
    /// Whether a count is due (a change came after the last one), and in how many ms.
    bool countPending() const { return m_soon.isActive(); }
    int countDueInMs() const { return m_soon.remainingTime(); }
    /// The assistant's proposals waiting for an answer, as the status bar counts them.
    int proposalCount() const { return m_proposals; }
    void setErrorSink(std::function<void(const QString &)> sink) { m_errorSink = std::move(sink); }

public Q_SLOTS:
    void open();
    /// Counts the changes since the review now (tests; the window calls it through the timer).
    void updateCount();

Q_SIGNALS:
    void memoryActivated(const QString &id);

private:
    void readApproval();
    /// A change came: count soon, unless a count is already due (a busy writer must not keep
    /// pushing it back).
    void countSoon();
    void countNow();

    StoreSession *m_session;
    QUndoStack *m_undo;
    QMainWindow *m_window;
    QAction *m_action;
    QAction *m_approval;
    QLabel *m_label;
    QPointer<ChangesDialog> m_dialog;
    QTimer m_soon;
    int m_count = -1;
    int m_proposals = 0;
    std::function<void(const QString &)> m_errorSink;
};

} // namespace recollector::ui
