#pragma once

#include "model/Memory.h"
#include "views/MemoryFieldEdit.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <map>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;

namespace engram::ui {

class ContentEditor;
class HistoryView;
class StoreSession;

/// Every field of the selected memory (docs/formats.md, "A memory's fields"),
/// grouped — Content, Scoring (under the session's profile and now), Provenance, Flags, Agent
/// fields — plus its history of events, newest first. Content, keywords, category, confidence,
/// importance, project and sensitivity are edited in place: the panel never writes to the store
/// itself, it emits editRequested (a typed MemoryFieldEdit) and the window turns that into an
/// undoable decision. Memory
/// text is shown as plain text everywhere.
///
/// Reloads refill only what changed: the content editor (ContentEditor) keeps its text when
/// the stored text is the same, and a very long text shows elided until "Show All".
///
/// Widgets carry objectNames for tests: contentEdit, applyContentButton, revertContentButton,
/// contentElidedNote, showAllContentButton, keywordsEdit, categoryCombo, confidenceSpin,
/// importanceSpin, projectEdit, sensitivityCombo, historyView, and a value label
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

public Q_SLOTS:
    /// Shows a memory; an empty id shows the "nothing selected" state.
    void showMemory(const QString &id);
    /// Re-reads the shown memory (the session's signals call this).
    void reload();

Q_SIGNALS:
    /// The user changed one field of the shown memory (content, keywords, category,
    /// confidence, importance, projectPath, sensitivity) to the value the edit holds.
    void editRequested(const engram::ui::MemoryFieldEdit &edit);
    /// The user asked to bring the shown archived or compressed memory back.
    void unarchiveRequested(const QString &id);

private:
    QWidget *buildEmptyPage();
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

    /// Emits `edit` unless the same value of that field was already asked for.
    void request(const MemoryFieldEdit &edit);
    void commitKeywords();
    void commitCategory();
    void commitProject();

    QPointer<StoreSession> m_session;
    QString m_id;
    core::Memory m_memory;
    bool m_filling = false;
    int m_labelWidth = 0; ///< px; shared by the label column of every group
    /// Edits already asked for since the last reload, so Enter + focus-out ask only once.
    std::map<MemoryFieldEdit::Field, MemoryFieldEdit::Value> m_requested;

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
    HistoryView *m_history = nullptr;
};

} // namespace engram::ui
