#include "views/DetailPanel.h"

#include "StoreSession.h"
#include "engine/decisions/Unarchive.h"
#include "model/InputLimits.h"
#include "models/HistoryModel.h"
#include "support/Teardown.h"
#include "text/MaskedText.h"
#include "views/ContentEditor.h"
#include "views/DetailPanelLabels.h"
#include "views/HistoryView.h"
#include "views/TitleEditor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <cmath>

namespace recollector::ui {

using namespace panel_labels;

namespace {

using core::Memory;

QString sensitivityName(int level)
{
    switch (level) {
    case 0: return DetailPanel::tr("0 · normal");
    case 1: return DetailPanel::tr("1 · normal (flagged)");
    case 2: return DetailPanel::tr("2 · private: never compressed or merged automatically");
    case 3: return DetailPanel::tr("3 · encrypted at rest");
    }
    return QString::number(level);
}

QStringList parseKeywords(const QString &text)
{
    return core::normalizeKeywords(text.split(QLatin1Char(','), Qt::SkipEmptyParts));
}

/// Whether a spin box showing `shown` stands for `stored`: the box rounds to its decimals, so
/// a stored 1.033 shown as 1.03 is not an edit.
bool sameInSpin(const QDoubleSpinBox *spin, double shown, double stored)
{
    const double step = std::pow(10.0, -spin->decimals());
    return std::abs(shown - std::round(stored / step) * step) < step / 2;
}

} // namespace

DetailPanel::DetailPanel(StoreSession *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("detailPanel"));
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(buildEmptyPage());
    auto *detail = new QWidget;
    auto *detailColumn = new QVBoxLayout(detail);
    detailColumn->setContentsMargins(0, 0, 0, 0);
    detailColumn->setSpacing(0);
    detailColumn->addWidget(buildDetailPage(), 1);
    detailColumn->addWidget(buildApplyBar()); // outside the scroll: Apply is always in reach
    m_stack->addWidget(detail);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    if (session) {
        connect(session, &StoreSession::memoriesChanged, this, [this](const QStringList &ids) {
            if (!m_id.isEmpty() && ids.contains(m_id))
                reload();
        });
        connect(session, &StoreSession::reloaded, this, &DetailPanel::reload);
        connect(session, &StoreSession::profileChanged, this, &DetailPanel::reload);
        connect(session, &StoreSession::configChanged, this, &DetailPanel::reload);
        connect(session, &StoreSession::nowChanged, this, &DetailPanel::reload);
        connect(session, &StoreSession::contentsAtChanged, this, &DetailPanel::reload);
        connect(session, &StoreSession::privacyModeChanged, this, &DetailPanel::reload);
        connect(session, &StoreSession::closed, this, [this] { showMemory({}); });
    }
    showEmpty(tr("Select a memory in the table to see all of its fields, edit it, and read its history."));
}

DetailPanel::~DetailPanel()
{
    // Closing a top-level panel sends the focused field focus-out after the members are gone;
    // its signals must not reach updatePending and friends then.
    disconnectDescendants(this);
}

QWidget *DetailPanel::buildEmptyPage()
{
    m_emptyLabel = new QLabel;
    m_emptyLabel->setObjectName(QStringLiteral("detailEmptyLabel"));
    m_emptyLabel->setTextFormat(Qt::PlainText);
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setAlignment(Qt::AlignCenter);
    m_emptyLabel->setMargin(24);
    QPalette pal = m_emptyLabel->palette();
    pal.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    m_emptyLabel->setPalette(pal);
    return m_emptyLabel;
}

QWidget *DetailPanel::buildApplyBar()
{
    auto *bar = new QWidget;
    bar->setObjectName(QStringLiteral("applyEditsBar"));
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(6, 4, 6, 4);
    m_pendingNote = new QLabel;
    m_pendingNote->setObjectName(QStringLiteral("pendingEditsNote"));
    m_pendingNote->setTextFormat(Qt::PlainText);
    m_pendingNote->setWordWrap(true);
    m_pendingNote->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_revertEdits = new QPushButton(tr("Revert"));
    m_revertEdits->setObjectName(QStringLiteral("revertEditsButton"));
    m_revertEdits->setToolTip(tr("Forget the edits and show the stored values again"));
    m_applyEdits = new QPushButton(tr("Apply"));
    m_applyEdits->setObjectName(QStringLiteral("applyEditsButton"));
    m_applyEdits->setToolTip(tr("Save every edited field as one step you can undo (Enter in a field, Ctrl+Enter in "
                                "the text)"));
    row->addWidget(m_pendingNote, 1);
    row->addWidget(m_revertEdits);
    row->addWidget(m_applyEdits);
    connect(m_applyEdits, &QPushButton::clicked, this, &DetailPanel::applyEdits);
    connect(m_revertEdits, &QPushButton::clicked, this, &DetailPanel::revertEdits);
    return bar;
}

