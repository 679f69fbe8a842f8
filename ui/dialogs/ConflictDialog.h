#pragma once

#include "engine/conflicts/ConflictResolver.h"
#include "model/Conflict.h"

#include <QDialog>
#include <QPointer>

#include <functional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QUndoStack;

namespace recollector::ui {

class ConflictMemoryPane;
class ResolveConflictCommand;
class StoreSession;

/// The conflict dialog (docs/scoring.md, "Resolution strategies";
/// docs/architecture.md, "The window"): the two memories side by side with their differing
/// words highlighted, their key fields, histories and decay curves; the conflict's type and
/// status in words; a strategy chooser with a live preview of what the chosen strategy will
/// change (core::ConflictResolver::plan, nothing written); and Resolve, which applies it as ONE
/// undoable ResolveConflictCommand on the window's undo stack and closes the dialog.
///
/// Non-modal friendly: open() / show() it; tests drive it with setStrategy(),
/// setMergedText() and resolve() or by clicking. It follows the store: when either memory
/// changes (an undo, another window) it re-reads the conflict, so an undone resolution
/// shows as open again.
///
/// objectNames: conflictHeader, conflictExplanation, conflictStatus, paneA, paneB,
/// strategyCombo, strategyExplanation, mergeEdit, previewText, resolveButton, dismissButton,
/// closeButton. "Not a Conflict" (dismiss()) dismisses the conflict the same undoable way.
class ConflictDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConflictDialog)

public:
    ConflictDialog(StoreSession *session, QUndoStack *undoStack, qint64 conflictId, QWidget *parent = nullptr);

    qint64 conflictId() const { return m_conflictId; }
    /// The conflict as last read ({} when it could not be read).
    const core::Conflict &conflict() const { return m_conflict; }
    core::ResolutionStrategy strategy() const;
    void setStrategy(core::ResolutionStrategy strategy);
    QString mergedText() const;
    void setMergedText(const QString &text);
    /// The preview shown for the current strategy (plain text).
    QString previewText() const;
    /// Where failures of a later undo/redo of the resolution go (the window's error display);
    /// without one they show in a message box. Failures of Resolve itself show here.
    void setErrorSink(std::function<void(const QString &)> sink) { m_errorSink = std::move(sink); }
    ConflictMemoryPane *paneA() const { return m_paneA; }
    ConflictMemoryPane *paneB() const { return m_paneB; }

public Q_SLOTS:
    /// Applies the chosen strategy through the undo stack. True when it went through (the
    /// dialog then closes); false with a message otherwise (the dialog stays).
    bool resolve();
    /// "Not a Conflict": dismisses the open conflict through the undo stack (undo reopens it).
    /// True when it went through (the dialog then closes).
    bool dismiss();
    /// Re-reads the conflict and both memories.
    void reload();

Q_SIGNALS:
    /// The conflict was resolved from this dialog.
    void resolved(qint64 conflictId);
    /// "Show in table" on one of the memories.
    void memoryActivated(const QString &id);

private:
    void createHeader();
    void createBody();
    void createButtons();
    void connectSignals();
    bool showFileClash(const core::Memory &memory);
    void updatePreview();
    void strategyChanged();
    bool push(ResolveConflictCommand *command, const QString &title);
    std::function<void(const QString &)> errorSink();

    QPointer<StoreSession> m_session;
    QPointer<QUndoStack> m_undo;
    qint64 m_conflictId;
    core::Conflict m_conflict;
    bool m_readable = false;
    bool m_mergePrefilled = false;
    QString m_prefill;
    std::function<void(const QString &)> m_errorSink;
    bool m_resolving = false;
    QString m_failure;

    QLabel *m_header = nullptr;
    QLabel *m_explanation = nullptr;
    QLabel *m_status = nullptr;
    ConflictMemoryPane *m_paneA = nullptr;
    ConflictMemoryPane *m_paneB = nullptr;
    QComboBox *m_strategy = nullptr;
    QLabel *m_strategyExplanation = nullptr;
    QPlainTextEdit *m_merge = nullptr;
    QPlainTextEdit *m_preview = nullptr;
    QPushButton *m_resolve = nullptr;
    QPushButton *m_dismiss = nullptr;
    QPushButton *m_close = nullptr;
};

} // namespace recollector::ui
