#pragma once

#include <QCoreApplication>
#include "engine/conflicts/ConflictResolver.h"
#include "engine/decisions/DecisionOutcome.h"

#include <QStringList>
#include <QUndoCommand>

#include <functional>

namespace recollector::ui {

class StoreSession;

/// Resolving one conflict (docs/scoring.md, "Resolution strategies") as ONE undoable command:
/// - the first redo() plans the strategy at the current instant and applies it through
///   core::ConflictResolver (one transaction: both memories, a merged memory for Merge, the
///   link for VersionKeep, `conflict_resolved` on both, the conflict row resolved);
/// - undo() reverts it through Decisions::revert — the resolution (lastOutcome) and, for
///   Merge, the merge decision it made first (lastMergeOutcome), newest first, in one
///   transaction — appending `revert` events; the conflict is open again;
/// - a later redo() reverts those reverts (oldest first), and so on.
/// After each step the session re-reads both memories (and the merged one), so the table,
/// the chart and open dialogs follow. A step that fails reports through the error sink and
/// makes the command obsolete, so the stack drops it; the store is unchanged then.
class ResolveConflictCommand final : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(ResolveConflictCommand)

public:
    using ErrorSink = std::function<void(const QString &message)>;

    ResolveConflictCommand(StoreSession *session, qint64 conflictId, core::ResolutionStrategy strategy,
                           const QString &mergedContent = {}, ErrorSink errors = {});
    /// "Not a conflict": dismisses the conflict (core::ConflictResolver::planDismissal) the
    /// same undoable way; undo reopens it.
    static ResolveConflictCommand *dismissal(StoreSession *session, qint64 conflictId, ErrorSink errors = {});

    void redo() override;
    void undo() override;

    bool succeeded() const { return m_ok; }
    const QString &error() const { return m_error; }
    qint64 conflictId() const { return m_conflictId; }
    core::ResolutionStrategy strategy() const { return m_strategy; }
    bool isDismissal() const { return m_dismiss; }
    /// The summary memory a Merge created ("" otherwise or before the first redo).
    const QString &mergedId() const { return m_mergedId; }

    /// "Resolve conflict #3: latest wins" — the undo stack's text.
    static QString describe(qint64 conflictId, core::ResolutionStrategy strategy);

private:
    bool applyFirst();
    bool step(bool undoing);
    void fail(const QString &message);
    void refresh(const QStringList &extra);

    StoreSession *m_session;
    qint64 m_conflictId;
    core::ResolutionStrategy m_strategy;
    QString m_mergedContent;
    ErrorSink m_errors;
    QStringList m_memoryIds;          ///< a and b of the conflict
    QString m_mergedId;
    core::DecisionOutcome m_resolution; ///< newest outcome of the resolution chain
    core::DecisionOutcome m_merge;      ///< newest outcome of the merge chain (Merge only)
    bool m_dismiss = false;
    bool m_done = false;
    bool m_ok = true;
    QString m_error;
};

} // namespace recollector::ui
