#pragma once

#include "engine/capture/NewMemory.h"
#include "engine/review/Cleanup.h"
#include "engine/decisions/DecisionOutcome.h"
#include "engine/decisions/Decisions.h"
#include "model/Result.h"

#include <QStringList>
#include <QUndoCommand>

#include <functional>
#include <vector>

namespace recollector::core {
class AfterChange;
}

namespace recollector::ui {

class StoreSession;

/// One user decision (docs/architecture.md, "The way of a decision") on one or more memories as
/// an undoable command:
/// - the first redo() runs the decision through core::Decisions, all memories in one
///   transaction (Decisions::runAll: one fails → none is written), followed in the same
///   transaction by core::AfterChange: the links of what it created or whose keywords or
///   project it changed, and the contradiction check of what it created or whose content or
///   keywords it changed (the detector's decisions become part of the command);
/// - undo() reverts it through Decisions::revertAll, which appends compensating `revert`
///   events (the store's history only grows), and recomputes the links of the memories whose
///   keywords or project the revert put back (AfterChange::revertAll);
/// - a later redo() reverts that revert, and so on, always reverting the latest outcome.
/// After each step the session re-reads the memories touched, so the table and the detail
/// panel follow. A step that fails (e.g. another writer changed the memory since) reports
/// through the error sink and the command becomes obsolete, so the stack drops it.
class DecisionCommand final : public QUndoCommand
{
public:
    using Step = std::function<core::Result<core::DecisionOutcome>(core::Decisions &, const QString &id)>;
    using ErrorSink = std::function<void(const QString &message)>;

    DecisionCommand(StoreSession *session, const QString &text, QStringList ids, Step step, ErrorSink errors = {});

    void redo() override;
    void undo() override;

    /// Whether the last redo/undo went through (false: see error()).
    bool succeeded() const { return m_ok; }
    const QString &error() const { return m_error; }
    /// Memories the decision created (a merge's summary, a negation's correction).
    QStringList createdIds() const;
    const QStringList &ids() const { return m_ids; }

    // Factories for the decisions of the window's menus.
    /// A memory added by hand (Memory → New…): core::MemoryCapture's `create` decision, its
    /// links and contradiction check; undo removes it with them.
    static DecisionCommand *add(StoreSession *session, const core::NewMemory &input, ErrorSink errors = {});
    static DecisionCommand *confirm(StoreSession *session, const QStringList &ids, ErrorSink errors = {});
    static DecisionCommand *negate(StoreSession *session, const QStringList &ids, const QString &correction,
                                   ErrorSink errors = {});
    static DecisionCommand *setPermanent(StoreSession *session, const QStringList &ids, bool permanent,
                                         ErrorSink errors = {});
    static DecisionCommand *softDelete(StoreSession *session, const QStringList &ids, ErrorSink errors = {});
    static DecisionCommand *restore(StoreSession *session, const QStringList &ids, ErrorSink errors = {});
    /// Brings archived or compressed memories back (Decisions::unarchive; docs/scoring.md,
    /// "Unarchive"): full level, the original text of a compression, the decay restarted.
    static DecisionCommand *unarchive(StoreSession *session, const QStringList &ids, ErrorSink errors = {});
    static DecisionCommand *edit(StoreSession *session, const QString &id, const core::MemoryEdit &edit,
                                 ErrorSink errors = {});
    static DecisionCommand *merge(StoreSession *session, const QStringList &ids, const QString &content,
                                  ErrorSink errors = {});
    /// A user-drawn `manual` link between two memories (Decisions::link); undo restores the
    /// pair's prior link. Both memories are refreshed after each step (their histories and
    /// the graph views change, though no memory row does).
    static DecisionCommand *link(StoreSession *session, const QString &a, const QString &b, double weight = 1.0,
                                 ErrorSink errors = {});
    /// Removes the link between two memories (Decisions::unlink); undo puts it back.
    static DecisionCommand *unlink(StoreSession *session, const QString &a, const QString &b, ErrorSink errors = {});
    /// The answer to a promote or decay review (docs/scoring.md, "Review queue"): a `review`
    /// event with the question and the answer; promote → category core, keep
    /// (decay) → importance reset, delete → soft delete.
    static DecisionCommand *answerReview(StoreSession *session, const QString &id, core::ReviewKind kind,
                                         core::ReviewAnswer answer, ErrorSink errors = {});
    /// One planned cleanup action (archive / compress / delete / purge) applied on its own,
    /// from the review queue. An action whose memory changed since it was planned is skipped
    /// by core::Cleanup, and the command then reports that nothing was done.
    static DecisionCommand *applyCleanup(StoreSession *session, const core::CleanupAction &action,
                                         ErrorSink errors = {});

private:
    /// Runs `perform`, one core call that is one transaction (Decisions::runAll or
    /// revertAll), and keeps its outcomes as the latest.
    using Perform = std::function<core::Result<std::vector<core::DecisionOutcome>>(core::Decisions &,
                                                                                   core::AfterChange &)>;
    bool run(const Perform &perform);
    /// Tells `d` what the window shows of each memory the newest outcomes wrote, so an undo or
    /// redo of what another writer changed since is refused with who and how.
    void expectShown(core::Decisions &d) const;
    void fail(const QString &message);

    StoreSession *m_session;
    QStringList m_ids;
    QStringList m_alsoRefresh; ///< memories to re-read after each step besides those written
    Step m_step;
    ErrorSink m_errors;
    std::vector<core::DecisionOutcome> m_first;   ///< what the decision itself wrote, per step
    std::vector<core::DecisionOutcome> m_latest;  ///< the newest outcome (decision, revert, redo …)
    bool m_done = false;                          ///< the first redo has run
    bool m_ok = true;
    QString m_error;
};

} // namespace recollector::ui
