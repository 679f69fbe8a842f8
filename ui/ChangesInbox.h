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
/// undo), at most once per quarter second. MainWindow only creates it and adds the action.
class ChangesInbox final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChangesInbox)

public:
    /// Fewer than this many memories changed are counted exactly when there was no review yet.
    static constexpr int kCountCap = 10000;

    ChangesInbox(StoreSession *session, QUndoStack *undoStack, QMainWindow *window);

    QAction *action() const { return m_action; }
    /// Review ▸ Approve the Assistant's Changes First (approval mode, docs/scoring.md#approval-mode):
    /// checkable, the store's setting; switching it is an undoable step.
    QAction *approvalAction() const { return m_approval; }
    QLabel *statusLabel() const { return m_label; }
    ChangesDialog *dialog() const;
    /// The count the status bar shows (-1: none shown).
    int count() const { return m_count; }
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
