// MainWindow's association graph and retrieval playground docks, the Review menu and the
// working dialogs (import preview, export, cleanup preview, settings). Composition only:
// each piece is its own class under views/ or dialogs/.
#include "MainWindow.h"
#include "text/MemoryName.h"

#include "CleanupScheduler.h"
#include "QueuedDetectionRunner.h"
#include "StoreSession.h"
#include "dialogs/CleanupPreviewDialog.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "dialogs/DuplicatesDialog.h"
#include "dialogs/ExportDialog.h"
#include "commands/ImportUndoCommand.h"
#include "dialogs/ImportPreviewDialog.h"
#include "dialogs/ReviewQueueDialog.h"
#include "ChangesInbox.h"
#include "dialogs/SettingsDialog.h"
#include "models/MemoryTableModel.h"
#include "views/AssociationGraphView.h"
#include "views/DecayChartView.h"
#include "views/DetailPanel.h"
#include "views/GraphActivation.h"
#include "views/JobProgressPanel.h"
#include "views/MemoryTableView.h"
#include "views/RetrievalPlayground.h"

#include <QFileInfo>
#include <QAction>
#include <QDialog>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace recollector::ui {

using namespace recollector::core;

void MainWindow::createToolDocks()
{
    m_graph = new AssociationGraphView(m_session, this);
    m_graph->setObjectName(QStringLiteral("associationGraph"));
    m_graph->setUndoStack(m_undo);
    m_graph->setMinimumSize(360, 220);
    m_graphDock = new QDockWidget(tr("Association graph"), this);
    m_graphDock->setObjectName(QStringLiteral("graphDock"));
    // The graph's own controls (zoom, fit, overview, activation) sit on top of it in the dock.
    auto *graphPane = new QWidget(this);
    auto *graphLayout = new QVBoxLayout(graphPane);
    graphLayout->setContentsMargins(0, 0, 0, 0);
    graphLayout->setSpacing(0);
    auto *graphBar = new QToolBar(graphPane);
    graphBar->setObjectName(QStringLiteral("graphToolBar"));
    graphBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    graphBar->addActions(m_graph->graphActions());
    graphLayout->addWidget(graphBar);
    graphLayout->addWidget(m_graph, 1);
    m_graphDock->setWidget(graphPane);
    m_graphDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    addDockWidget(Qt::BottomDockWidgetArea, m_graphDock);
    splitDockWidget(m_chartDock, m_graphDock, Qt::Horizontal);
    connect(m_graph, &AssociationGraphView::memoryActivated, this, &MainWindow::showMemory);
    connect(m_graph, &AssociationGraphView::errorOccurred, this,
            [this](const QString &message) { showError(tr("Association graph"), message); });
    // The selection, not the current row: a mouse click makes the row current before it
    // selects it, so at currentRowChanged the selection is still the previous one.
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this]() {
        if (m_graphDock->isVisible() && m_graph->mode() != AssociationGraphView::Mode::Overview)
            m_graph->setSelection(selectedIds());
    });
    connect(m_graphDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible && m_graph->mode() == AssociationGraphView::Mode::Empty)
            m_graph->setSelection(selectedIds());
    });

    m_playground = new RetrievalPlayground(m_session, this);
    m_playground->setObjectName(QStringLiteral("retrievalPlayground"));
    m_playgroundDock = new QDockWidget(tr("Retrieval playground"), this);
    m_playgroundDock->setObjectName(QStringLiteral("retrievalDock"));
    m_playgroundDock->setWidget(m_playground);
    m_playgroundDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Y));
    connect(m_playgroundDock->toggleViewAction(), &QAction::triggered, this, [this](bool on) {
        if (on)
            m_playgroundDock->raise();
    });
    addDockWidget(Qt::RightDockWidgetArea, m_playgroundDock);
    tabifyDockWidget(m_detailDock, m_playgroundDock);
    m_detailDock->raise();
    connect(m_playground, &RetrievalPlayground::memoryActivated, this, &MainWindow::showMemory);
    connect(m_playground, &RetrievalPlayground::pathHighlighted, this, &MainWindow::highlightRetrievalPath);
}

