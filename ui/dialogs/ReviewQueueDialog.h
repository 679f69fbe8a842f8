#pragma once

#include "engine/review/LiveReviewQueue.h"
#include "engine/review/ReviewQueue.h"

#include <QDialog>
#include <QPointer>

#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QTreeWidget;
class QUndoStack;

namespace recollector::ui {

class ConflictDialog;
class DecisionCommand;
class StoreSession;

/// The review queue (docs/scoring.md, "Review queue") in one list — open conflicts, promote and
/// decay reviews, cleanup candidates (core::ReviewQueue) — worked through with the keyboard:
///   C confirm · N negate · P permanent · D delete · S skip · Enter open
///   U promote to core · K keep (promote and decay reviews) · A apply the cleanup action.
/// On a promote or decay review, D, K and U are the review's answers (a `review` event through
/// Decisions::answerReview); elsewhere D is a plain delete. K on a cleanup candidate is
/// "don't clean this up": a manual reinforcement (its clock restarts, so the plan drops it).
/// N asks for an optional correction (TextPrompt seam; cancel answers nothing). Every answer
/// is one undoable command on the window's undo stack. The queue follows every store change
/// (core::LiveReviewQueue: only the changed memories are judged again; a reload, another
/// profile or config rebuilds it), so an answered item disappears and the selection moves on to the next; an
/// answered item that stays (a negated memory is still a cleanup candidate) is passed over
/// all the same. After each answer feedbackLabel says what was done; skip only moves on.
/// Enter on a conflict opens its ConflictDialog; on a memory it emits memoryActivated.
/// Non-modal: show() it.
///
/// objectNames: reviewList, remainingLabel, reasonLabel, feedbackLabel, and a button per action:
/// confirmButton, negateButton, permanentButton, deleteButton, keepButton, promoteButton,
/// cleanupButton, skipButton, openButton.
class ReviewQueueDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReviewQueueDialog)

public:
    enum class Action { Confirm, Negate, Permanent, Delete, Keep, Promote, ApplyCleanup, Skip, Open };

    ReviewQueueDialog(StoreSession *session, QUndoStack *undoStack, QWidget *parent = nullptr);

    const std::vector<core::ReviewItem> &items() const { return m_items; }
    /// The queue behind the list (null without a store).
    const core::LiveReviewQueue *queue() const { return m_queue.get(); }
    int remaining() const { return int(m_items.size()); }
    int currentRow() const;
    void setCurrentRow(int row);
    /// Whether `action` applies to the current item.
    bool canDo(Action action) const;
    QTreeWidget *list() const { return m_list; }
    /// The conflict dialog the last Open on a conflict showed (nullptr once closed).
    ConflictDialog *conflictDialog() const { return m_conflictDialog; }
    /// Where failures of later undo/redo steps go (the window's error display).
    void setErrorSink(std::function<void(const QString &)> sink) { m_errorSink = std::move(sink); }

public Q_SLOTS:
    /// Builds the queue again from the whole snapshot.
    void reload();
    /// Takes in a change of these memories (StoreSession::memoriesChanged).
    void takeInChanges(const QStringList &ids);
    /// Does `action` on the current item; false when it does not apply or failed.
    bool perform(Action action);

Q_SIGNALS:
    /// Select this memory in the table.
    void memoryActivated(const QString &id);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createTop();
    void createList();
    void createDetails();
    void createButtons();
    void connectSignals();
    /// Runs one answer; `done` is what feedbackLabel says once it went through.
    bool push(DecisionCommand *command, const QString &done);
    QString snippet(const QString &id) const;
    bool negateCurrent(const QString &id, const std::function<void(const QString &)> &sink);
    const core::ReviewItem *current() const;
    void showQueue();
    void fillList();
    void updateDetails();
    QString keyOf(const core::ReviewItem &item) const;

    QPointer<StoreSession> m_session;
    QPointer<QUndoStack> m_undo;
    std::function<void(const QString &)> m_errorSink;
    std::unique_ptr<core::LiveReviewQueue> m_queue;
    std::vector<core::ReviewItem> m_items;
    QPointer<ConflictDialog> m_conflictDialog;
    int m_rowAfterAnswer = -1; ///< where the selection goes once the answered item is gone
    QString m_answeredKey;     ///< the answered item: passed over if it stays in the queue
    bool m_answering = false;
    QString m_failure;

    QTreeWidget *m_list = nullptr;
    QLabel *m_remaining = nullptr;
    QLabel *m_reason = nullptr;
    QLabel *m_feedback = nullptr;
    QList<QPair<Action, QPushButton *>> m_buttons;
};

} // namespace recollector::ui
