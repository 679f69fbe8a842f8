#pragma once

#include <QPointer>
#include <QUndoCommand>

#include <functional>
#include <vector>

namespace recollector::ui {

class StoreSession;

/// An import that has committed, as one step of the undo stack (docs/user-guide.md, "Undo an
/// import"; docs/formats.md, "Import"). The first redo() does nothing: the import is already
/// in the store. undo() reverts every decision the import wrote (its own and the
/// contradiction detector's, newest first) in one transaction through AfterChange::revertAll,
/// like DecisionCommand; a later redo() reverts those reverts in the original order, and so
/// on. The store refuses an undo while a decision made outside this window's undo stack
/// touched an imported memory: the message goes to the error sink, the store is unchanged
/// and the command becomes obsolete, so the stack drops it.
class ImportUndoCommand final : public QUndoCommand
{
public:
    using ErrorSink = std::function<void(const QString &message)>;

    /// `decisionEvents`: core::io::ImportOutcome::decisionEvents; `fileName` and `memories`
    /// (added + overwritten) name the step: "Import of <file>: N memories".
    ImportUndoCommand(StoreSession *session, const QString &fileName, int memories,
                      std::vector<qint64> decisionEvents, ErrorSink errors = {});

    void redo() override;
    void undo() override;

    bool succeeded() const { return m_ok; }

private:
    bool revert(const std::vector<qint64> &eventIds);

    QPointer<StoreSession> m_session;
    std::vector<qint64> m_latest; ///< first event of each decision of the latest step, in import order
    ErrorSink m_errors;
    bool m_done = false;
    bool m_ok = true;
};

} // namespace recollector::ui
