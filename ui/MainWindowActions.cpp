// MainWindow's menus, toolbar and file operations (the composition is in MainWindow.cpp).
#include "MainWindow.h"
#include "UndoReport.h"

#include "SealController.h"

#include "StoreSession.h"
#include "dialogs/ConnectDialog.h"
#include "models/MemoryTableModel.h"
#include "scoring/ScoringProfile.h"
#include "support/MessageBox.h"
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"
#include "views/ContentsAsOfControl.h"
#include "views/PreviewDateControl.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace recollector::ui {

using namespace recollector::core;

void MainWindow::createActions()
{
    createFileActions(menuBar()->addMenu(tr("&File")));
    createEditActions(menuBar()->addMenu(tr("&Edit")));
    m_memoryMenu = menuBar()->addMenu(tr("&Memory"));
    createMemoryActions(m_memoryMenu);
    createStoreActions(menuBar()->addMenu(tr("&Store")));
    createReviewActions(menuBar()->addMenu(tr("&Review")));
    createViewActions(menuBar()->addMenu(tr("&View")));
    createHelpActions(menuBar()->addMenu(tr("&Help")));
}

void MainWindow::createFileActions(QMenu *menu)
{
    QAction *create = menu->addAction(tr("&New Store…"), this, &MainWindow::newStore);
    // Ctrl+N adds a memory (Memory → New…); a new store is the rarer wish.
    create->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_N));
    QAction *open = menu->addAction(tr("&Open Store…"), this, &MainWindow::openStoreDialog);
    open->setShortcut(QKeySequence::Open);
    // Opens the address as File → Open does (docs/team-store.md, "Connecting from the window").
    QAction *team = menu->addAction(tr("Connect to &Team Store…"), this, [this]() {
        ConnectDialog::showFor(this, [this](const QString &address) -> core::Status {
            if (!settlePendingEdits())
                return core::Error::make(core::Error::Code::Cancelled, QString());
            return m_session->open(address);
        });
    });
    team->setObjectName(QStringLiteral("connectTeamStoreAction"));
    m_recentMenu = menu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    menu->addAction(tr("Open &Demo Store"), this, [this]() { openDemoStore(false); });
    QAction *attach = menu->addAction(tr("Open Agent &Memory Folder…"), this, &MainWindow::attachFolderDialog);
    attach->setObjectName(QStringLiteral("attachFolderAction"));
    QAction *claude = menu->addAction(tr("Open &Claude Code Memory…"), this, &MainWindow::attachClaudeMemoryDialog);
    claude->setObjectName(QStringLiteral("attachClaudeMemoryAction"));
    menu->addSeparator();
    m_actions.importSet = menu->addAction(tr("&Import…"), this, &MainWindow::importFile);
    m_actions.importSet->setObjectName(QStringLiteral("importAction"));
    m_actions.importSet->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_actions.importFolder = menu->addAction(tr("Import &Agent Memory Folder…"), this, &MainWindow::importFolder);
    m_actions.importFolder->setObjectName(QStringLiteral("importFolderAction"));
    m_actions.exportSet = menu->addAction(tr("&Export…"), this, &MainWindow::exportFile);
    m_actions.exportSet->setObjectName(QStringLiteral("exportAction"));
    m_actions.exportSet->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_actions.copyStore = menu->addAction(tr("Cop&y Store…"), this, &MainWindow::openCopyStore);
    m_actions.copyStore->setObjectName(QStringLiteral("copyStoreAction"));
    menu->addSeparator();
    m_seal->addFileActions(menu);
    menu->addSeparator();
    QAction *quit = menu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::createEditActions(QMenu *menu)
{
    m_actions.undo = m_undo->createUndoAction(this, tr("&Undo"));
    m_actions.undo->setShortcut(QKeySequence::Undo);
    m_actions.undo->setObjectName(QStringLiteral("undoAction"));
    m_actions.redo = m_undo->createRedoAction(this, tr("&Redo"));
    m_actions.redo->setShortcut(QKeySequence::Redo);
    m_actions.redo->setObjectName(QStringLiteral("redoAction"));
    auto *report = new UndoReport(m_undo, m_actions.undo, m_actions.redo, this);
    connect(report, &UndoReport::message, this, [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    // The toolbar shows the short word (a step's name, "Undo Import of <file>: N memories",
    // would push the rest of the toolbar into its » menu at 1024×700); the menu and the
    // tooltip name the step.
    m_actions.undo->setIconText(tr("Undo"));
    m_actions.redo->setIconText(tr("Redo"));
    // The slots capture the actions, not the window: the stack, the window's child, clears
    // itself (and says so) while the window is being destroyed.
    QAction *undo = m_actions.undo;
    QAction *redo = m_actions.redo;
    connect(m_undo, &QUndoStack::undoTextChanged, undo,
            [undo](const QString &text) { undo->setToolTip(text.isEmpty() ? tr("Undo") : tr("Undo %1").arg(text)); });
    connect(m_undo, &QUndoStack::redoTextChanged, redo,
            [redo](const QString &text) { redo->setToolTip(text.isEmpty() ? tr("Redo") : tr("Redo %1").arg(text)); });
    menu->addAction(m_actions.undo);
    menu->addAction(m_actions.redo);
    menu->addSeparator();
    m_actions.copy = menu->addAction(tr("&Copy"), this, &MainWindow::copySelected);
    m_actions.copy->setObjectName(QStringLiteral("copyAction"));
    m_actions.copy->setShortcut(QKeySequence::Copy);
    m_actions.copy->setShortcutContext(Qt::WidgetWithChildrenShortcut); // the table's; fields keep their own
    m_actions.copy->setStatusTip(tr("Copy the text of the selected memories, one per line"));
    m_table->addAction(m_actions.copy);
    QAction *all = menu->addAction(tr("Select &All"), m_table, &QAbstractItemView::selectAll);
    all->setShortcut(QKeySequence::SelectAll);
    all->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_table->addAction(all);
    m_actions.find = menu->addAction(tr("&Find…"), m_filterBar, &FilterBar::focusSearch);
    m_actions.find->setShortcut(QKeySequence::Find);
    menu->addAction(tr("&Clear Filters"), m_filterBar, &FilterBar::clear);
    menu->addSeparator();
    QAction *settings = menu->addAction(tr("&Settings…"), this, &MainWindow::openSettings);
    settings->setObjectName(QStringLiteral("settingsAction"));
    settings->setShortcut(QKeySequence::Preferences);
}

void MainWindow::createMemoryActions(QMenu *menu)
{
    auto add = [this, menu](const QString &text, const QString &name, const QKeySequence &key, const QString &tip,
                            void (MainWindow::*slot)()) {
        QAction *action = menu->addAction(text, this, slot);
        action->setObjectName(name);
        action->setShortcut(key);
        action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
        action->setStatusTip(tip);
        return action;
    };
    m_actions.newMemory = add(tr("&New…"), QStringLiteral("newMemoryAction"), QKeySequence::New,
                              tr("Add a memory by hand; its links and contradiction check run at once"),
                              &MainWindow::newMemory);
    menu->addSeparator();
    m_actions.confirm = add(tr("&Confirm"), QStringLiteral("confirmAction"), QKeySequence(Qt::CTRL | Qt::Key_Return),
                            tr("Confirm: verified, and reinforced as a manual review"), &MainWindow::confirmSelected);
    m_actions.negate = menu->addAction(tr("&Negate…"), this, [this]() { negateSelected(true); });
    m_actions.negate->setObjectName(QStringLiteral("negateAction"));
    m_actions.negate->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_actions.negate->setStatusTip(tr("Negate: the memory is wrong (optionally say what is true instead)"));
    menu->addSeparator();
    m_actions.permanent = menu->addAction(tr("Mark &Permanent"), this, [this]() { setPermanentSelected(true); });
    m_actions.permanent->setObjectName(QStringLiteral("permanentAction"));
    m_actions.permanent->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    m_actions.permanent->setStatusTip(tr("Permanent memories never decay and are never cleaned up"));
    m_actions.unpermanent = menu->addAction(tr("&Unmark Permanent"), this, [this]() { setPermanentSelected(false); });
    m_actions.unpermanent->setObjectName(QStringLiteral("unpermanentAction"));
    // Not Ctrl+Shift+P: that is View → Privacy Mode (an ambiguous shortcut fires neither).
    m_actions.unpermanent->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P));
    menu->addSeparator();
    m_actions.edit = add(tr("&Edit…"), QStringLiteral("editAction"), QKeySequence(Qt::Key_F2),
                         tr("Edit content, keywords and category"), &MainWindow::editCurrent);
    m_actions.merge = add(tr("&Merge…"), QStringLiteral("mergeAction"), QKeySequence(Qt::CTRL | Qt::Key_M),
                          tr("Merge the selected memories into one"), &MainWindow::mergeSelected);
    menu->addSeparator();
    m_actions.remove = add(tr("&Delete"), QStringLiteral("deleteAction"), QKeySequence(QKeySequence::Delete),
                           tr("Soft delete (undoable; purged after the retention period)"), &MainWindow::deleteSelected);
    // Delete must not fire while typing in the search box or the detail panel.
    m_actions.remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_table->addAction(m_actions.remove);
    m_actions.restore = add(tr("&Restore"), QStringLiteral("restoreAction"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R),
                            tr("Restore soft-deleted memories"), &MainWindow::restoreSelected);
    m_actions.unarchive = add(tr("Un&archive"), QStringLiteral("unarchiveAction"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U),
                              tr("Bring archived or compressed memories back: full text, decay restarted"),
                              &MainWindow::unarchiveSelected);
}

