#pragma once

#include "engine/review/Cleanup.h"
#include "engine/decisions/DecisionOutcome.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QHash>

#include <functional>
#include <memory>

class QLabel;
class QPushButton;
class QTableView;
class QUndoStack;

namespace engram::ui {

class CleanupPlanModel;
class JobControl;
class JobProgressPanel;
class StoreSession;

/// The cleanup dry run and its application (docs/scoring.md, "Cleanup"): the plan of
/// core::Cleanup under the session's profile and config at the session's now() — every
/// archive / compress / delete / purge with its memory, score and reason, the counts per kind
/// and the budgets in force. Nothing is written until Apply; Apply runs the plan on a worker
/// (its own connection) in one transaction that a Cancel rolls back, then puts it on the undo
/// stack as one decision (undo reverts the whole cleanup through Decisions::revert). Permanent
/// and sensitivity ≥ 2 memories never appear: the core never plans them.
class CleanupPreviewDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CleanupPreviewDialog)

public:
    enum class State { Idle, Planning, Ready, Applying, Done, Failed };
    Q_ENUM(State)

    /// `undo` may be null (the cleanup is then applied without an undo entry).
    CleanupPreviewDialog(StoreSession *session, QUndoStack *undo, QWidget *parent = nullptr);
    ~CleanupPreviewDialog() override;

    /// Computes the plan (show() does it too, once).
    void start();
    State state() const { return m_state; }
    QString errorMessage() const { return m_error; }
    const core::CleanupPlan &plan() const;
    CleanupPlanModel *planModel() const { return m_model; }
    /// Applies the plan (Ready with at least one action).
    void apply();
    void cancel();
    /// Valid once Done: what the cleanup wrote.
    const core::DecisionOutcome &outcome() const { return m_outcome; }
    /// Tests: runs on the worker at each progress step (see JobControl::setStepHook).
    void setWorkerStepHook(std::function<void(int done, int total)> hook) { m_stepHook = std::move(hook); }

    void reject() override;

Q_SIGNALS:
    void stateChanged(engram::ui::CleanupPreviewDialog::State state);
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
    using PlanResult = std::shared_ptr<core::Result<Planned>>;
    using ApplyResult = std::shared_ptr<core::Result<core::DecisionOutcome>>;

    void setState(State state);
    std::shared_ptr<JobControl> newControl();
    void finishPlanning();
    void finishApplying();
    void showError(const QString &message);

    StoreSession *m_session;
    QUndoStack *m_undo;
    State m_state = State::Idle;
    QString m_error;
    core::DecisionOutcome m_outcome;
    std::function<void(int, int)> m_stepHook;
    std::shared_ptr<JobControl> m_control;
    QFutureWatcher<PlanResult> m_planWatcher;
    QFutureWatcher<ApplyResult> m_applyWatcher;

    QLabel *m_title;
    QLabel *m_counts;
    QLabel *m_budgets;
    QLabel *m_errorLabel;
    CleanupPlanModel *m_model;
    QTableView *m_view;
    QLabel *m_result;
    JobProgressPanel *m_progress;
    QPushButton *m_applyButton;
    QPushButton *m_closeButton;
};

} // namespace engram::ui
