#include "commands/ResolveConflictCommand.h"

#include "StoreSession.h"
#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"

#include <QCoreApplication>
#include <QSet>

namespace recollector::ui {

using namespace recollector::core;

namespace {

QString readableStrategy(ResolutionStrategy s)
{
    switch (s) {
    case ResolutionStrategy::LatestWins: return ResolveConflictCommand::tr("latest wins");
    case ResolutionStrategy::VersionKeep: return ResolveConflictCommand::tr("keep versions");
    case ResolutionStrategy::WeightBalance: return ResolveConflictCommand::tr("weight balance");
    case ResolutionStrategy::KeepA: return ResolveConflictCommand::tr("keep A");
    case ResolutionStrategy::KeepB: return ResolveConflictCommand::tr("keep B");
    case ResolutionStrategy::KeepBoth: return ResolveConflictCommand::tr("keep both");
    case ResolutionStrategy::Merge: return ResolveConflictCommand::tr("merge");
    }
    return {};
}

} // namespace

ResolveConflictCommand::ResolveConflictCommand(StoreSession *session, qint64 conflictId, ResolutionStrategy strategy,
                                               const QString &mergedContent, ErrorSink errors)
    : QUndoCommand(describe(conflictId, strategy)), m_session(session), m_conflictId(conflictId),
      m_strategy(strategy), m_mergedContent(mergedContent), m_errors(std::move(errors))
{
}

ResolveConflictCommand *ResolveConflictCommand::dismissal(StoreSession *session, qint64 conflictId, ErrorSink errors)
{
    auto *command = new ResolveConflictCommand(session, conflictId, ResolutionStrategy::WeightBalance, {},
                                               std::move(errors));
    command->m_dismiss = true;
    command->setText(tr("Dismiss conflict #%1: not a conflict").arg(conflictId));
    return command;
}

QString ResolveConflictCommand::describe(qint64 conflictId, ResolutionStrategy strategy)
{
    return tr("Resolve conflict #%1: %2").arg(conflictId).arg(readableStrategy(strategy));
}

void ResolveConflictCommand::fail(const QString &message)
{
    m_ok = false;
    m_error = message;
    setObsolete(true);
    if (m_errors)
        m_errors(message);
}

void ResolveConflictCommand::refresh(const QStringList &extra)
{
    QSet<QString> ids(m_memoryIds.begin(), m_memoryIds.end());
    if (!m_mergedId.isEmpty())
        ids.insert(m_mergedId);
    for (const QString &id : extra)
        ids.insert(id);
    QStringList sorted(ids.begin(), ids.end());
    sorted.sort();
    m_session->refresh(sorted);
}

bool ResolveConflictCommand::applyFirst()
{
    Store *store = m_session->store();
    if (!store) {
        fail(tr("No store is open."));
        return false;
    }
    // Decisions are recorded at the real clock, never at a preview date.
    ConflictResolver resolver(*store, m_session->config());
    auto plan = m_dismiss ? resolver.planDismissal(m_conflictId, time::nowMs())
                          : resolver.plan(m_conflictId, m_strategy, time::nowMs(), m_mergedContent);
    if (!plan) {
        fail(plan.error().message);
        return false;
    }
    m_memoryIds = {plan->before.a, plan->before.b};
    // The links of what it wrote (a merge's summary) follow in its transaction (AfterChange,
    // links only: a resolution settles its contradiction itself).
    // On an attached folder the files' write-back commits with it (StoreSession::decide).
    AfterChange after(*store, m_session->config());
    const Status applied = m_session->decide([&]() -> Status {
        auto done = after.run(
            [&]() -> Result<std::vector<DecisionOutcome>> {
                auto settled = resolver.apply(*plan);
                if (!settled)
                    return settled.error();
                return std::vector<DecisionOutcome>{resolver.lastMergeOutcome(), resolver.lastOutcome()};
            },
            AfterChange::Mode::LinksOnly, time::nowMs());
        return done ? Status{} : done.error();
    });
    if (!applied) {
        fail(applied.error().message);
        return false;
    }
    m_resolution = resolver.lastOutcome();
    m_merge = resolver.lastMergeOutcome();
    m_mergedId = m_merge.createdIds.value(0);
    m_ok = true;
    m_error.clear();
    refresh(m_resolution.changedIds + m_merge.changedIds);
    return true;
}

bool ResolveConflictCommand::step(bool undoing)
{
    Store *store = m_session->store();
    if (!store) {
        fail(tr("No store is open."));
        return false;
    }
    Decisions decisions(*store, m_session->config(), m_session->profileName());
    // The merge came first and the resolution second: undo the resolution first, redo the
    // merge first. Both in one transaction; no merge (0) reverts nothing.
    const qint64 resolutionEvent = m_resolution.firstEventId();
    const qint64 mergeEvent = m_merge.firstEventId();
    // With the links of what the revert put back recomputed in its transaction (AfterChange).
    AfterChange after(*store, m_session->config());
    Result<std::vector<DecisionOutcome>> reverted = std::vector<DecisionOutcome>{};
    const Status done = m_session->decide([&]() -> Status {
        reverted = after.revertAll(decisions, undoing ? std::vector<qint64>{resolutionEvent, mergeEvent}
                                                      : std::vector<qint64>{mergeEvent, resolutionEvent});
        return reverted ? Status{} : reverted.error();
    });
    if (!done) {
        fail(done.error().message);
        return false;
    }
    m_resolution = (*reverted)[undoing ? 0 : 1];
    m_merge = (*reverted)[undoing ? 1 : 0];
    m_ok = true;
    m_error.clear();
    refresh(m_resolution.changedIds + m_merge.changedIds);
    return true;
}

void ResolveConflictCommand::redo()
{
    if (!m_done) {
        m_done = true;
        applyFirst();
        return;
    }
    step(false);
}

void ResolveConflictCommand::undo()
{
    step(true);
}

} // namespace recollector::ui
