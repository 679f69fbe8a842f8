#include "UndoReport.h"

#include <QAction>
#include <QUndoStack>

namespace recollector::ui {

UndoReport::UndoReport(QUndoStack *stack, QAction *undo, QAction *redo, QObject *parent)
    : QObject(parent), m_stack(stack), m_index(stack->index())
{
    disconnect(undo, &QAction::triggered, stack, &QUndoStack::undo);
    disconnect(redo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(undo, &QAction::triggered, this, [this]() { take(Step::Undo); });
    connect(redo, &QAction::triggered, this, [this]() { take(Step::Redo); });
    connect(stack, &QUndoStack::indexChanged, this, &UndoReport::indexChanged);
}

void UndoReport::take(Step step)
{
    m_step = step;
    if (step == Step::Undo)
        m_stack->undo();
    else
        m_stack->redo();
    m_step = Step::None;
}

void UndoReport::indexChanged(int index)
{
    const int before = m_index;
    m_index = index;
    if (m_step == Step::Undo && index < before)
        Q_EMIT message(tr("Undone: %1. Redo does it again.").arg(m_stack->text(index)));
    else if (m_step == Step::Redo && index > before)
        Q_EMIT message(tr("Redone: %1.").arg(m_stack->text(index - 1)));
    else if (m_step == Step::None && index > before)
        Q_EMIT message(tr("Done: %1. Undo takes it back.").arg(m_stack->text(index - 1)));
    // An index that falls with no undo is the stack being cleared (another store): nothing to say.
}

} // namespace recollector::ui
