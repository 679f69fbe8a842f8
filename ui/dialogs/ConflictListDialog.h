#pragma once

#include "dialogs/JobDialog.h"
#include "dialogs/ConflictDetectionJob.h"
#include "engine/conflicts/ConflictDetector.h"

#include <QHash>
#include <QPointer>

#include <functional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QUndoStack;

namespace recollector::ui {

class ConflictDialog;
class ConflictListModel;
class StoreSession;

/// The store's conflicts (docs/scoring.md, "Conflicts"; docs/architecture.md, "The window"):
/// open ones, or all with their resolutions; "Detect now" runs
/// core::ConflictDetector::detectAll over the store (what `recollector-cli conflicts --detect` does:
/// new conflicts recorded with their automatic handling) as the JobDialog's job: on a worker
/// with its own connection, with progress and Cancel, in one transaction (a cancel writes
/// nothing); the list and the session follow what it recorded. Double-click or Enter on a row
/// opens its ConflictDialog (one per conflict, non-modal). Follows the store through the
/// session's signals; when the session is about to close, a running detection is cancelled and
/// waited for.
///
/// objectNames: conflictTable, filterCombo ("Open" / "All"), detectButton, openButton,
/// showAButton, showBButton, conflictSummary, closeButton, jobProgressPanel.
class ConflictListDialog final : public JobDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConflictListDialog)

public:
    ConflictListDialog(StoreSession *session, QUndoStack *undoStack, QWidget *parent = nullptr);
    ~ConflictListDialog() override;

    ConflictListModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    bool showsOpenOnly() const;
    void setShowOpenOnly(bool openOnly);
    /// Forwarded to each ConflictDialog opened from here.
    void setErrorSink(std::function<void(const QString &)> sink) { m_errorSink = std::move(sink); }

public Q_SLOTS:
    void reload();
    /// Starts a detection over the whole store on a worker; false when none can start (no
    /// store, read-only, one already running). detectionFinished() tells how it ended.
    bool detectNow();
    /// Opens (or raises) the dialog of a conflict; nullptr when there is no store.
    ConflictDialog *openConflict(qint64 conflictId);

Q_SIGNALS:
    /// Select this memory in the table.
    void memoryActivated(const QString &id);
    /// A detection ended: `recorded` new conflicts (the list is reloaded already), or -1 when
    /// it was cancelled or failed (nothing was written).
    void detectionFinished(int recorded);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createTop();
    void createTable();
    void createButtons();
    void connectControls();
    void finishDetection(core::Result<ConflictDetectionJob> result, const QString &storePath);
    qint64 currentConflictId() const;
    QString currentMemory(bool a) const;
    void updateButtons();

    QPointer<StoreSession> m_session;
    QPointer<QUndoStack> m_undo;
    std::function<void(const QString &)> m_errorSink;
    QHash<qint64, QPointer<ConflictDialog>> m_open;
    QString m_lastDetection;

    ConflictListModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QComboBox *m_filter = nullptr;
    QLabel *m_summary = nullptr;
    QPushButton *m_detect = nullptr;
    QPushButton *m_openButton = nullptr;
    QPushButton *m_showA = nullptr;
    QPushButton *m_showB = nullptr;
    QPushButton *m_close = nullptr;
};

} // namespace recollector::ui
