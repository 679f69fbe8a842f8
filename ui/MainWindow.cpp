#include "MainWindow.h"

#include "AttachController.h"
#include "SealController.h"

#include "StoreSession.h"
#include "commands/DecisionCommand.h"
#include "delegates/StrengthDelegate.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ConnectDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "dialogs/ReviewQueueDialog.h"
#include "io/DemoStore.h"
#include "store/ServerPassword.h"
#include "store/ServerUrl.h"
#include "model/ProgramNames.h"
#include "models/MemoryTableModel.h"
#include "models/SelectionKeeper.h"
#include "support/MessageBox.h"
#include "support/ScreenFit.h"
#include "support/Teardown.h"
#include "views/DecayChartView.h"
#include "views/DetailPanel.h"
#include "attach/AttachedFolder.h"

#include <QFontMetrics>
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"
#include "views/PastContentsBanner.h"
#include "text/TierText.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <memory>

Q_LOGGING_CATEGORY(lcWindow, "recollector.ui.window")

namespace recollector::ui {

using namespace recollector::core;

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kHeaderKey = QStringLiteral("table/header");
const QString kModeKey = QStringLiteral("table/mode");
const QString kRecentKey = QStringLiteral("stores/recent");
constexpr int kMaxRecent = 8;
constexpr int kWindowStateVersion = 1;
// The chart compares a few curves; a larger selection shows its first ones.
constexpr int kMaxChartMemories = 8;

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    m_session = new StoreSession(this);
    m_model = new MemoryTableModel(m_session, this);
    m_undo = new QUndoStack(this);
    m_undo->setObjectName(QStringLiteral("undoStack"));

    createCentralArea();
    createDocks();
    createToolDocks();
    m_seal = new SealController(m_session, this);
    createActions();
    createToolBar();
    createStatusBar();
    m_seal->addStatus(statusBar());
    createBackgroundWork();
    connectSession();
    resize(1360, 860); // the first start's size: a saved one replaces it
    restoreSettings();
    updateWelcome(); // the docks as restored, beside the welcome page or not
    updateTitle();
    updateStatus();
    updateActions();
    fitEveryWindowToScreen();
    fitToScreen(this);
}

MainWindow::~MainWindow()
{
    // ~QWidget hides the window and deletes the children after this body has run, when this
    // object is only a QWidget. First: no child's signal may reach a slot or lambda of the
    // window then (the undo stack emits cleanChanged as it clears, and updateTitle read the
    // session; the docks emit visibilityChanged as they hide, …).
    disconnectDescendants(this);
    // Second: the session goes last. The undo stack's commands, the model, the views and the
    // working dialogs all read it; ~QWidget deletes the children in the order they were added,
    // and the session was added first, so move it to the end of the list.
    m_session->setParent(nullptr);
    m_session->setParent(this);
}

QString MainWindow::demoStorePath()
{
    return QDir(core::names::dataDir()).filePath(QStringLiteral("demo.recollector"));
}

void MainWindow::createCentralArea()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_filterBar = new FilterBar(m_session, central);
    m_table = new MemoryTableView(central);
    // Before the view takes the model: the keeper sees a removal before the selection model.
    m_keeper = new SelectionKeeper(m_table, m_model, this);
    m_table->setMemoryModel(m_model);
    layout->addWidget(new PastContentsBanner(m_session, central));
    layout->addWidget(m_filterBar);
    layout->addWidget(m_table, 1);
    createWelcome(layout);
    setCentralWidget(central);

    connect(m_filterBar, &FilterBar::filterChanged, m_model, &MemoryTableModel::setFilter);
    connect(m_model, &MemoryTableModel::contentsChanged, this, &MainWindow::updateStatus);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this]() {
        updateActions();
        if (m_chart) {
            QStringList ids = selectedIds();
            if (ids.size() > kMaxChartMemories)
                ids = ids.mid(0, kMaxChartMemories);
            m_chart->showMemories(ids);
        }
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::onCurrentChanged);
    connect(m_table, &MemoryTableView::contextMenuRequestedAt, this, &MainWindow::showTableMenu);
    connect(m_table, &QAbstractItemView::doubleClicked, this, [this]() {
        if (m_detailDock)
            m_detailDock->show();
    });
}

