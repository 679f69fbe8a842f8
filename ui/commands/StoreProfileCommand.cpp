#include "commands/StoreProfileCommand.h"

#include "StoreSession.h"

#include <QCoreApplication>

namespace recollector::ui {

StoreProfileCommand::StoreProfileCommand(StoreSession *session, const QString &to, ErrorSink errors)
    : QUndoCommand(QCoreApplication::translate("StoreProfileCommand", "Scoring profile %1").arg(to)),
      m_session(session), m_from(session->storeProfileName()), m_to(to), m_errors(std::move(errors))
{
}

void StoreProfileCommand::redo() { set(m_to); }

void StoreProfileCommand::undo() { set(m_from); }

void StoreProfileCommand::set(const QString &name)
{
    if (!m_session)
        return setObsolete(true);
    if (const core::Status st = m_session->setProfileName(name); !st) {
        setObsolete(true);
        if (m_errors)
            m_errors(st.error().message);
    }
}

} // namespace recollector::ui
