// MainWindow: adding a memory by hand, rebuilding the links and copying the store
// (docs/architecture.md, "What each decision writes"; docs/scoring.md, "Associations";
// docs/team-store.md, "Moving between the two").
#include "MainWindow.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "dialogs/CopyStoreDialog.h"
#include "dialogs/NewMemoryDialog.h"
#include "dialogs/RebuildLinksDialog.h"
#include "views/MemoryTableView.h"

#include <memory>

namespace recollector::ui {

using namespace recollector::core;

void MainWindow::newMemory()
{
    if (!m_session->store() || m_session->isReadOnly())
        return;
    QStringList categories;
    for (const CategoryConfig &c : m_session->config().categories)
        categories.append(c.name);
    NewMemoryDialog dialog(categories, QString(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    addMemory(dialog.input());
}

void MainWindow::addMemory(const NewMemory &input)
{
    // The failure flag outlives this call: the command keeps its error sink for later undos.
    auto failed = std::make_shared<bool>(false);
    auto *command = DecisionCommand::add(m_session, input, [this, failed](const QString &m) {
        *failed = true;
        showError(tr("New memory"), m);
    });
    pushDecision(command);
    // A failed command is obsolete and already deleted (see mergeSelected).
    if (*failed)
        return;
    if (const QStringList created = command->createdIds(); !created.isEmpty())
        selectIds(created);
}

void MainWindow::openRebuildLinks()
{
    if (!m_session->store() || m_session->isReadOnly())
        return;
    if (!m_rebuildLinks) {
        m_rebuildLinks = new RebuildLinksDialog(m_session, this);
        showDialog(m_rebuildLinks);
        return;
    }
    m_rebuildLinks->show();
    m_rebuildLinks->raise();
    m_rebuildLinks->activateWindow();
}

RebuildLinksDialog *MainWindow::rebuildLinksDialog() const { return m_rebuildLinks; }

void MainWindow::openCopyStore()
{
    // Reads the store as it is stored: a read-only store (a reviewer's) can be copied too.
    if (!m_session->store())
        return;
    // One at a time; a closed one (still there until its deletion) was for a store that may
    // be closed too.
    for (auto *open : findChildren<CopyStoreDialog *>()) {
        if (open->isVisible()) {
            open->raise();
            open->activateWindow();
            return;
        }
    }
    showDialog(new CopyStoreDialog(m_session, this));
}

} // namespace recollector::ui