void MainWindow::createDocks()
{
    m_detail = new DetailPanel(m_session, this);
    m_detailDock = new QDockWidget(tr("Details"), this);
    m_detailDock->setObjectName(QStringLiteral("detailDock"));
    m_detailDock->setWidget(m_detail);
    addDockWidget(Qt::RightDockWidgetArea, m_detailDock);
    connect(m_detail, &DetailPanel::editRequested, this, &MainWindow::editMemory);
    connect(m_detail, &DetailPanel::unarchiveRequested, this, [this](const QString &id) {
        pushDecision(DecisionCommand::unarchive(m_session, {id}, [this](const QString &m) { showError(tr("Unarchive"), m); }));
    });

    m_chart = new DecayChartView(m_session, this);
    m_chart->setMinimumHeight(220);
    m_chartDock = new QDockWidget(tr("Decay curve"), this);
    m_chartDock->setObjectName(QStringLiteral("chartDock"));
    m_chartDock->setWidget(m_chart);
    addDockWidget(Qt::BottomDockWidgetArea, m_chartDock);
    resizeDocks({m_detailDock}, {420}, Qt::Horizontal);
    resizeDocks({m_chartDock}, {260}, Qt::Vertical);
}

void MainWindow::createStatusBar()
{
    QStatusBar *bar = statusBar();
    bar->setObjectName(QStringLiteral("statusBar"));
    // The tier counts step aside while a message is shown, so the message is read in full
    // (docs/user-guide.md, "status-messages"); the counts come back when it times out.
    auto *counts = new QWidget(this);
    counts->setObjectName(QStringLiteral("tierCounts"));
    auto *countsLayout = new QHBoxLayout(counts);
    countsLayout->setContentsMargins(0, 0, 0, 0);
    for (int t = 0; t < kTierCount; ++t) {
        auto *label = new QLabel(counts);
        label->setObjectName(QStringLiteral("tierCount_%1").arg(tierName(Tier(t))));
        label->setTextFormat(Qt::RichText); // only our own numbers and names go in here
        label->setToolTip(tr("Memories in tier %1 under the active profile (deleted ones left out)")
                              .arg(TierText::label(Tier(t))));
        countsLayout->addWidget(label);
        m_tierLabels[std::size_t(t)] = label;
    }
    // Why nothing can be decided here (a reviewer's role, a store of a newer version): said for
    // as long as the store is open, not only in the message shown when it opened.
    m_readOnlyLabel = new QLabel(this);
    m_readOnlyLabel->setObjectName(QStringLiteral("readOnlyLabel"));
    m_readOnlyLabel->setText(tr("Read-only: you can look, not change"));
    m_readOnlyLabel->setContentsMargins(0, 0, 16, 0); // apart from the tier counts beside it
    m_readOnlyLabel->hide();
    bar->addPermanentWidget(m_readOnlyLabel);
    bar->addPermanentWidget(counts);
    connect(bar, &QStatusBar::messageChanged, counts, [counts](const QString &message) { counts->setHidden(!message.isEmpty()); });
    m_conflictLabel = new QLabel(this);
    m_conflictLabel->setObjectName(QStringLiteral("conflictCount"));
    m_conflictLabel->setTextFormat(Qt::RichText); // our own number in a link to the conflicts list
    m_conflictLabel->setToolTip(tr("Open the conflicts list"));
    connect(m_conflictLabel, &QLabel::linkActivated, this, [this]() { openConflicts(); });
    bar->addPermanentWidget(m_conflictLabel);
    m_loadingLabel = new QLabel(this);
    m_loadingLabel->setObjectName(QStringLiteral("loadingLabel"));
    bar->addWidget(m_loadingLabel);
}

