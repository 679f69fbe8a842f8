#pragma once

#include "engine/capture/NewMemory.h"
#include "engine/decisions/Decisions.h"
#include "snapshot/SnapshotFilter.h"

#include <QMainWindow>
#include <QPointer>

#include <array>
#include <vector>

class QActionGroup;
class QComboBox;
class QDragEnterEvent;
class QDropEvent;
class QDockWidget;
class QLabel;
class QMenu;
class QUndoStack;
class QVBoxLayout;

namespace recollector::ui {

class AssociationGraphView;
class CleanupScheduler;
class JobProgressPanel;
class QueuedDetectionRunner;
class ConflictListDialog;
class ReviewQueueDialog;
class RebuildLinksDialog;
class DecayChartView;
class DetailPanel;
class FilterBar;
class MemoryTableModel;
class MemoryTableView;
class RetrievalPlayground;
class SelectionKeeper;
class StoreSession;
class WelcomePage;

/// Recollector's main window: the memory table with its filter bar, the detail panel and the
/// decay chart in docks, menus / toolbar / shortcuts for every decision (through a
/// QUndoStack), the profile and query-mode selectors, the preview-at-date control, and a
/// status bar with counts per tier and open conflicts. Window state, columns and recent
/// stores live in QSettings.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a store; on failure says why (MessageBox seam) and keeps what was open. An
    /// attached folder's side store is never opened as a store of its own: its folder is
    /// attached instead, so every decision reaches the folder's files.
    bool openStore(const QString &path);
    /// The prefix of a recent entry that is an attached folder, not a store file.
    static inline const QString kAttachedRecent = QStringLiteral("attached:");
    /// Opens the demo store in the app-data folder, creating it when missing; `fresh` = start
    /// over from the bundled memory set.
    bool openDemoStore(bool fresh);
    /// Where the demo store lives.
    static QString demoStorePath();
    /// The user's own store, the one recollector-cli opens without --store.
    static QString defaultStorePath();
    /// Opens the default store, creating it empty when missing.
    bool openDefaultStore();
    /// The memory set a new demo store is made from (the bundled resource by default; tests,
    /// which have no resources, point it at the source tree's file).
    static void setDemoMemorySetPath(const QString &path);

    /// Opens an agent memory folder in place (docs/formats.md, "Attached folders"): reads it
    /// into its side store, opens that, and keeps folder and store in step (AttachController).
    bool attachFolder(const QString &dir);
    /// The attached folder's watcher and worker (nullptr until a folder was attached).
    class AttachController *attachController() const { return m_attach; }

    StoreSession *session() const { return m_session; }
    MemoryTableModel *tableModel() const { return m_model; }
    MemoryTableView *memoryTable() const { return m_table; }
    FilterBar *filterBar() const { return m_filterBar; }
    QUndoStack *undoStack() const { return m_undo; }
    QStringList selectedIds() const;
    void selectIds(const QStringList &ids);
    /// Selects a memory in the table and scrolls to it; when the filter hides it, shows it in
    /// the detail panel and the chart anyway and says so in the status bar.
    void showMemory(const QString &id);

    AssociationGraphView *graphView() const { return m_graph; }
    /// The scheduled cleanup and the queued contradiction detection (tests drive them).
    CleanupScheduler *cleanupScheduler() const { return m_cleanupScheduler; }
    QueuedDetectionRunner *detectionRunner() const { return m_detectionRunner; }
    RetrievalPlayground *playground() const { return m_playground; }

    // The working dialogs (non-modal; tests reach them through these).
    void openSettings();
    void openCleanupPreview();
    void openImportPreview(const QString &path);
    void openExportDialog();
    /// The conflicts list (one at a time), the review queue (one at a time), one conflict.
    void openConflicts();
    void openReviewQueue();
    void openConflict(qint64 conflictId);
    ConflictListDialog *conflictList() const;
    ReviewQueueDialog *reviewQueue() const;

    // Decisions on the selection (what the actions call; tests call them directly too).
    void confirmSelected();
    /// Asks for an optional correction (TextPrompt seam) when `askCorrection`.
    void negateSelected(bool askCorrection = true);
    void setPermanentSelected(bool permanent);
    void deleteSelected();
    void restoreSelected();
    /// Unarchives the selected archived or compressed memories (one undoable command).
    void unarchiveSelected();
    void editCurrent();
    void mergeSelected();
    /// Memory → New… (Ctrl+N): NewMemoryDialog, then addMemory().
    void newMemory();
    /// A memory added by hand as one undoable command (links and contradiction check at
    /// once); selects it, so the detail panel and the graph show it and its links.
    void addMemory(const core::NewMemory &input);
    /// Store → Rebuild Links… (non-modal, one at a time).
    void openRebuildLinks();
    /// File → Copy Store…: the open store into a new team store, or a team store into a new
    /// file (CopyStoreDialog, non-modal).
    void openCopyStore();
    RebuildLinksDialog *rebuildLinksDialog() const;
    /// Applies the detail panel's edited fields as one edit decision (one undo step).
    void editMemory(const QString &id, const core::MemoryEdit &edit);
    void applyEdit(const QString &id, const core::MemoryEdit &edit);