void MainWindow::highlightRetrievalPath(const QStringList &pathIds)
{
    if (pathIds.isEmpty()) {
        m_graph->clearActivation();
        return;
    }
    // The selected result alone: its activation and the path it was reached by.
    for (const RetrievalResult &r : m_playground->results()) {
        if (r.id != pathIds.last())
            continue;
        m_graphDock->show();
        m_graph->showActivation(GraphActivation::fromRetrieval({r}), 1);
        return;
    }
}

void MainWindow::createReviewActions(QMenu *menu)
{
    m_actions.conflicts = menu->addAction(tr("&Conflicts…"), this, &MainWindow::openConflicts);
    m_actions.conflicts->setObjectName(QStringLiteral("conflictsAction"));
    m_actions.conflicts->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    m_actions.conflicts->setStatusTip(tr("Contradictory memories: detect them and resolve them side by side"));
    m_actions.reviewQueue = menu->addAction(tr("Review &Queue…"), this, &MainWindow::openReviewQueue);
    m_actions.reviewQueue->setObjectName(QStringLiteral("reviewQueueAction"));
    m_actions.reviewQueue->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_actions.reviewQueue->setStatusTip(
        tr("Work through conflicts, promote and decay reviews and cleanup candidates with the keyboard"));
    QAction *duplicates = menu->addAction(tr("&Duplicates…"), this, [this]() {
        if (!m_session->store())
            return;
        auto *dialog = findChild<DuplicatesDialog *>(QStringLiteral("duplicatesDialog"), Qt::FindDirectChildrenOnly);
        if (!dialog) {
            dialog = new DuplicatesDialog(m_session, m_undo, this);
            connect(dialog, &DuplicatesDialog::memoryActivated, this, &MainWindow::showMemory);
            // Its groups are one store's: the dialog goes with it (the destructor stops a search).
            connect(m_session, &StoreSession::aboutToClose, dialog, &QObject::deleteLater);
            showDialog(dialog);
        } else {
            dialog->show();
            dialog->raise();
            dialog->activateWindow();
        }
        dialog->startSearch();
    });
    duplicates->setObjectName(QStringLiteral("duplicatesAction"));
    duplicates->setStatusTip(tr("Memories that say the same thing in other words: merge each group into one"));
    // The review inbox keeps its action, status-bar link and dialog itself (ChangesInbox).
    auto *inbox = new ChangesInbox(m_session, m_undo, this);
    inbox->setObjectName(QStringLiteral("changesInbox"));
    inbox->setErrorSink([this](const QString &message) { showError(tr("Changes"), message); });
    connect(inbox, &ChangesInbox::memoryActivated, this, &MainWindow::showMemory);
    menu->addAction(inbox->action());
    menu->addAction(inbox->approvalAction());
    menu->addSeparator();
    m_actions.cleanup = menu->addAction(tr("Clean &Up…"), this, &MainWindow::openCleanupPreview);
    m_actions.cleanup->setObjectName(QStringLiteral("cleanupAction"));
    m_actions.cleanup->setStatusTip(tr("Preview what cleanup would archive, compress, delete and purge, then apply"));
}

