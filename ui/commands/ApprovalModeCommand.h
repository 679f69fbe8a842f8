#pragma once

#include <QPointer>
#include <QUndoCommand>

#include <functional>

namespace recollector::ui {

class StoreSession;

/// Review ▸ Approve the Assistant's Changes as an undoable step (approval mode,
/// docs/scoring.md#approval-mode): redo switches the store's setting to `on`, undo back, each
/// recorded in the store with when and by whom. A step the store refuses reports through the
/// error sink and the command becomes obsolete. `changed` runs after each step that went through.
class ApprovalModeCommand final : public QUndoCommand
{
public:
    using ErrorSink = std::function<void(const QString &message)>;

    ApprovalModeCommand(StoreSession *session, bool on, std::function<void()> changed, ErrorSink errors = {});

    void redo() override { set(m_on); }
    void undo() override { set(!m_on); }

private:
    void set(bool on);

    QPointer<StoreSession> m_session;
    bool m_on;
    std::function<void()> m_changed;
    ErrorSink m_errors;
};

} // namespace recollector::ui
