#pragma once

#include "engine/review/ReviewPoint.h"

#include <QPointer>
#include <QUndoCommand>

#include <functional>

namespace recollector::ui {

class StoreSession;

/// The review inbox's Accept and "Mark all reviewed" as one undoable step
/// (docs/scoring.md#review-inbox): redo records `after` as the person's review point, undo
/// records `before` again (core::ReviewPoint, one transaction each). A step the store
/// refuses reports through the error sink and the command becomes obsolete.
class ReviewPointCommand final : public QUndoCommand
{
public:
    using ErrorSink = std::function<void(const QString &message)>;

    ReviewPointCommand(StoreSession *session, const QString &text, const QString &user, core::ReviewState before,
                       core::ReviewState after, ErrorSink errors = {});

    void redo() override;
    void undo() override;
    bool succeeded() const { return m_ok; }

private:
    void write(const core::ReviewState &state);

    QPointer<StoreSession> m_session;
    QString m_user;
    core::ReviewState m_before;
    core::ReviewState m_after;
    ErrorSink m_errors;
    bool m_ok = true;
};

} // namespace recollector::ui
