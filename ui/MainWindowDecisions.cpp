// MainWindow: the decisions on the selected memories (confirm, negate, permanent, delete,
// restore, unarchive, edit, merge), each one undoable step (docs/architecture.md, "The way of
// a decision").
#include "MainWindow.h"

#include "SealController.h"
#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "dialogs/EditMemoryDialog.h"
#include "models/Roles.h"
#include "support/TextPrompt.h"
#include "views/DetailPanel.h"
#include "views/MemoryTableView.h"

#include <QUndoStack>

namespace recollector::ui {

using namespace recollector::core;

void MainWindow::pushDecision(DecisionCommand *command)
{
    // push() runs redo(); a failed command marks itself obsolete and the stack deletes it.
    m_undo->push(command);
    updateActions();
}

void MainWindow::confirmSelected()
{
    const QStringList ids = selectedIds();
    if (ids.isEmpty())
        return;
    pushDecision(DecisionCommand::confirm(m_session, ids, [this](const QString &m) { showError(tr("Confirm"), m); }));
}

void MainWindow::negateSelected(bool askCorrection)
{
    const QStringList ids = selectedIds();
    if (ids.isEmpty())
        return;
    QString correction;
    if (askCorrection && ids.size() == 1) {
        const auto memory = m_session->memory(ids.first());
        const QString text = memory ? QFontMetrics(font()).elidedText(memory->content.simplified(), Qt::ElideRight, 480)
                                    : QString();
        const auto answer = TextPrompt::ask(this, tr("Negate memory"),
                                            tr("“%1” is wrong. Optionally, what is true instead "
                                               "(a new memory that replaces it; Ctrl+Enter to negate):")
                                                .arg(text),
                                            m_negateDraft, true);
        if (!answer)
            return; // cancelled
        correction = answer->trimmed();
    }
    // The correction typed is kept until the negation is made, so a refusal does not lose it.
    m_negateDraft = correction;
    pushDecision(DecisionCommand::negate(m_session, ids, correction, [this](const QString &m) { showError(tr("Negate"), m); }));
    if (m_session->memory(ids.first()) && m_session->memory(ids.first())->negated)
        m_negateDraft.clear();
}

void MainWindow::setPermanentSelected(bool permanent)
{
    const QStringList ids = selectedIds();
    if (ids.isEmpty())
        return;
    pushDecision(DecisionCommand::setPermanent(m_session, ids, permanent,
                                               [this](const QString &m) { showError(tr("Permanent"), m); }));
}

void MainWindow::deleteSelected()
{
    QStringList ids;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows()) {
        if (!index.data(DeletedRole).toBool())
            ids.append(index.data(IdRole).toString());
    }
    if (ids.isEmpty())
        return;
    pushDecision(DecisionCommand::softDelete(m_session, ids, [this](const QString &m) { showError(tr("Delete"), m); }));
}

void MainWindow::restoreSelected()
{
    QStringList ids;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows()) {
        if (index.data(DeletedRole).toBool())
            ids.append(index.data(IdRole).toString());
    }
    if (ids.isEmpty())
        return;
    pushDecision(DecisionCommand::restore(m_session, ids, [this](const QString &m) { showError(tr("Restore"), m); }));
}

void MainWindow::unarchiveSelected()
{
    QStringList ids;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows()) {
        if (!index.data(DeletedRole).toBool()
            && (index.data(ArchivedRole).toBool() || index.data(CompressedRole).toBool()))
            ids.append(index.data(IdRole).toString());
    }
    if (ids.isEmpty())
        return;
    pushDecision(DecisionCommand::unarchive(m_session, ids, [this](const QString &m) { showError(tr("Unarchive"), m); }));
}

void MainWindow::editCurrent()
{
    const QString id = m_table->currentId();
    if (id.isEmpty())
        return;
    const auto memory = m_session->memory(id);
    if (!memory) {
        showError(tr("Edit memory"), memory.error().message);
        return;
    }
    QStringList categories;
    for (const CategoryConfig &c : m_session->config().categories)
        categories.append(c.name);
    EditMemoryDialog dialog(*memory, categories, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    applyEdit(id, dialog.edit());
}

void MainWindow::applyEdit(const QString &id, const MemoryEdit &edit)
{
    if (edit.isEmpty())
        return;
    pushDecision(DecisionCommand::edit(m_session, id, edit, [this](const QString &m) {
        showError(tr("Edit"), m);
        if (m_detail)
            m_detail->revertEdits(); // the panel shows the stored values again, not the refused ones
    }));
}

void MainWindow::editMemory(const QString &id, const MemoryEdit &requested)
{
    MemoryEdit edit = requested;
    if (edit.keywords)
        edit.keywords = normalizeKeywords(*edit.keywords);
    // A raise to level 3 needs the store's key: a first passphrase (asked twice) or unlocking.
    if (edit.sensitivity && *edit.sensitivity >= 3 && !m_seal->readyToRaise())
        return;
    if (edit.isEmpty())
        return;
    // One Apply in the panel = one decision = one undo step, named after what it changed.
    auto *command = DecisionCommand::edit(m_session, id, edit, [this](const QString &m) {
        showError(tr("Edit"), m);
        if (m_detail)
            m_detail->revertEdits(); // the panel shows the stored values again, not the refused ones
    });
    command->setText(tr("Edit %1").arg(DetailPanel::fieldWords(edit).join(QStringLiteral(", "))));
    pushDecision(command);
}

void MainWindow::mergeSelected()
{
    const QStringList ids = selectedIds();
    if (ids.size() < 2)
        return;
    QStringList contents;
    for (const QString &id : ids) {
        const auto memory = m_session->memory(id);
        if (memory)
            contents.append(memory->content);
    }
    const auto text = TextPrompt::ask(this, tr("Merge %1 memories").arg(ids.size()),
                                      tr("Content of the merged memory (the originals are kept as its provenance "
                                         "and archived):"),
                                      contents.join(QLatin1Char('\n')), true);
    if (!text || text->trimmed().isEmpty())
        return;
    // The failure flag outlives this call: the command keeps its error sink for later undos.
    auto failed = std::make_shared<bool>(false);
    auto *command = DecisionCommand::merge(m_session, ids, text->trimmed(), [this, failed](const QString &m) {
        *failed = true;
        showError(tr("Merge"), m);
    });
    pushDecision(command);
    // A failed command is obsolete and already deleted: select nothing new then (reading the
    // stack would find the previous command and select what it once created).
    if (*failed)
        return;
    if (const QStringList created = command->createdIds(); !created.isEmpty())
        selectIds(created);
}

} // namespace recollector::ui