void MainWindow::createStoreActions(QMenu *menu)
{
    m_actions.rebuildLinks = menu->addAction(tr("Rebuild &Links…"), this, &MainWindow::openRebuildLinks);
    m_actions.rebuildLinks->setObjectName(QStringLiteral("rebuildLinksAction"));
    m_actions.rebuildLinks->setStatusTip(tr("Recompute every derived link of the store from the rules"));
    createStoreProfileMenu(menu->addMenu(tr("Scoring &Profile")));
}

void MainWindow::createViewActions(QMenu *menu)
{
    menu->addAction(m_detailDock->toggleViewAction());
    menu->addAction(m_chartDock->toggleViewAction());
    menu->addAction(m_graphDock->toggleViewAction());
    menu->addAction(m_playgroundDock->toggleViewAction());
    m_seal->addViewActions(menu);
    menu->addAction(tr("Reset &Columns"), m_table, &MemoryTableView::resetColumns);
    menu->addSeparator();
    QMenu *modes = menu->addMenu(tr("Query &Mode"));
    m_modeGroup = new QActionGroup(this);
    const std::array<std::pair<QString, SnapshotFilter::Mode>, 3> choices{{
        {tr("&Normal — what the assistant recalls"), SnapshotFilter::Mode::Normal},
        {tr("&Review — every level, negated too"), SnapshotFilter::Mode::Review},
        {tr("&Debug — deleted memories too"), SnapshotFilter::Mode::Debug},
    }};
    for (const auto &[text, mode] : choices) {
        QAction *action = modes->addAction(text);
        action->setCheckable(true);
        action->setData(int(mode));
        action->setChecked(mode == m_model->filter().mode);
        m_modeGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, mode = mode]() { setMode(mode); });
    }
    connect(m_filterBar, &FilterBar::filterChanged, this, [this](const SnapshotFilter &f) {
        for (QAction *action : m_modeGroup->actions())
            action->setChecked(action->data().toInt() == int(f.mode));
    });
    menu->addSeparator();
    menu->addAction(tr("Back to &Now"), this, [this]() { m_session->setNow(0); });
}