void MainWindow::connectSession()
{
    connect(m_session, &StoreSession::opened, this, [this](const QString &path) {
        m_undo->clear(); // the commands belong to the store they were made on
        rememberRecent(path);
        fillProfileChoices();
        updateWelcome();
        updateTitle();
        updateActions();
        if (!m_session->warning().isEmpty())
            MessageBox::warn(this, tr("Store opened read-only"), m_session->warning());
    });
    connect(m_session, &StoreSession::memoriesChanged, this, [this]() {
        updateStatus();
        updateActions();
    });
    connect(m_session, &StoreSession::profileChanged, this, [this]() {
        fillProfileChoices();
        updateStatus();
    });
    connect(m_session, &StoreSession::nowChanged, this, &MainWindow::updateTitle);
    connect(m_session, &StoreSession::contentsAtChanged, this, [this]() {
        // "Contents as of": nothing is changed while the past is shown, undo and imports included.
        const bool past = m_session->isShowingPast() || (m_session->isOpen() && m_session->isReadOnly()
                                                          && !m_session->store()->database().isReadOnly());
        m_actions.undo->setEnabled(!past && m_undo->canUndo());
        m_actions.redo->setEnabled(!past && m_undo->canRedo());
        m_actions.importSet->setEnabled(!past);
        m_actions.importFolder->setEnabled(!past);
        updateTitle();
        updateActions();
    });
    connect(m_session, &StoreSession::loadingChanged, this, [this](bool loading) {
        m_loadingLabel->setText(loading ? tr("Loading the rest of the store…") : QString());
    });
    connect(m_session, &StoreSession::errorOccurred, this,
            [this](const QString &message) { statusBar()->showMessage(message, 10000); });
    // A team store's connection (docs/team-store.md, "A lost connection"): said while it is
    // lost, until it is back.
    connect(m_session, &StoreSession::connectionChanged, this, [this](bool connected) {
        if (connected)
            statusBar()->showMessage(tr("Connected to the team store again; its changes since are shown"), 10000);
        else
            statusBar()->showMessage(tr("Lost the connection to the team store; reconnecting…"));
        updateActions();
    });
    connect(m_undo, &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (settings.value(QStringLiteral("window/version")).toInt() == kWindowStateVersion) {
        restoreGeometry(settings.value(kGeometryKey).toByteArray());
        restoreState(settings.value(kStateKey).toByteArray(), kWindowStateVersion);
        const QByteArray header = settings.value(kHeaderKey).toByteArray();
        if (!header.isEmpty() && m_table->horizontalHeader()->restoreState(header)) {
            // The header's sort indicator is restored; apply it to the model.
            QHeaderView *h = m_table->horizontalHeader();
            m_model->sort(h->sortIndicatorSection(), h->sortIndicatorOrder());
        }
    }
    const auto mode = modeFromName(settings.value(kModeKey).toString());
    if (mode)
        setMode(*mode);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/version"), kWindowStateVersion);
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kWindowStateVersion));
    settings.setValue(kHeaderKey, m_table->horizontalHeader()->saveState());
    settings.setValue(kModeKey, modeName(m_model->filter().mode));
    if (m_session->isOpen())
        settings.setValue(QStringLiteral("stores/last"), m_session->path());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!settlePendingEdits()) {
        event->ignore();
        return;
    }
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        if (dock->property(kShownWithStore).toBool())
            dock->show(); // saved as the person left them, not as the welcome page hid them
    }
    saveSettings();
    event->accept();
}

bool MainWindow::openStore(const QString &path)
{
    if (const QString folder = StoreSession::attachedFolderOf(path); !folder.isEmpty())
        return attachFolder(folder);
    return openStoreFile(path);
}

