// MainWindow: an agent memory folder opened in place (docs/formats.md, "Attached folders").
#include "MainWindow.h"

#include "AttachController.h"
#include "StoreSession.h"

#include "attach/AttachedFolder.h"
#include "attach/ClaudeProjects.h"
#include "support/MessageBox.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QStatusBar>

namespace recollector::ui {

namespace {
QString kindWords(core::attach::AttachedFolder::Kind kind)
{
    switch (kind) {
    case core::attach::AttachedFolder::Kind::AgentFolder: return MainWindow::tr("an agent memory folder");
    case core::attach::AttachedFolder::Kind::ClaudeMemory: return MainWindow::tr("a Claude Code memory folder");
    case core::attach::AttachedFolder::Kind::PlainFiles: return MainWindow::tr("a folder of plain memory files");
    case core::attach::AttachedFolder::Kind::ClaudeProjects: return MainWindow::tr("every project's Claude Code memory");
    }
    return {};
}
} // namespace

bool MainWindow::attachFolder(const QString &dir)
{
    if (!m_attach) {
        m_attach = new AttachController(m_session, this);
        connect(m_session, &StoreSession::aboutToClose, m_attach, &AttachController::stop);
        connect(m_attach, &AttachController::filesRetired, this, [this](const QStringList &files) {
            statusBar()->showMessage(tr("%1 left the folder, so the assistant no longer reads it; Undo brings it back",
                                        nullptr, int(files.size()))
                                         .arg(files.join(QStringLiteral(", "))),
                                     15000);
        });
        connect(m_attach, &AttachController::problemsChanged, this, [this](const QStringList &problems) {
            if (!problems.isEmpty())
                statusBar()->showMessage(tr("Attached folder: %n problem(s): %1", nullptr, int(problems.size()))
                                             .arg(problems.first()),
                                         10000);
        });
    }
    QString folder;
    QStringList problems;
    auto side = AttachController::prepare(dir, &folder, &problems);
    if (!side) {
        showError(tr("Cannot open the agent memory folder"), side.error().message);
        return false;
    }
    if (!openStoreFile(*side))
        return false;
    m_attach->start(folder);
    updateTitle();
    statusBar()->showMessage(tr("Attached %1 (%2)").arg(folder, kindWords(core::attach::AttachedFolder::kindOf(folder))), 10000);
    if (!problems.isEmpty())
        statusBar()->showMessage(tr("Attached %1; %n file(s) could not be read: %2", nullptr, int(problems.size()))
                                     .arg(folder, problems.first()),
                                 10000);
    return true;
}

void MainWindow::attachFolderDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open an agent memory folder"));
    if (!dir.isEmpty())
        attachFolder(dir);
}

void MainWindow::attachClaudeMemoryDialog()
{
    const auto found = core::attach::ClaudeProjects::find();
    if (found.empty()) {
        showError(tr("No Claude Code memory found"),
                  tr("No ~/.claude/projects/<project>/memory/ folder holds a MEMORY.md or memory files."));
        return;
    }
    QStringList items;
    for (const auto &f : found)
        items << tr("%1 — %2").arg(f.project, f.folder);
    // All of them: the projects folder itself, each memory with its project's slug.
    const QString all = QFileInfo(QFileInfo(found.front().folder).path()).path();
    if (found.size() > 1)
        items << tr("All %n projects — %1", nullptr, int(found.size())).arg(all);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("Open Claude Code Memory"), tr("Project:"), items, 0, false, &ok);
    if (!ok || !items.contains(chosen))
        return;
    const auto index = std::size_t(items.indexOf(chosen));
    attachFolder(index < found.size() ? found[index].folder : all);
}

} // namespace recollector::ui