void MainWindow::createToolBar()
{
    QToolBar *bar = addToolBar(tr("Decisions"));
    bar->setObjectName(QStringLiteral("decisionToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->setMovable(false);
    for (QAction *action : {m_actions.confirm, m_actions.negate, m_actions.permanent, m_actions.edit, m_actions.merge,
                            m_actions.remove, m_actions.restore})
        bar->addAction(action);
    bar->addSeparator();
    bar->addAction(m_actions.undo);
    bar->addAction(m_actions.redo);
    bar->addSeparator();
    auto *profileLabel = new QLabel(tr(" View scores as "), bar);
    bar->addWidget(profileLabel);
    m_profileCombo = new QComboBox(bar);
    m_profileCombo->setObjectName(QStringLiteral("viewProfileCombo"));
    m_profileCombo->setToolTip(tr("Score the table, the panel and the charts under another profile, to compare. "
                                  "This changes only the view: what the assistant recalls follows the store's "
                                  "profile (Store → Scoring Profile)."));
    profileLabel->setToolTip(m_profileCombo->toolTip());
    bar->addWidget(m_profileCombo);
    connect(m_profileCombo, &QComboBox::activated, this, [this](int index) {
        const QString name = m_profileCombo->itemData(index).toString();
        if (const Status st = m_session->setViewProfile(name); !st)
            showError(tr("View scores as"), st.error().message);
    });
    // The two instants on a row of their own, side by side: on one row with the decisions
    // they fell into the toolbar's overflow on any window narrower than about 1800 pixels.
    addToolBarBreak();
    QToolBar *dates = addToolBar(tr("Dates"));
    dates->setObjectName(QStringLiteral("datesToolBar"));
    dates->setMovable(false);
    auto *preview = new PreviewDateControl(m_session, dates);
    preview->setObjectName(QStringLiteral("previewDateControl"));
    dates->addWidget(preview);
    dates->addSeparator();
    dates->addWidget(new ContentsAsOfControl(m_session, dates));
    fillProfileChoices();
}

void MainWindow::setMode(SnapshotFilter::Mode mode)
{
    m_filterBar->setMode(mode); // the bar emits the whole filter; the table and menu follow
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("stores/recent")).toStringList();
    for (const QString &path : recent) {
        if (path.startsWith(kAttachedRecent)) {
            const QString folder = path.mid(kAttachedRecent.size());
            QAction *action = m_recentMenu->addAction(tr("%1 — attached folder").arg(QDir::toNativeSeparators(folder)), this,
                                                      [this, folder]() { attachFolder(folder); });
            action->setEnabled(QFileInfo(folder).isDir());
            continue;
        }
        // The folder too: two stores are often both called default.recollector.
        const QFileInfo info(path);
        QAction *action = m_recentMenu->addAction(
            tr("%1 — %2").arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath())), this,
            [this, path]() { openStore(path); });
        action->setToolTip(path);
        action->setEnabled(QFileInfo::exists(path));
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
}