void DetailPanel::applyOnEnter(QWidget *field)
{
    field->installEventFilter(this);
}

bool DetailPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            // A spin box takes its typed text only on Enter; take it before applying.
            if (auto *spin = qobject_cast<QAbstractSpinBox *>(watched))
                spin->interpretText();
            applyEdits();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

static QFormLayout *newForm(QWidget *owner, bool flush = false)
{
    auto *form = new QFormLayout(owner);
    if (flush)
        form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    form->setVerticalSpacing(4);
    return form;
}

QWidget *DetailPanel::buildDetailPage()
{
    auto *page = new QWidget;
    auto *column = new QVBoxLayout(page);
    column->setContentsMargins(6, 6, 6, 6);
    column->setSpacing(8);

    auto *headerRow = new QHBoxLayout;
    m_header = new QLabel;
    m_header->setObjectName(QStringLiteral("detailHeader"));
    m_header->setTextFormat(Qt::PlainText);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont headerFont = m_header->font();
    headerFont.setBold(true);
    m_header->setFont(headerFont);
    wrapWithin(m_header);
    m_tierBadge = new QLabel;
    m_tierBadge->setObjectName(QStringLiteral("tierBadge"));
    m_tierBadge->setTextFormat(Qt::PlainText);
    m_tierBadge->setAutoFillBackground(true);
    m_tierBadge->setMargin(3);
    headerRow->addWidget(m_header, 1);
    headerRow->addWidget(m_tierBadge);
    column->addLayout(headerRow);

    QGroupBox *content = buildContentGroup();
    // The assistant's own name and description first: what it lists in its index.
    m_titles = new TitleEditor;
    connect(m_titles, &TitleEditor::edited, this, &DetailPanel::updatePending);
    connect(m_content, &ContentEditor::draftChanged, m_titles, [this]() { m_titles->setText(m_content->draft().value_or(m_memory.content)); });
    column->addWidget(m_titles);
    column->addWidget(content);
    column->addWidget(buildScoringGroup());
    column->addWidget(buildProvenanceGroup());
    column->addWidget(buildFlagsGroup());
    column->addWidget(buildAgentGroup());

    auto *historyBox = new QGroupBox(tr("History (newest first)"));
    auto *historyLayout = new QVBoxLayout(historyBox);
    m_history = new HistoryView;
    m_history->setMinimumHeight(220);
    // "Merged into …", "Linked to …": the other memory by the start of its text (masked as
    // everywhere else), its id when it is not in this store.
    m_history->historyModel()->setNamer([this](const QString &id) -> QString {
        if (!m_session || !m_session->isOpen() || id.isEmpty())
            return {};
        const auto memory = m_session->memory(id);
        return memory ? MaskedText::shown(*memory, m_session->privacyMode()) : QString();
    });
    historyLayout->addWidget(m_history);
    column->addWidget(historyBox, 1);

    // One label column width for every group, so the values line up down the panel.
    for (QFormLayout *form : page->findChildren<QFormLayout *>()) {
        for (int row = 0; row < form->rowCount(); ++row) {
            if (QLayoutItem *item = form->itemAt(row, QFormLayout::LabelRole); item && item->widget())
                m_labelWidth = std::max(m_labelWidth, item->widget()->sizeHint().width());
        }
    }
    for (QFormLayout *form : page->findChildren<QFormLayout *>()) {
        for (int row = 0; row < form->rowCount(); ++row) {
            if (QLayoutItem *item = form->itemAt(row, QFormLayout::LabelRole); item && item->widget()) {
                item->widget()->setMinimumWidth(m_labelWidth);
                if (auto *label = qobject_cast<QLabel *>(item->widget()))
                    label->setAlignment(Qt::AlignRight | Qt::AlignTop);
            }
        }
    }

    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(page);
    return scroll;
}

QLabel *DetailPanel::addValueRow(QFormLayout *form, const QString &field, const QString &caption)
{
    auto *label = new QLabel;
    label->setObjectName(QStringLiteral("value:") + field);
    label->setTextFormat(Qt::PlainText); // memory text is data, never markup
    wrapWithin(label);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(caption, label);
    m_values.insert(field, label);
    return label;
}