bool MainWindow::settlePendingEdits()
{
    if (!m_detail || !m_session->isOpen())
        return true;
    const core::MemoryEdit edit = m_detail->pendingEdit();
    if (edit.isEmpty())
        return true;
    const auto answer = MessageBox::ask(
        this, QMessageBox::Question, tr("Changes not applied"),
        tr("The memory shown has changes that are not applied yet (%1). Apply them before going on?")
            .arg(DetailPanel::fieldWords(edit).join(QStringLiteral(", "))),
        QMessageBox::Apply | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Apply)
        m_detail->applyEdits();
    else if (answer == QMessageBox::Discard)
        m_detail->revertEdits();
    return answer == QMessageBox::Apply || answer == QMessageBox::Discard;
}

bool MainWindow::openStoreFile(const QString &path)
{
    if (!settlePendingEdits())
        return false;
    // A team store's address is not a file (docs/team-store.md).
    const bool server = core::ServerUrl::isServerUrl(path);
    const QString absolute = server ? path : QFileInfo(path).absoluteFilePath();
    if (!server)
        QDir().mkpath(QFileInfo(absolute).absolutePath());
    const Status st = m_session->open(absolute);
    if (!st && server && core::server_password::isAsked(st.error())) {
        // A recent team store whose server asks for a password: the Connect dialog asks for it.
        ConnectDialog::showFor(this, [this](const QString &address) { return m_session->open(address); }, path);
        return false;
    }
    if (!st) {
        const QString consequence = m_session->isOpen()
            ? tr("%1 stays open.").arg(m_session->displayName())
            : tr("Open another store from the File menu, or the demo store.");
        showError(tr("Cannot open store"), st.error().message + QStringLiteral("\n\n") + consequence);
        return false;
    }
    if (core::names::isInLegacyDataDir(absolute))
        statusBar()->showMessage(tr("This store was kept by Engram, Recollector's earlier name; it stays where it is."), 15000);
    return true;
}

bool MainWindow::openDemoStore(bool fresh)
{
    const QString path = demoStorePath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (fresh && QFileInfo::exists(path)) {
        if (m_session->path() == path)
            m_session->close();
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(path + suffix);
    }
    if (!QFileInfo::exists(path)) {
        if (const Status st = io::createDemoStore(path, demoMemorySetPath()); !st) {
            showError(tr("Cannot create the demo store"), st.error().message);
            return false;
        }
    }
    return openStore(path);
}

void MainWindow::showError(const QString &title, const QString &message)
{
    qCWarning(lcWindow).noquote() << title << "-" << message;
    MessageBox::warn(this, title, message);
}

QString &MainWindow::demoMemorySetPath()
{
    static QString path = QStringLiteral(":/demo/demo-memory-set.json");
    return path;
}

void MainWindow::setDemoMemorySetPath(const QString &path) { demoMemorySetPath() = path; }

void MainWindow::rememberRecent(const QString &storePath)
{
    // An attached folder is remembered as the folder, and reopened attached.
    const QString folder = m_session->store() ? core::attach::AttachedFolder::folderOf(*m_session->store()) : QString();
    const QString path = folder.isEmpty() ? storePath : kAttachedRecent + folder;
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    settings.setValue(QStringLiteral("stores/last"), storePath); // openStore attaches a side store's folder
}

void MainWindow::updateTitle()
{
    QString title = m_session->isOpen() ? m_session->displayName() : tr("No store");
    if (m_attach && m_attach->isActive())
        title = tr("%1 (attached folder)").arg(m_attach->folder());
    const bool readOnly = m_session->isOpen() && m_session->store()->database().isReadOnly();
    if (readOnly)
        title += tr(" (read-only)");
    m_readOnlyLabel->setVisible(readOnly);
    m_readOnlyLabel->setToolTip(readOnly ? m_session->warning() : QString());
    if (m_session->isShowingPast())
        title += tr(" — as it was on %1").arg(QLocale().toString(
            QDateTime::fromMSecsSinceEpoch(m_session->contentsAt(), Qt::LocalTime).date(), QLocale::ShortFormat));
    if (m_session->isOpen() && QFileInfo(m_session->path()) == QFileInfo(demoStorePath()))
        title += tr(" — sample data");
    if (m_session->isPreviewing())
        title += tr(" — preview at %1").arg(QLocale().toString(
            QDateTime::fromMSecsSinceEpoch(m_session->previewAt(), Qt::LocalTime).date(), QLocale::ShortFormat));
    setWindowTitle(tr("%1 — Recollector").arg(title));
    setWindowFilePath(m_session->path());
}

