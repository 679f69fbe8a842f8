#pragma once

#include "engine/decisions/Decisions.h"
#include "model/Memory.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;

namespace recollector::ui {

/// Edits a memory's content, keywords and category (`edit`,
/// docs/architecture.md, "What each decision writes"). The result holds only the fields that
/// changed; the window turns it into an undoable DecisionCommand.
class EditMemoryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EditMemoryDialog)

public:
    EditMemoryDialog(const core::Memory &memory, const QStringList &categories, QWidget *parent = nullptr);

    core::MemoryEdit edit() const;

private:
    core::Memory m_memory;
    QPlainTextEdit *m_content;
    QLineEdit *m_keywords;
    QComboBox *m_category;
};

} // namespace recollector::ui
