// MainWindow: an agent memory folder opened in place (docs/formats.md, "Attached folders").
#include "MainWindow.h"

#include "AttachController.h"
#include "StoreSession.h"

#include <QFileDialog>
#include <QStatusBar>

namespace engram::ui {

bool MainWindow::attachFolder(const QString &dir)
{
    if (!m_attach) {
        m_attach = new AttachController(m_session, this);
        connect(m_session, &StoreSession::aboutToClose, m_attach, &AttachController::stop);
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
    if (!openStore(*side))
        return false;
    m_attach->start(folder);
    updateTitle();
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

} // namespace engram::ui