QGroupBox *DetailPanel::buildContentGroup()
{
    auto *box = new QGroupBox(tr("Content"));
    auto *form = newForm(box);

    m_content = new ContentEditor;
    form->addRow(tr("Text"), m_content);
    connect(m_content, &ContentEditor::draftChanged, this, &DetailPanel::updatePending);
    connect(m_content, &ContentEditor::submitRequested, this, &DetailPanel::applyEdits);

    m_keywords = new QLineEdit;
    m_keywords->setObjectName(QStringLiteral("keywordsEdit"));
    m_keywords->setPlaceholderText(tr("comma-separated, e.g. typescript, testing"));
    connect(m_keywords, &QLineEdit::textChanged, this, &DetailPanel::updatePending);
    applyOnEnter(m_keywords);
    form->addRow(tr("Keywords"), m_keywords);

    m_category = new QComboBox;
    m_category->setObjectName(QStringLiteral("categoryCombo"));
    m_category->setEditable(true);
    m_category->setInsertPolicy(QComboBox::NoInsert);
    m_category->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_category->setMinimumContentsLength(12);
    m_category->setToolTip(tr("What kind of memory this is: each known category decays at its own pace (Settings); "
                              "an unknown one is scored like a fact"));
    connect(m_category, &QComboBox::currentTextChanged, this, &DetailPanel::updatePending);
    applyOnEnter(m_category);
    applyOnEnter(m_category->lineEdit());
    form->addRow(tr("Category"), m_category);

    addValueRow(form, QStringLiteral("id"), tr("Id"));
    addValueRow(form, QStringLiteral("createdAt"), tr("Created"));
    addValueRow(form, QStringLiteral("updatedAt"), tr("Updated"));
    return box;
}

QGroupBox *DetailPanel::buildScoringGroup()
{
    auto *box = new QGroupBox(tr("Scoring"));
    box->setObjectName(QStringLiteral("scoringGroup"));
    auto *form = newForm(box);
    addValueRow(form, QStringLiteral("score"), tr("Score"));
    addValueRow(form, QStringLiteral("strength"), tr("Strength"));
    addValueRow(form, QStringLiteral("tier"), tr("Tier"));
    addValueRow(form, QStringLiteral("stability"), tr("Stability"));
    addValueRow(form, QStringLiteral("decayRate"), tr("Decay rate"));

    m_importance = new QDoubleSpinBox;
    m_importance->setObjectName(QStringLiteral("importanceSpin"));
    m_importance->setRange(0, core::io::limits::kMaxImportance); // what the edit decision accepts
    m_importance->setDecimals(2);
    m_importance->setSingleStep(0.1);
    m_importance->setKeyboardTracking(false);
    m_importance->setToolTip(tr("The importance as stored at the last access or decision; it decays from there "
                                "(3.0 or more is core and never decays). Edit it, then Apply."));
    connect(m_importance, &QDoubleSpinBox::valueChanged, this, &DetailPanel::updatePending);
    applyOnEnter(m_importance);
    // What the importance is worth now, shown first: the stored value decays after its grace
    // days (docs/scoring.md#importance), and a confirm or an access writes the decayed value back and adds to
    // it, so the number a person watches is the one a confirm raises.
    addValueRow(form, QStringLiteral("effectiveImportance"), tr("Importance"));
    form->addRow(tr("Stored importance"), m_importance);

    m_confidence = new QDoubleSpinBox;
    m_confidence->setObjectName(QStringLiteral("confidenceSpin"));
    m_confidence->setRange(0, 1);
    m_confidence->setDecimals(2);
    m_confidence->setSingleStep(0.05);
    m_confidence->setKeyboardTracking(false);
    connect(m_confidence, &QDoubleSpinBox::valueChanged, this, &DetailPanel::updatePending);
    applyOnEnter(m_confidence);
    form->addRow(tr("Confidence"), m_confidence);

    addValueRow(form, QStringLiteral("counts"), tr("Reinforced / accessed"));
    addValueRow(form, QStringLiteral("lastReinforcedAt"), tr("Last reinforced"));
    addValueRow(form, QStringLiteral("lastAccessedAt"), tr("Last accessed"));
    return box;
}

