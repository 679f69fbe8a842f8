// MainWindow's first run (docs/user-guide.md, "First run"): while no store is open the
// central area shows the WelcomePage instead of the filter bar and the table.
#include "MainWindow.h"

#include "StoreSession.h"
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"
#include "views/WelcomePage.h"

#include "model/ProgramNames.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace recollector::ui {

QString MainWindow::defaultStorePath()
{
    return core::names::defaultStorePath();
}

bool MainWindow::openDefaultStore() { return openStore(defaultStorePath()); }

void MainWindow::createWelcome(QVBoxLayout *layout)
{
    m_welcome = new WelcomePage(defaultStorePath(), this);
    layout->addWidget(m_welcome, 1);
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
}

} // namespace recollector::ui