void MainWindow::createBackgroundWork()
{
    QStatusBar *bar = statusBar();
    // A due cleanup waits in the review queue: a link there, never a dialog that pops up.
    m_cleanupLabel = new QLabel(this);
    m_cleanupLabel->setObjectName(QStringLiteral("cleanupDueLabel"));
    m_cleanupLabel->setTextFormat(Qt::RichText); // our own number in a link to the review queue
    m_cleanupLabel->setToolTip(tr("The scheduled cleanup is due: its candidates wait in the review queue"));
    m_cleanupLabel->hide();
    connect(m_cleanupLabel, &QLabel::linkActivated, this, [this]() { openReviewQueue(); });
    bar->insertPermanentWidget(0, m_cleanupLabel);
    m_detectionProgress = new JobProgressPanel(this);
    m_detectionProgress->setObjectName(QStringLiteral("queuedDetectionProgress"));
    bar->addWidget(m_detectionProgress, 1);

    m_cleanupScheduler = new CleanupScheduler(m_session, m_undo, this);
    m_cleanupScheduler->setObjectName(QStringLiteral("cleanupScheduler"));
    connect(m_cleanupScheduler, &CleanupScheduler::cleanupDue, this, [this](int candidates) {
        m_cleanupLabel->setText(QStringLiteral("<a href=\"review\">%1</a>")
                                    .arg(candidates == 1 ? tr("Cleanup due: 1 candidate to review")
                                                         : tr("Cleanup due: %1 candidates to review").arg(candidates)));
        m_cleanupLabel->show();
        if (m_reviewQueue)
            m_reviewQueue->reload();
    });
    connect(m_cleanupScheduler, &CleanupScheduler::cleanupDone, m_cleanupLabel, &QLabel::hide);
    connect(m_cleanupScheduler, &CleanupScheduler::finished, this, [this](const QString &message) {
        if (!message.isEmpty())
            statusBar()->showMessage(message, 10000);
    });

    m_detectionRunner = new QueuedDetectionRunner(m_session, this);
    m_detectionRunner->setObjectName(QStringLiteral("queuedDetectionRunner"));
    connect(m_detectionRunner, &QueuedDetectionRunner::started, this, [this](std::shared_ptr<JobControl> control) {
        m_detectionProgress->start(std::move(control), tr("Looking for contradictions an import left to check…"));
    });
    connect(m_detectionProgress, &JobProgressPanel::cancelRequested, m_detectionRunner, &QueuedDetectionRunner::cancel);
    connect(m_session, &StoreSession::aboutToClose, m_detectionProgress, &JobProgressPanel::finish);
    connect(m_detectionRunner, &QueuedDetectionRunner::finished, this, [this](int, const QString &message) {
        m_detectionProgress->finish();
        updateStatus(); // the open-conflicts count
        statusBar()->showMessage(message, 10000);
    });
}

void MainWindow::showMemory(const QString &id)
{
    if (id.isEmpty())
        return;
    if (m_model->rowOfId(id) >= 0) {
        selectIds({id});
        return;
    }
    // Hidden by the filter or the query mode: show it beside the table all the same, with no
    // table row selected, so no toolbar action acts on a row other than the one shown.
    m_table->selectionModel()->clear();
    if (m_graph->mode() != AssociationGraphView::Mode::Overview)
        m_graph->setSelection({id});
    m_detail->showMemory(id);
    m_chart->showMemories({id});
    m_detailDock->show();
    m_detailDock->raise();
    const QString name = MemoryName::quoted(m_session, id);
    statusBar()->showMessage(tr("%1 is not in the table under the current filter or query mode")
                                 .arg(name.isEmpty() ? tr("That memory") : name),
                             8000);
}

