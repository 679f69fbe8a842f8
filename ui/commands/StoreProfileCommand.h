#pragma once

#include <QPointer>
#include <QUndoCommand>

#include <functional>

namespace recollector::ui {

class StoreSession;

/// Store → Scoring Profile as an undoable step: redo records `to` as the store's profile (what
/// the assistant recalls with and the cleanup plans with; docs/scoring.md, "Where the rules
/// come from"), undo records the profile it replaced. The view follows each step. A step the
/// store refuses reports through the error sink and the command becomes obsolete.
class StoreProfileCommand final : public QUndoCommand
{
public:
    using ErrorSink = std::function<void(const QString &message)>;

    StoreProfileCommand(StoreSession *session, const QString &to, ErrorSink errors = {});

    void redo() override;
    void undo() override;

private:
    void set(const QString &name);

    QPointer<StoreSession> m_session;
    QString m_from;
    QString m_to;
    ErrorSink m_errors;
};

} // namespace recollector::ui
