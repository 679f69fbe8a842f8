#pragma once

#include <QObject>

class QAction;
class QUndoStack;

namespace recollector::ui {

/// Says in words what each decision did (docs/user-guide.md, "status-messages"): a new step
/// on the undo stack, an undo and a redo each give one sentence naming the step, for the
/// status bar. Undo and redo go through the window's two actions, which this takes over from
/// the stack, so it knows which of the three moved the stack.
class UndoReport final : public QObject
{
    Q_OBJECT

public:
    UndoReport(QUndoStack *stack, QAction *undo, QAction *redo, QObject *parent = nullptr);

Q_SIGNALS:
    void message(const QString &text);

private:
    enum class Step { None, Undo, Redo };
    void take(Step step);
    void indexChanged(int index);

    QUndoStack *m_stack;
    int m_index;
    Step m_step = Step::None;
};

} // namespace recollector::ui