QGroupBox *DetailPanel::buildProvenanceGroup()
{
    auto *box = new QGroupBox(tr("Provenance"));
    auto *form = newForm(box);
    addValueRow(form, QStringLiteral("source"), tr("Source"));
    m_project = new QLineEdit;
    m_project->setObjectName(QStringLiteral("projectEdit"));
    m_project->setPlaceholderText(tr("empty = global"));
    connect(m_project, &QLineEdit::textChanged, this, &DetailPanel::updatePending);
    applyOnEnter(m_project);
    form->addRow(tr("Project"), m_project);
    addValueRow(form, QStringLiteral("mergedFrom"), tr("Merged from"));
    addValueRow(form, QStringLiteral("mergedInto"), tr("Merged into"));
    addValueRow(form, QStringLiteral("sourceIds"), tr("Source ids"));
    addValueRow(form, QStringLiteral("originalContents"), tr("Original contents"));
    addValueRow(form, QStringLiteral("correctionHistory"), tr("Corrections"));
    addValueRow(form, QStringLiteral("compressedFrom"), tr("Compressed from"));
    addValueRow(form, QStringLiteral("supersedesId"), tr("Supersedes"));
    return box;
}

QGroupBox *DetailPanel::buildFlagsGroup()
{
    auto *box = new QGroupBox(tr("Flags"));
    auto *form = newForm(box);
    addValueRow(form, QStringLiteral("verified"), tr("Verified"));
    addValueRow(form, QStringLiteral("permanent"), tr("Permanent"));
    addValueRow(form, QStringLiteral("negated"), tr("Negated"));
    addValueRow(form, QStringLiteral("superseded"), tr("Superseded"));
    addValueRow(form, QStringLiteral("level"), tr("Level"));
    addValueRow(form, QStringLiteral("compressed"), tr("Compressed"));
    m_unarchive = new QPushButton(tr("Unarchive"));
    m_unarchive->setObjectName(QStringLiteral("unarchiveButton"));
    m_unarchive->setToolTip(tr("Bring it back: full level, the original text of a compression, decay restarted"));
    connect(m_unarchive, &QPushButton::clicked, this, [this]() {
        if (!m_id.isEmpty())
            Q_EMIT unarchiveRequested(m_id);
    });
    form->addRow(QString(), m_unarchive);
    m_sensitivity = new QComboBox;
    m_sensitivity->setObjectName(QStringLiteral("sensitivityCombo"));
    m_sensitivity->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sensitivity->setMinimumContentsLength(12);
    for (int level = 0; level <= 3; ++level)
        m_sensitivity->addItem(sensitivityName(level), level);
    connect(m_sensitivity, &QComboBox::currentIndexChanged, this, &DetailPanel::updatePending);
    applyOnEnter(m_sensitivity);
    form->addRow(tr("Sensitivity"), m_sensitivity);
    addValueRow(form, QStringLiteral("modalities"), tr("Modalities"));
    addValueRow(form, QStringLiteral("deletedAt"), tr("Deleted"));
    return box;
}

QGroupBox *DetailPanel::buildAgentGroup()
{
    auto *box = new QGroupBox(tr("Agent fields"));
    box->setToolTip(tr("Kept verbatim from an agent memory folder and written back unchanged"));
    QFormLayout *form = newForm(box);
    addValueRow(form, QStringLiteral("agentImportance"), tr("Importance (1–10)"));
    addValueRow(form, QStringLiteral("agentTier"), tr("Tier"));
    // Unknown imported fields (`extra`) are appended below these rows on every fill.
    m_extraForm = form;
    return box;
}

QString DetailPanel::categoryName() const
{
    // A category picked from the list is its stored name; one typed in is taken as typed,
    // unless it is the words of a known one.
    const QString text = m_category->currentText().trimmed();
    if (const int index = m_category->findText(text); index >= 0)
        return m_category->itemData(index).toString();
    return text;
}

core::MemoryEdit DetailPanel::pendingEdit() const
{
    core::MemoryEdit edit;
    if (m_id.isEmpty() || m_stack->currentIndex() != 1 || !m_shown)
        return edit;
    const core::Memory &m = m_memory;
    if (m_content->isEnabled())
        edit.content = m_content->draft();
    if (m_keywords->isEnabled()) {
        if (const QStringList words = parseKeywords(m_keywords->text()); words != m.keywords)
            edit.keywords = words;
    }
    if (const QString category = categoryName(); !category.isEmpty() && category != m.category)
        edit.category = category;
    if (!sameInSpin(m_importance, m_importance->value(), m.importance))
        edit.importance = m_importance->value();
    if (!sameInSpin(m_confidence, m_confidence->value(), m.confidence))
        edit.confidence = m_confidence->value();
    if (const QString project = m_project->text().trimmed(); project != m.projectPath)
        edit.projectPath = project;
    if (const int level = m_sensitivity->currentData().toInt(); m_sensitivity->currentIndex() >= 0 && level != m.sensitivity)
        edit.sensitivity = level;
    m_titles->addTo(edit);
    return edit;
}

