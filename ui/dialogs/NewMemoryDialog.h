#pragma once

#include "engine/capture/NewMemory.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace recollector::ui {

/// Memory → New… (Ctrl+N): what a person gives when adding a memory by hand (the add decision;
/// docs/architecture.md, "What each decision writes"): content, keywords (empty: derived
/// from the text), category (the configured ones, or a new name), project, importance. OK is
/// off while the content is blank; input the core refuses is named under the fields and the
/// dialog stays open. The window turns input() into an undoable DecisionCommand::add.
class NewMemoryDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NewMemoryDialog)

public:
    NewMemoryDialog(const QStringList &categories, const QString &project, QWidget *parent = nullptr);

    core::NewMemory input() const;

    void accept() override;

private:
    void updateOk();

    QPlainTextEdit *m_content;
    QLineEdit *m_keywords;
    QComboBox *m_category;
    QLineEdit *m_project;
    QDoubleSpinBox *m_importance;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};

} // namespace recollector::ui