void MainWindow::updateStatus()
{
    const auto counts = m_model->tierCounts();
    const QLocale locale;
    for (int t = 0; t < kTierCount; ++t) {
        const QColor color = StrengthDelegate::tierColor(Tier(t));
        m_tierLabels[std::size_t(t)]->setText(QStringLiteral("<span style='color:%1'>●</span> %2 %3")
                                                  .arg(color.name(), locale.toString(counts[std::size_t(t)]),
                                                       TierText::label(Tier(t))));
    }
    const qint64 conflicts = m_session->openConflictCount();
    const QString text = conflicts == 1 ? tr("%n open conflict", nullptr, int(conflicts))
                                        : tr("%n open conflicts", nullptr, int(conflicts));
    m_conflictLabel->setText(conflicts > 0 ? QStringLiteral("<a href=\"conflicts\">%1</a>").arg(text) : text);
    m_filterBar->setCounts(m_model->rowCount(), m_model->totalCount());
}

void MainWindow::onCurrentChanged()
{
    const QString id = m_table->currentId();
    if (m_detail)
        m_detail->showMemory(id);
    updateActions();
}

QStringList MainWindow::selectedIds() const { return m_table->selectedIds(); }

void MainWindow::selectIds(const QStringList &ids) { m_keeper->select(ids); }

void MainWindow::updateActions()
{
    const bool open = m_session->isOpen() && !m_session->isReadOnly();
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const bool any = open && !rows.isEmpty();
    bool anyDeleted = false, anyLive = false, anyPermanent = false, anyNotPermanent = false, anyArchived = false;
    bool anyNegated = false, anyStanding = false; // negated / live and not negated
    for (const QModelIndex &index : rows) {
        const bool deleted = index.data(DeletedRole).toBool();
        const bool negated = index.data(NegatedRole).toBool();
        anyNegated |= negated;
        anyStanding |= !deleted && !negated;
        anyDeleted |= deleted;
        anyLive |= !deleted;
        anyArchived |= !deleted && (index.data(ArchivedRole).toBool() || index.data(CompressedRole).toBool());
        const bool permanent = index.data(PermanentRole).toBool();
        anyPermanent |= permanent;
        anyNotPermanent |= !permanent;
    }
    m_actions.confirm->setEnabled(any && anyLive);
    // A memory already marked wrong is not negated again, nor kept forever.
    m_actions.negate->setEnabled(any && anyStanding);
    m_actions.permanent->setEnabled(any && anyLive && anyNotPermanent && !anyNegated);
    m_actions.unpermanent->setEnabled(any && anyLive && anyPermanent);
    m_actions.remove->setEnabled(any && anyLive);
    m_actions.restore->setEnabled(any && anyDeleted);
    m_actions.unarchive->setEnabled(any && anyArchived);
    m_actions.edit->setEnabled(open && !m_table->currentId().isEmpty());
    m_actions.merge->setEnabled(open && rows.size() >= 2 && !anyDeleted);
    m_actions.cleanup->setEnabled(open);
    m_actions.conflicts->setEnabled(open);
    m_actions.reviewQueue->setEnabled(open);
    m_actions.exportSet->setEnabled(m_session->isOpen());
    m_actions.copyStore->setEnabled(m_session->isOpen());
    m_actions.copy->setEnabled(m_session->isOpen() && !rows.isEmpty());
    m_actions.newMemory->setEnabled(open);
    m_actions.rebuildLinks->setEnabled(open);
}

} // namespace recollector::ui
