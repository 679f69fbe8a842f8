#pragma once

#include "dialogs/JobDialog.h"
#include "engine/decisions/DecisionOutcome.h"
#include "engine/review/Cleanup.h"

#include <QHash>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTableView;
class QUndoStack;

namespace recollector::ui {

class CleanupPlanModel;
class StoreSession;

/// The cleanup dry run and its application (docs/scoring.md, "Cleanup"): the plan of
/// core::Cleanup under the session's profile and config at the session's now() — every
/// archive / compress / delete / purge with its memory, score and reason, the counts per kind
/// and the budgets in force. Nothing is written until Apply; Apply runs the plan on a worker
/// (its own connection) in one transaction that a Cancel rolls back, then puts it on the undo
/// stack as one decision (undo reverts the whole cleanup through Decisions::revert). Permanent
/// and sensitivity ≥ 2 memories never appear: the core never plans them. The planning and the
/// applying are the JobDialog's jobs.
class CleanupPreviewDialog final : public JobDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CleanupPreviewDialog)

public:
    enum class State { Idle, Planning, Ready, Applying, Done, Failed };
    Q_ENUM(State)

    /// `undo` may be null (the cleanup is then applied without an undo entry).
    CleanupPreviewDialog(StoreSession *session, QUndoStack *undo, QWidget *parent = nullptr);

    /// Computes the plan (show() does it too, once).
    void start();
    State state() const { return m_state; }
    QString errorMessage() const { return m_error; }
    const core::CleanupPlan &plan() const;
    CleanupPlanModel *planModel() const { return m_model; }
    /// Applies the plan (Ready with at least one action).
    void apply();
    /// Valid once Done: what the cleanup wrote.
    const core::DecisionOutcome &outcome() const { return m_outcome; }

Q_SIGNALS:
    void stateChanged(recollector::ui::CleanupPreviewDialog::State state);
    /// The cleanup was written (and pushed on the undo stack).
    void applied();

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct Planned
    {
        core::CleanupPlan plan;
        QHash<QString, QString> contents;
    };

    void setUpPlanView();
    QDialogButtonBox *createButtons();
    void setState(State state);
    void finishPlanning(core::Result<Planned> result);
    void finishApplying(core::Result<core::DecisionOutcome> result);
    void showError(const QString &message);

    StoreSession *m_session;
    QUndoStack *m_undo;
    State m_state = State::Idle;
    QString m_error;
    core::DecisionOutcome m_outcome;

    QLabel *m_title;
    QLabel *m_counts;
    QLabel *m_budgets;
    QLabel *m_errorLabel;
    CleanupPlanModel *m_model;
    QTableView *m_view;
    QLabel *m_result;
    QPushButton *m_applyButton;
    QPushButton *m_closeButton;
};

} // namespace recollector::ui