void MainWindow::newStore()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("New store"), QString(),
                                                      tr("Recollector stores (*.recollector)"));
    if (path.isEmpty())
        return;
    const QString withSuffix = QFileInfo(path).suffix().isEmpty() ? path + QStringLiteral(".recollector") : path;
    if (QFileInfo::exists(withSuffix)) {
        showError(tr("New store"), tr("%1 already exists; open it instead.").arg(withSuffix));
        return;
    }
    openStore(withSuffix);
}

void MainWindow::openStoreDialog()
{
    // Beside the open store, unless it is an attached folder's side store: Recollector's own
    // folder of those is no place to start looking.
    const QString current = m_session->path();
    const QString start = current.isEmpty() || !StoreSession::attachedFolderOf(current).isEmpty()
                              ? QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)
                              : QFileInfo(current).path();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open store"), start,
                                                      tr("Stores (*.recollector *.engram);;All files (*)"));
    if (!path.isEmpty())
        openStore(path);
}

void MainWindow::showTableMenu(const QPoint &globalPos)
{
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("tableMenu"));
    menu.addAction(m_actions.copy);
    menu.addSeparator();
    for (QAction *action : m_memoryMenu->actions())
        menu.addAction(action);
    menu.exec(globalPos);
}

} // namespace recollector::ui
