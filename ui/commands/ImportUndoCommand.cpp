#include "commands/ImportUndoCommand.h"

#include "StoreSession.h"
#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"

#include <QCoreApplication>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core;

namespace {

QString stepName(const QString &fileName, int memories)
{
    return memories == 1
        ? QCoreApplication::translate("ImportUndoCommand", "Import of %1: 1 memory").arg(fileName)
        : QCoreApplication::translate("ImportUndoCommand", "Import of %1: %2 memories").arg(fileName).arg(memories);
}

} // namespace

ImportUndoCommand::ImportUndoCommand(StoreSession *session, const QString &fileName, int memories,
                                     std::vector<qint64> decisionEvents, ErrorSink errors)
    : QUndoCommand(stepName(fileName, memories)), m_session(session), m_latest(std::move(decisionEvents)),
      m_errors(std::move(errors))
{
}

bool ImportUndoCommand::revert(const std::vector<qint64> &eventIds)
{
    Store *store = m_session ? m_session->store() : nullptr;
    Result<std::vector<DecisionOutcome>> outcomes
        = Error::make(Error::Code::Io, QCoreApplication::translate("ImportUndoCommand", "No store is open."));
    if (store) {
        Decisions decisions(*store, m_session->config(), m_session->profileName());
        AfterChange after(*store, m_session->config());
        // One transaction, with the attached folder's write-back when there is one.
        const Status done = m_session->decide([&]() -> Status {
            outcomes = after.revertAll(decisions, eventIds);
            return outcomes ? Status{} : outcomes.error();
        });
        if (!done)
            outcomes = done.error();
    }
    if (!outcomes) {
        m_ok = false;
        setObsolete(true); // the store is unchanged; the stack drops the step
        if (m_errors)
            m_errors(outcomes.error().message);
        return false;
    }
    m_ok = true;
    m_latest.clear();
    for (const DecisionOutcome &o : *outcomes)
        m_latest.push_back(o.firstEventId());
    // An import may touch thousands of rows: read the store again rather than row by row.
    m_session->reload();
    return true;
}

void ImportUndoCommand::redo()
{
    if (!m_done) {
        m_done = true; // pushed after the import committed: nothing to do
        return;
    }
    // Revert the reverts in the import's order: the memories come back before the
    // detector's decisions on them.
    revert(m_latest);
}

void ImportUndoCommand::undo()
{
    const std::vector<qint64> newestFirst(m_latest.rbegin(), m_latest.rend());
    if (revert(newestFirst))
        std::reverse(m_latest.begin(), m_latest.end()); // back in the import's order
}

} // namespace recollector::ui
