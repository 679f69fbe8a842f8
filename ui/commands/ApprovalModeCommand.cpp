#include "commands/ApprovalModeCommand.h"

#include "StoreSession.h"
#include "engine/decisions/Proposals.h"
#include "engine/review/ReviewPoint.h"
#include "store/Store.h"

#include <QCoreApplication>

namespace recollector::ui {

ApprovalModeCommand::ApprovalModeCommand(StoreSession *session, bool on, std::function<void()> changed, ErrorSink errors)
    : QUndoCommand(on ? QCoreApplication::translate("ApprovalModeCommand", "Approve the assistant's changes first")
                      : QCoreApplication::translate("ApprovalModeCommand", "Stop approving the assistant's changes")),
      m_session(session), m_on(on), m_changed(std::move(changed)), m_errors(std::move(errors))
{
}

void ApprovalModeCommand::set(bool on)
{
    if (!m_session || !m_session->store())
        return setObsolete(true);
    if (const core::Status st = core::Proposals::setApproval(*m_session->store(), on, core::time::nowMs(),
                                                             core::ReviewPoint::currentUser());
        !st) {
        setObsolete(true);
        if (m_errors)
            m_errors(st.error().message);
        return;
    }
    if (m_changed)
        m_changed();
}

} // namespace recollector::ui
