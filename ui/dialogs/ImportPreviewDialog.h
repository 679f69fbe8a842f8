#pragma once

#include "dialogs/ImportJob.h"
#include "dialogs/JobDialog.h"
#include "io/ImportPreview.h"

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace recollector::ui {

class ImportItemsModel;
class StoreSession;

/// Import with a preview (docs/formats.md, "Import"): reads a memory set file or an agent
/// memory folder on a worker thread, shows what it holds against the open store
/// (new / changed / identical / conflicting memories, links, events, detected contradictions,
/// skipped bad files), lets the user choose skip / overwrite / keep both per kind and per
/// memory, then imports on a worker in one transaction with progress and Cancel (a cancel
/// leaves the store unchanged). After the import the session is reloaded and the recorded
/// contradictions can be opened. The reading and the import are the JobDialog's jobs.
///
/// Drivable without a modal loop: construct, start() (or show()), wait for state() == Ready,
/// choose, startImport(), wait for Done.
class ImportPreviewDialog final : public JobDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImportPreviewDialog)

public:
    enum class State { Idle, Reading, Ready, Importing, Done, Failed };
    Q_ENUM(State)

    ImportPreviewDialog(StoreSession *session, const QString &path, QWidget *parent = nullptr);

    /// Starts reading `path` (show() does it too, once).
    void start();
    State state() const { return m_state; }
    /// The last error (one line naming the file, the entry and the field), empty if none.
    QString errorMessage() const { return m_error; }

    /// Valid from Ready on.
    const core::io::ImportPreview &preview() const { return m_reading.plan.preview; }
    const std::vector<core::ConflictCandidate> &contradictions() const { return m_reading.plan.detection.candidates; }
    /// The choice for a kind (Changed or Conflicting).
    void setKindAction(core::io::ImportKind kind, core::io::ImportAction action);
    /// The choice for one memory; nullopt goes back to its kind's choice.
    void setItemAction(const QString &id, std::optional<core::io::ImportAction> action);
    core::io::ImportPolicy policy() const;

    /// Imports with the current choices (Ready only).
    void startImport();
    /// Valid once Done.
    const core::io::ImportReport &report() const { return m_result.report; }
    /// The contradictions the import recorded, as conflict rows (ids set). Valid once Done.
    const std::vector<core::Conflict> &recordedConflicts() const { return m_result.recorded; }
    /// The decisions the import wrote, for its undo step (ImportUndoCommand). Valid once Done.
    const std::vector<qint64> &decisionEvents() const { return m_result.decisionEvents; }

    ImportItemsModel *itemsModel() const { return m_items; }

Q_SIGNALS:
    void stateChanged(recollector::ui::ImportPreviewDialog::State state);
    /// The import committed (the session has been reloaded).
    void imported();
    /// The user asked to see a conflict the import recorded (the window opens its dialog).
    void conflictOpenRequested(qint64 conflictId);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildUi();
    QWidget *buildSummary();
    QWidget *buildItemsTab();
    void setState(State state);
    void finishReading(core::Result<ImportReading> result);
    void finishImport(core::Result<core::io::ImportOutcome> result);
    void showReading();
    void fillContradictions(bool recorded);
    void updateOutcome();
    void overrideSelected(std::optional<core::io::ImportAction> action);
    void showError(const QString &message);
    void requestSelectedConflict();

    StoreSession *m_session;
    QString m_path;
    State m_state = State::Idle;
    QString m_error;
    ImportReading m_reading;
    core::io::ImportOutcome m_result;

    QLabel *m_title = nullptr;
    QLabel *m_errorLabel = nullptr;
    QWidget *m_summary = nullptr;
    QLabel *m_counts[4] = {};
    QLabel *m_setCounts = nullptr;
    QComboBox *m_changedCombo = nullptr;
    QComboBox *m_conflictingCombo = nullptr;
    QTabWidget *m_tabs = nullptr;
    ImportItemsModel *m_items = nullptr;
    QTableView *m_itemView = nullptr;
    QList<QPushButton *> m_itemButtons;
    QTableWidget *m_contradictionTable = nullptr;
    QPushButton *m_openConflict = nullptr;
    QPlainTextEdit *m_problems = nullptr;
    QLabel *m_outcome = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_importButton = nullptr;
    QPushButton *m_closeButton = nullptr;
};

} // namespace recollector::ui