QStringList DetailPanel::fieldWords(const core::MemoryEdit &edit)
{
    QStringList words;
    if (edit.content)
        words << tr("text");
    if (edit.keywords)
        words << tr("keywords");
    if (edit.category)
        words << tr("category");
    if (edit.importance)
        words << tr("importance");
    if (edit.confidence)
        words << tr("confidence");
    if (edit.projectPath)
        words << tr("project");
    if (edit.sensitivity)
        words << tr("sensitivity");
    if (edit.name)
        words << tr("name");
    if (edit.description)
        words << tr("description");
    return words;
}

void DetailPanel::restoreDrafts(const core::MemoryEdit &draft)
{
    m_filling = true;
    if (draft.keywords)
        m_keywords->setText(draft.keywords->join(QStringLiteral(", ")));
    if (draft.category) {
        if (const int index = m_category->findData(*draft.category); index >= 0)
            m_category->setCurrentIndex(index);
        else
            m_category->setCurrentText(*draft.category);
    }
    if (draft.importance)
        m_importance->setValue(*draft.importance);
    if (draft.confidence)
        m_confidence->setValue(*draft.confidence);
    if (draft.projectPath)
        m_project->setText(*draft.projectPath);
    if (draft.sensitivity)
        m_sensitivity->setCurrentIndex(m_sensitivity->findData(*draft.sensitivity));
    m_titles->restore(draft);
    m_filling = false; // the content editor keeps its own draft
}

QString DetailPanel::pastNote() const
{
    // "Contents as of" (docs/scoring.md#contents-as-of): say when the history could not tell.
    const core::ContentsAsOf *past = m_session->pastContents();
    if (past && past->inexact.contains(m_id))
        return tr("Showing this memory as far as its history tells: a later change did not keep what it said before. "
                  "Editing is off.");
    if (past && m_session->store()) {
        // Written without a history (no recorded creation, nothing before that date): only its
        // creation date places it there.
        const auto undated = past->undated(*m_session->store(), { m_id });
        if (undated && undated->contains(m_id))
            return tr("Showing this memory as far as its history tells: it was written without a history, so what it "
                      "said on that date is not known. Editing is off.");
    }
    return tr("Showing this memory as it was: editing is off.");
}

void DetailPanel::updatePending()
{
    if (m_filling || !m_pendingNote)
        return;
    const core::MemoryEdit edit = pendingEdit();
    const bool blank = edit.content && edit.content->trimmed().isEmpty();
    const bool readOnly = !m_session || m_session->isReadOnly();
    m_applyEdits->setEnabled(!edit.isEmpty() && !blank && !readOnly);
    m_revertEdits->setEnabled(!edit.isEmpty() || m_content->isModified());
    if (blank)
        m_pendingNote->setText(tr("The text cannot be empty."));
    else if (edit.isEmpty())
        m_pendingNote->setText(!readOnly ? tr("No unsaved changes.") : m_session && m_session->isShowingPast() ? pastNote()
                                                                                                              : tr("This store is read-only."));
    else
        m_pendingNote->setText(tr("Not saved yet: %1").arg(fieldWords(edit).join(QStringLiteral(", "))));
    QPalette pal = palette();
    if (edit.isEmpty() && !blank)
        pal.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    m_pendingNote->setPalette(pal);
}

void DetailPanel::applyEdits()
{
    const core::MemoryEdit edit = pendingEdit();
    if (edit.isEmpty() || !m_applyEdits->isEnabled())
        return;
    Q_EMIT editRequested(m_id, edit);
    // Applied: the store holds the drafts now, so the text editor stands for the stored text
    // again (a later change by another writer refills it).
    if (pendingEdit().isEmpty() && m_content->isModified())
        m_content->revert();
    updatePending();
}

void DetailPanel::revertEdits()
{
    m_shown = false; // no draft survives the refill
    m_content->revert();
    reload();
}

} // namespace recollector::ui
