#include "commands/ReviewPointCommand.h"

#include "StoreSession.h"

#include <QCoreApplication>

namespace recollector::ui {

ReviewPointCommand::ReviewPointCommand(StoreSession *session, const QString &text, const QString &user,
                                       core::ReviewState before, core::ReviewState after, ErrorSink errors)
    : QUndoCommand(text), m_session(session), m_user(user), m_before(std::move(before)), m_after(std::move(after)),
      m_errors(std::move(errors))
{
}

void ReviewPointCommand::redo() { write(m_after); }

void ReviewPointCommand::undo() { write(m_before); }

void ReviewPointCommand::write(const core::ReviewState &state)
{
    core::Store *store = m_session ? m_session->store() : nullptr;
    const core::Status st = store ? core::ReviewPoint::write(*store, m_user, state)
                                  : core::Status(core::Error::make(core::Error::Code::NotFound,
                                                                   QCoreApplication::translate("ReviewPointCommand", "No store is open.")));
    m_ok = bool(st);
    if (!m_ok) {
        setObsolete(true);
        if (m_errors)
            m_errors(st.error().message);
    }
}

} // namespace recollector::ui
