#pragma once

#include "model/Memory.h"
#include "engine/decisions/MemoryEdit.h"

#include <QHash>
#include <QPointer>
#include <QWidget>


class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;

namespace recollector::ui {

class ContentEditor;
class HistoryView;
class StoreSession;

/// Every field of the selected memory (docs/formats.md, "A memory's fields"),
/// grouped — Content, Scoring (under the session's profile and now), Provenance, Flags, Agent
/// fields — plus its history of events, newest first. Memory text is shown as plain text
/// everywhere.
///
/// One save model for every editable field (text, keywords, category, importance, confidence,
/// project, sensitivity): an edit is a draft until the user applies it — the Apply button
/// under the panel, Enter in a field, or Ctrl+Enter in the text. Apply emits editRequested
/// once with every changed field (one core::MemoryEdit), which the window turns into one
/// undoable decision; Revert puts the stored values back. Drafts survive reloads of the same
/// memory (the clock, another writer) and are dropped when another memory is shown. The panel
/// never writes to the store itself.
///
/// Reloads refill only what changed: the content editor (ContentEditor) keeps its text when
/// the stored text is the same, and a very long text shows elided until "Show All".
///
/// Widgets carry objectNames for tests: contentEdit, contentElidedNote, showAllContentButton,
/// keywordsEdit, categoryCombo, confidenceSpin, importanceSpin, projectEdit, sensitivityCombo,
/// applyEditsButton, revertEditsButton, pendingEditsNote, historyView, and a value label
/// "value:<field>" per shown field.
class DetailPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DetailPanel)

public:
    explicit DetailPanel(StoreSession *session, QWidget *parent = nullptr);
    ~DetailPanel() override;

    /// The id shown ("" in the empty state).
    const QString &memoryId() const { return m_id; }
    /// The value label of a read-only field ("value:stability"), or nullptr.
    QLabel *valueLabel(const QString &field) const { return m_values.value(field); }
    HistoryView *historyView() const { return m_history; }
    ContentEditor *contentEditor() const { return m_content; }
    /// The fields edited and not applied yet (empty when nothing is pending).
    core::MemoryEdit pendingEdit() const;
    /// The changed fields of `edit` in words, for the Apply note and the undo step's name.
    static QStringList fieldWords(const core::MemoryEdit &edit);

public Q_SLOTS:
    /// Shows a memory; an empty id shows the "nothing selected" state.
    void showMemory(const QString &id);
    /// Re-reads the shown memory (the session's signals call this).
    void reload();
    /// Applies every pending edit (emits editRequested once); nothing when none is pending.
    void applyEdits();
    /// Drops every draft: the fields show the stored values again.
    void revertEdits();

Q_SIGNALS:
    /// The user applied the edited fields of memory `id` (only the changed ones are set).
    void editRequested(const QString &id, const recollector::core::MemoryEdit &edit);
    /// The user asked to bring the shown archived or compressed memory back.
    void unarchiveRequested(const QString &id);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *buildEmptyPage();
    QWidget *buildApplyBar();
    QWidget *buildDetailPage();
    QGroupBox *buildContentGroup();
    QGroupBox *buildScoringGroup();
    QGroupBox *buildProvenanceGroup();
    QGroupBox *buildFlagsGroup();
    QGroupBox *buildAgentGroup();
    /// Adds a read-only, selectable, plain-text value row to `form`.
    QLabel *addValueRow(QFormLayout *form, const QString &field, const QString &caption);
    void setValue(const QString &field, const QString &text, const QString &toolTip = {});

    void showEmpty(const QString &message);
    void fill(const core::Memory &memory);
    void fillHeader(const QString &content);
    void fillScoring(const core::Memory &memory);
    void fillProvenance(const core::Memory &memory);
    void fillFlags(const core::Memory &memory);
    void fillAgent(const core::Memory &memory);
    void fillHistory();

    /// Puts the values of `draft` back into the fields after a refill.
    void restoreDrafts(const core::MemoryEdit &draft);
    /// Memories named by their text where this store has them ("“Prefers vitest…”"), else ids.
    QString memoryRefs(const QStringList &ids) const;
    /// The category the combo stands for: a listed one's stored name, else the text typed.
    QString categoryName() const;
    /// Recounts the pending edits: the Apply bar's note and buttons.
    QString pastNote() const;
    void updatePending();
    /// Makes Enter in `field` apply the panel's edits.
    void applyOnEnter(QWidget *field);

    QPointer<StoreSession> m_session;
    QString m_id;
    core::Memory m_memory;
    bool m_filling = false;
    int m_labelWidth = 0; ///< px; shared by the label column of every group
    bool m_shown = false; ///< m_memory holds the memory m_id (the fields were filled from it)

    QStackedWidget *m_stack = nullptr;
    QLabel *m_emptyLabel = nullptr;
    QLabel *m_header = nullptr;
    QLabel *m_tierBadge = nullptr;
    QHash<QString, QLabel *> m_values;

    ContentEditor *m_content = nullptr;
    QLineEdit *m_keywords = nullptr;
    QComboBox *m_category = nullptr;
    QDoubleSpinBox *m_confidence = nullptr;
    QDoubleSpinBox *m_importance = nullptr;
    QLineEdit *m_project = nullptr;
    QComboBox *m_sensitivity = nullptr;
    QPushButton *m_unarchive = nullptr;
    QFormLayout *m_extraForm = nullptr;
    class TitleEditor *m_titles = nullptr;
    HistoryView *m_history = nullptr;
    QLabel *m_pendingNote = nullptr;
    QPushButton *m_applyEdits = nullptr;
    QPushButton *m_revertEdits = nullptr;
};

} // namespace recollector::ui

Q_DECLARE_METATYPE(recollector::core::MemoryEdit)