    // MainWindowHelp.cpp: Help menu, drag and drop, Copy.
    /// Help → User Guide (F1): docs/user-guide.md, rendered, from the app's resources.
    void openUserGuide();
    /// Help → Keyboard Shortcuts: every menu shortcut of this window and the review queue's keys.
    void openShortcuts();
    /// A file or folder dropped on the window: a store (.recollector, or Engram's .engram) opens, a folder is attached,
    /// any other file goes to the import preview.
    void openDropped(const QString &path);
    /// Copies the selected memories' text to the clipboard, one per line.
    void copySelected();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // MainWindow.cpp: composition, state, status
    void createCentralArea();
    void createDocks();
    void createStatusBar();
    void connectSession();
    void restoreSettings();
    void saveSettings() const;
    void updateTitle();
    void updateStatus();
    void updateActions();
    void onCurrentChanged();
    void showError(const QString &title, const QString &message);
    void rememberRecent(const QString &path);
    void pushDecision(class DecisionCommand *command);
    static QString &demoMemorySetPath();
    void attachFolderDialog();
    /// Edits in the detail panel not applied yet: asks whether to apply or discard them
    /// before the window closes or another store opens; false when the person cancels.
    bool settlePendingEdits();
    /// The store file itself, opened (openStore and attachFolder).
    bool openStoreFile(const QString &path);
    void attachClaudeMemoryDialog();
    class AttachController *m_attach = nullptr;

    // MainWindowActions.cpp: menus, toolbar, file operations
    void createActions();
    void createFileActions(QMenu *menu);
    void createEditActions(QMenu *menu);
    void createMemoryActions(QMenu *menu);
    void createViewActions(QMenu *menu);
    void createStoreActions(QMenu *menu);
    void createToolBar();
    void fillRecentMenu();
    // MainWindowProfile.cpp: "View scores as" (view only) and Store → Scoring Profile.
    void fillProfileChoices();
    void createStoreProfileMenu(QMenu *menu);
    void createHelpActions(QMenu *menu);
    /// Asks, then makes `name` the store's profile as an undoable step.
    void chooseStoreProfile(const QString &name);
    void newStore();
    void openStoreDialog();
    void importFile();
    void exportFile();
    void showTableMenu(const QPoint &globalPos);
    void setMode(core::SnapshotFilter::Mode mode);

    // MainWindowWelcome.cpp: the welcome page while no store is open
    void createWelcome(QVBoxLayout *layout);
    void updateWelcome();

    // MainWindowTools.cpp: the association graph and retrieval docks, the Review menu and
    // the working dialogs
    void createToolDocks();
    void createReviewActions(QMenu *menu);
    void importFolder();
    /// A committed import as one undo step ("Import of <file>: N memories").
    void pushImportUndo(const QString &fileName, int memories, const std::vector<qint64> &decisionEvents);
    void highlightRetrievalPath(const QStringList &pathIds);
    /// The scheduled cleanup and the queued detection, with their places in the status bar.
    void createBackgroundWork();
    /// Shows a non-modal working dialog that deletes itself on close and closes with the store.
    void showDialog(class QDialog *dialog);

    StoreSession *m_session = nullptr;
    class SealController *m_seal = nullptr; ///< Unlock / Lock, privacy mode (SealController.h)
    MemoryTableModel *m_model = nullptr;
    MemoryTableView *m_table = nullptr;
    FilterBar *m_filterBar = nullptr;
    WelcomePage *m_welcome = nullptr;
    SelectionKeeper *m_keeper = nullptr;
    QUndoStack *m_undo = nullptr;
    DetailPanel *m_detail = nullptr;
    QString m_negateDraft; ///< a correction typed for a negation that was refused
    DecayChartView *m_chart = nullptr;
    QDockWidget *m_detailDock = nullptr;
    QDockWidget *m_chartDock = nullptr;
    AssociationGraphView *m_graph = nullptr;
    QDockWidget *m_graphDock = nullptr;
    RetrievalPlayground *m_playground = nullptr;
    QDockWidget *m_playgroundDock = nullptr;
    QPointer<ConflictListDialog> m_conflictList;
    QPointer<ReviewQueueDialog> m_reviewQueue;
    QPointer<RebuildLinksDialog> m_rebuildLinks;
    QComboBox *m_profileCombo = nullptr;
    /// A dock property: shown when the last store closed, so shown again when one opens.
    static const char *const kShownWithStore;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_memoryMenu = nullptr;
    QActionGroup *m_modeGroup = nullptr;
    QActionGroup *m_storeProfileGroup = nullptr;
    std::array<QLabel *, 5> m_tierLabels{};
    QLabel *m_conflictLabel = nullptr;
    QLabel *m_loadingLabel = nullptr;
    QLabel *m_readOnlyLabel = nullptr;
    QLabel *m_cleanupLabel = nullptr;
    JobProgressPanel *m_detectionProgress = nullptr;
    CleanupScheduler *m_cleanupScheduler = nullptr;
    QueuedDetectionRunner *m_detectionRunner = nullptr;

    struct Actions
    {
        QAction *confirm = nullptr;
        QAction *negate = nullptr;
        QAction *permanent = nullptr;
        QAction *unpermanent = nullptr;
        QAction *remove = nullptr;
        QAction *restore = nullptr;
        QAction *unarchive = nullptr;
        QAction *edit = nullptr;
        QAction *merge = nullptr;
        QAction *undo = nullptr;
        QAction *redo = nullptr;
        QAction *find = nullptr;
        QAction *importSet = nullptr;
        QAction *importFolder = nullptr;
        QAction *cleanup = nullptr;
        QAction *conflicts = nullptr;
        QAction *reviewQueue = nullptr;
        QAction *exportSet = nullptr;
        QAction *newMemory = nullptr;
        QAction *rebuildLinks = nullptr;
        QAction *copy = nullptr;
        QAction *copyStore = nullptr;
    } m_actions;
};

} // namespace recollector::ui
