#pragma once

#include "engine/review/ChangeList.h"
#include "engine/review/ReviewPoint.h"

#include <QDialog>
#include <QTimer>

#include <functional>
#include <optional>

class QComboBox;
class QHBoxLayout;
class QJsonObject;
class QUndoCommand;
class QVBoxLayout;
class QLabel;
class QPushButton;
class QTableView;
class QTextEdit;
class QUndoStack;

namespace recollector::ui {

class ChangeListModel;
class ProposalsPane;
class StoreSession;

/// Review ▸ Changes (docs/scoring.md#review-inbox; docs/user-guide.md#changes): every memory
/// changed since the person's last review (or a date), newest first, what changed and by
/// whom (core::ChangeList), with the text before and after, the changed words marked
/// (core::TextDiff), and the other changed fields. Worked with the keyboard on the list:
///   A accept (seen: the row goes) · R reject · Enter show the memory in the table.
/// Several selected rows are one undoable step on the window's undo stack. Reject takes back
/// the assistant's decisions over MCP as the person's own decision: each is reverted
/// (core::Reverter through DecisionCommand), so an attached folder's file goes back too; a
/// change the assistant made in its own file is not taken back (its earlier version is not
/// kept). "Mark all reviewed" moves the review point to now (undoable). Non-modal.
///
/// The assistant's proposals (approval mode, docs/scoring.md#approval-mode) come first, in
/// their own list (ProposalsPane); one list holds the selection at a time.
///
/// objectNames: changesList, sinceBox, actorBox, kindBox, categoryBox, projectBox, countLabel,
/// beforeText, afterText, fieldsLabel, noteLabel, feedbackLabel, acceptButton, rejectButton,
/// showButton, reviewedButton.
class ChangesDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChangesDialog)

public:
    enum class Since { LastReview = 0, Day, Week, Month, Everything };

    ChangesDialog(StoreSession *session, QUndoStack *undoStack, QWidget *parent = nullptr);

    ChangeListModel *model() const { return m_model; }
    /// The assistant's proposals waiting (approval mode), above the list; A and R answer them.
    ProposalsPane *proposals() const { return m_proposals; }
    QTableView *list() const { return m_list; }
    void setSince(Since since);
    void selectRows(const QList<int> &rows);
    /// Where failures of later undo/redo steps go (the window's error display).
    void setErrorSink(std::function<void(const QString &)> sink) { m_errorSink = std::move(sink); }

public Q_SLOTS:
    /// Reads the list again (the filters, the review point, the store as it is).
    void reload();
    bool acceptSelected();
    bool rejectSelected();
    bool markAllReviewed();

Q_SIGNALS:
    void memoryActivated(const QString &id);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The proposals above the list of changes, in a splitter.
    QWidget *buildLists();
    void buildFilters(QHBoxLayout *bar);
    void buildDetail(QVBoxLayout *side);
    void buildButtons(QVBoxLayout *layout);
    void connectButtons();
    core::ChangeQuery query(core::ReviewState *review) const;
    void showDetail();
    void showProposal();
    bool answerProposals(bool accept);
    void showFields(const QJsonObject &before, const QJsonObject &after);
    void fillChoices(QComboBox *box, const QStringList &values);
    QStringList selectedIds() const;
    std::optional<QString> maskFor(const QString &id) const;
    void say(const QString &text);
    std::function<void(const QString &)> sink();
    bool push(QUndoCommand *command);

    StoreSession *m_session;
    QUndoStack *m_undo;
    ChangeListModel *m_model;
    QTableView *m_list = nullptr;
    ProposalsPane *m_proposals = nullptr;
    bool m_onProposals = false; ///< the selection is in the proposals: the buttons answer them
    QComboBox *m_since = nullptr;
    QComboBox *m_actor = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_category = nullptr;
    QComboBox *m_project = nullptr;
    QLabel *m_count = nullptr;
    QTextEdit *m_before = nullptr;
    QTextEdit *m_after = nullptr;
    QLabel *m_fields = nullptr;
    QLabel *m_note = nullptr;
    QLabel *m_feedback = nullptr;
    QPushButton *m_accept = nullptr;
    QPushButton *m_reject = nullptr;
    QPushButton *m_show = nullptr;
    QPushButton *m_reviewed = nullptr;
    core::ReviewState m_review;
    core::ChangeScanRange m_range;
    QTimer m_soon;
    std::function<void(const QString &)> m_errorSink;
    QString m_failure;
    bool m_pushing = false;
};

} // namespace recollector::ui