void MainWindow::showDialog(QDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Dialogs hold the session's store: they go when it does.
    connect(m_session, &StoreSession::aboutToClose, dialog, &QDialog::reject);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

ConflictListDialog *MainWindow::conflictList() const { return m_conflictList; }

ReviewQueueDialog *MainWindow::reviewQueue() const { return m_reviewQueue; }

void MainWindow::openConflicts()
{
    if (!m_session->store())
        return;
    if (!m_conflictList) {
        m_conflictList = new ConflictListDialog(m_session, m_undo, this);
        m_conflictList->setObjectName(QStringLiteral("conflictListDialog"));
        m_conflictList->setErrorSink([this](const QString &message) { showError(tr("Conflicts"), message); });
        connect(m_conflictList, &ConflictListDialog::memoryActivated, this, &MainWindow::showMemory);
        showDialog(m_conflictList);
        return;
    }
    m_conflictList->show();
    m_conflictList->raise();
    m_conflictList->activateWindow();
}

void MainWindow::openConflict(qint64 conflictId)
{
    if (!m_session->store())
        return;
    auto *dialog = new ConflictDialog(m_session, m_undo, conflictId, this);
    dialog->setErrorSink([this](const QString &message) { showError(tr("Conflict"), message); });
    connect(dialog, &ConflictDialog::memoryActivated, this, &MainWindow::showMemory);
    showDialog(dialog);
}

void MainWindow::openReviewQueue()
{
    if (!m_session->store())
        return;
    if (!m_reviewQueue) {
        m_reviewQueue = new ReviewQueueDialog(m_session, m_undo, this);
        m_reviewQueue->setObjectName(QStringLiteral("reviewQueueDialog"));
        m_reviewQueue->setErrorSink([this](const QString &message) { showError(tr("Review queue"), message); });
        connect(m_reviewQueue, &ReviewQueueDialog::memoryActivated, this, &MainWindow::showMemory);
        showDialog(m_reviewQueue);
        return;
    }
    m_reviewQueue->show();
    m_reviewQueue->raise();
    m_reviewQueue->activateWindow();
}

void MainWindow::openSettings()
{
    if (!m_session->isOpen())
        return;
    showDialog(new SettingsDialog(m_session, this));
}

void MainWindow::openCleanupPreview()
{
    if (!m_session->store())
        return;
    auto *dialog = new CleanupPreviewDialog(m_session, m_undo, this);
    dialog->setObjectName(QStringLiteral("cleanupPreviewDialog"));
    connect(dialog, &CleanupPreviewDialog::applied, this,
            [this]() { statusBar()->showMessage(tr("Cleanup applied (Edit → Undo takes it back)"), 8000); });
    showDialog(dialog);
    dialog->start();
}

void MainWindow::openImportPreview(const QString &path)
{
    if (!m_session->store() || path.isEmpty())
        return;
    auto *dialog = new ImportPreviewDialog(m_session, path, this);
    dialog->setObjectName(QStringLiteral("importPreviewDialog"));
    connect(dialog, &ImportPreviewDialog::conflictOpenRequested, this, &MainWindow::openConflict);
    connect(dialog, &ImportPreviewDialog::imported, this, [this, path, dialog]() {
        statusBar()->showMessage(tr("Imported %1 (Edit → Undo takes it back)").arg(path), 8000);
        pushImportUndo(QFileInfo(path).fileName(), dialog->report().added + dialog->report().updated,
                       dialog->decisionEvents());
    });
    showDialog(dialog);
    dialog->start();
}

void MainWindow::pushImportUndo(const QString &fileName, int memories, const std::vector<qint64> &decisionEvents)
{
    if (decisionEvents.empty())
        return; // nothing was written
    m_undo->push(new ImportUndoCommand(m_session, fileName, memories, decisionEvents,
                                       [this](const QString &m) { showError(tr("Undo import"), m); }));
    updateActions();
}

void MainWindow::importFile()
{
    // With no store open, an import goes into the default store, as the welcome page says.
    if (!m_session->store() && !openDefaultStore())
        return;
    openImportPreview(QFileDialog::getOpenFileName(this, tr("Import memories"), QString(),
                                                   tr("Memories (*.json *.yaml *.yml *.af *.jsonl *.zip *.db);;All files (*)")));
}

void MainWindow::importFolder()
{
    if (!m_session->store() && !openDefaultStore())
        return;
    openImportPreview(QFileDialog::getExistingDirectory(this, tr("Import an agent memory folder")));
}

void MainWindow::openExportDialog()
{
    if (!m_session->isOpen())
        return;
    QStringList filtered;
    filtered.reserve(m_model->rowCount());
    for (int row = 0; row < m_model->rowCount(); ++row)
        filtered << m_model->idAt(row);
    auto *dialog = new ExportDialog(m_session, selectedIds(), filtered, this);
    dialog->setObjectName(QStringLiteral("exportDialog"));
    connect(dialog, &ExportDialog::exported, this, [this](const QString &path, int memories) {
        statusBar()->showMessage(tr("Exported %1 memories to %2").arg(memories).arg(path), 8000);
    });
    showDialog(dialog);
}

void MainWindow::exportFile() { openExportDialog(); }

} // namespace recollector::ui
