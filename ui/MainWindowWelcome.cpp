// MainWindow's first run (docs/user-guide.md, "First run"): while no store is open the
// central area shows the WelcomePage instead of the filter bar and the table.
#include "MainWindow.h"

#include "StoreSession.h"
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"
#include "views/WelcomePage.h"

#include "model/ProgramNames.h"

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace recollector::ui {

const char *const MainWindow::kShownWithStore = "shownWithStore";

QString MainWindow::defaultStorePath()
{
    return core::names::defaultStorePath();
}

bool MainWindow::openDefaultStore() { return openStore(defaultStorePath()); }

void MainWindow::createWelcome(QVBoxLayout *layout)
{
    m_welcome = new WelcomePage(defaultStorePath(), this);
    layout->addWidget(m_welcome, 1);
    connect(m_welcome, &WelcomePage::claudeMemoryRequested, this, &MainWindow::attachClaudeMemoryDialog);
    connect(m_welcome, &WelcomePage::folderRequested, this, &MainWindow::attachFolderDialog);
    connect(m_welcome, &WelcomePage::demoRequested, this, [this]() { openDemoStore(false); });
    connect(m_welcome, &WelcomePage::emptyStoreRequested, this, [this]() { openDefaultStore(); });
    connect(m_welcome, &WelcomePage::importRequested, this, [this]() {
        if (openDefaultStore())
            importFile();
    });
    connect(m_session, &StoreSession::closed, this, &MainWindow::updateWelcome);
    updateWelcome();
}

void MainWindow::updateWelcome()
{
    const bool open = m_session->isOpen();
    m_welcome->setVisible(!open);
    m_filterBar->setVisible(open);
    m_table->setVisible(open);
    // With no store the docks would stand empty beside the welcome page: they step aside and
    // come back as they were when a store opens (closeEvent puts them back before the layout
    // is saved).
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        if (!open && dock->isVisibleTo(this)) {
            dock->setProperty(kShownWithStore, true);
            dock->hide();
        } else if (open && dock->property(kShownWithStore).toBool()) {
            dock->setProperty(kShownWithStore, false);
            dock->show();
        }
    }
    for (const char *name : {"previewDateControl", "contentsAsOfControl"}) {
        if (auto *control = findChild<QWidget *>(QLatin1String(name)))
            control->setEnabled(open);
    }
    if (m_profileCombo)
        m_profileCombo->setEnabled(open);
}

} // namespace recollector::ui
