#pragma once

#include <QDialog>
#include <QHash>
#include <QPointer>

#include <functional>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QUndoStack;

namespace engram::ui {

class ConflictDialog;
class ConflictListModel;
class StoreSession;

/// The store's conflicts (docs/scoring.md, "Conflicts"; docs/architecture.md, "The window"):
/// open ones, or all with their resolutions; "Detect now" runs
/// core::ConflictDetector::detectAll over the store (what `engram-cli conflicts --detect` does:
/// new conflicts recorded with their automatic handling). Double-click or Enter on a row opens
/// its ConflictDialog (one per conflict, non-modal). Follows the store through the session's
/// signals.
///
/// objectNames: conflictTable, filterCombo ("Open" / "All"), detectButton, openButton,
/// showAButton, showBButton, conflictSummary.
class ConflictListDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConflictListDialog)

public:
    ConflictListDialog(StoreSession *session, QUndoStack *undoStack, QWidget *parent = nullptr);

    ConflictListModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    bool showsOpenOnly() const;
    void setShowOpenOnly(bool openOnly);
    /// Forwarded to each ConflictDialog opened from here.
    void setErrorSink(std::function<void(const QString &)> sink) { m_errorSink = std::move(sink); }

public Q_SLOTS:
    void reload();
    /// Runs detection now; returns how many new conflicts were recorded (-1 on failure).
    int detectNow();
    /// Opens (or raises) the dialog of a conflict; nullptr when there is no store.
    ConflictDialog *openConflict(qint64 conflictId);

Q_SIGNALS:
    /// Select this memory in the table.
    void memoryActivated(const QString &id);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
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
};

} // namespace engram::ui
