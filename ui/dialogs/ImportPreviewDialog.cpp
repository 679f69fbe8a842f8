#include "dialogs/ImportPreviewDialog.h"

#include "StoreSession.h"
#include "models/ImportItemsModel.h"
#include "support/MutedText.h"
#include "text/MaskedText.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <tuple>

namespace recollector::ui {

using namespace recollector::core;
using io::ImportAction;
using io::ImportKind;

namespace {

QComboBox *actionCombo(const QString &name, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->setObjectName(name);
    combo->addItem(QObject::tr("Overwrite the stored one"), int(ImportAction::Overwrite));
    combo->addItem(QObject::tr("Skip (keep the stored one)"), int(ImportAction::Skip));
    combo->addItem(QObject::tr("Keep both (add under a new id)"), int(ImportAction::KeepBoth));
    return combo;
}

QLabel *plainLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

ImportPreviewDialog::ImportPreviewDialog(StoreSession *session, const QString &path, QWidget *parent)
    : JobDialog(parent), m_session(session), m_path(path)
{
    setObjectName(QStringLiteral("importPreviewDialog"));
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));
    buildUi();
    resize(960, 680);
}

void ImportPreviewDialog::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(10);
    m_title = plainLabel(tr("Reading %1…").arg(QFileInfo(m_path).fileName()), this);
    m_title->setObjectName(QStringLiteral("importTitleLabel"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);

    m_errorLabel = plainLabel(QString(), this);
    m_errorLabel->setObjectName(QStringLiteral("importErrorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setBanner(m_errorLabel, Banner::Error);
    m_errorLabel->hide();
    layout->addWidget(m_errorLabel);

    m_summary = buildSummary();
    layout->addWidget(m_summary);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("importTabs"));
    m_tabs->addTab(buildItemsTab(), tr("Memories"));

    auto *contradictions = new QWidget(m_tabs);
    auto *cLayout = new QVBoxLayout(contradictions);
    m_contradictionTable = new QTableWidget(0, 5, contradictions);
    m_contradictionTable->setObjectName(QStringLiteral("contradictionTable"));
    m_contradictionTable->setHorizontalHeaderLabels({tr("Conflict"), tr("Type"), tr("Older"), tr("Newer"), tr("Why")});
    m_contradictionTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_contradictionTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_contradictionTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_contradictionTable->verticalHeader()->hide();
    m_contradictionTable->horizontalHeader()->setStretchLastSection(true);
    cLayout->addWidget(m_contradictionTable);
    m_openConflict = new QPushButton(tr("Open Conflict…"), contradictions);
    m_openConflict->setObjectName(QStringLiteral("openConflictButton"));
    m_openConflict->setEnabled(false);
    m_openConflict->setToolTip(tr("After the import: resolve the selected contradiction in the conflict dialog"));
    auto *openRow = new QHBoxLayout;
    openRow->addStretch(1);
    openRow->addWidget(m_openConflict);
    cLayout->addLayout(openRow);
    connect(m_openConflict, &QPushButton::clicked, this, &ImportPreviewDialog::requestSelectedConflict);
    connect(m_contradictionTable, &QTableWidget::cellDoubleClicked, this,
            &ImportPreviewDialog::requestSelectedConflict);
    m_tabs->addTab(contradictions, tr("Contradictions"));

    m_problems = new QPlainTextEdit(m_tabs);
    m_problems->setObjectName(QStringLiteral("importProblemsText"));
    m_problems->setReadOnly(true);
    m_problems->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_tabs->addTab(m_problems, tr("Problems"));
    layout->addWidget(m_tabs, 1);

    m_outcome = plainLabel(QString(), this);
    m_outcome->setObjectName(QStringLiteral("importOutcomeLabel"));
    m_outcome->setWordWrap(true);
    layout->addWidget(m_outcome);

    layout->addWidget(jobProgress());

    m_buttons = new QDialogButtonBox(this);
    m_importButton = m_buttons->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    m_importButton->setObjectName(QStringLiteral("importButton"));
    m_importButton->setEnabled(false);
    m_closeButton = m_buttons->addButton(QDialogButtonBox::Close);
    m_closeButton->setObjectName(QStringLiteral("closeButton"));
    setCloseButton(m_closeButton);
    connect(m_importButton, &QPushButton::clicked, this, &ImportPreviewDialog::startImport);
    connect(m_closeButton, &QPushButton::clicked, this, &ImportPreviewDialog::reject);
    layout->addWidget(m_buttons);

    m_summary->hide();
    m_tabs->hide();
}

QWidget *ImportPreviewDialog::buildSummary()
{
    auto *box = new QGroupBox(tr("Against the open store"), this);
    auto *grid = new QGridLayout(box);
    grid->setHorizontalSpacing(16);
    const std::array<std::pair<QString, QString>, 4> rows{{
        {tr("New"), tr("not in the store: added")},
        {tr("Changed"), tr("a later version of a stored memory")},
        {tr("Conflicting"), tr("same id, but the stored copy is newer or another memory")},
        {tr("Identical"), tr("already in the store: left alone")},
    }};
    const std::array<const char *, 4> names{"newCountLabel", "changedCountLabel", "conflictingCountLabel",
                                            "identicalCountLabel"};
    m_changedCombo = actionCombo(QStringLiteral("changedActionCombo"), box);
    m_conflictingCombo = actionCombo(QStringLiteral("conflictingActionCombo"), box);
    for (int i = 0; i < 4; ++i) {
        auto *name = plainLabel(rows[std::size_t(i)].first, box);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        m_counts[i] = plainLabel(QStringLiteral("0"), box);
        m_counts[i]->setObjectName(QString::fromLatin1(names[std::size_t(i)]));
        m_counts[i]->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_counts[i]->setMinimumWidth(48);
        grid->addWidget(name, i, 0);
        grid->addWidget(m_counts[i], i, 1);
        if (i == 1)
            grid->addWidget(m_changedCombo, i, 2);
        else if (i == 2)
            grid->addWidget(m_conflictingCombo, i, 2);
        auto *explain = plainLabel(rows[std::size_t(i)].second, box);
        makeMuted(explain);
        grid->addWidget(explain, i, i == 1 || i == 2 ? 3 : 2, 1, i == 1 || i == 2 ? 1 : 2);
    }
    m_conflictingCombo->setCurrentIndex(m_conflictingCombo->findData(int(ImportAction::Skip)));
    m_setCounts = plainLabel(QString(), box);
    m_setCounts->setObjectName(QStringLiteral("setCountsLabel"));
    m_setCounts->setWordWrap(true);
    grid->addWidget(m_setCounts, 4, 0, 1, 4);
    grid->setColumnStretch(3, 1);
    auto onKind = [this]() {
        io::ImportPolicy p = m_items->policy();
        p.changed = ImportAction(m_changedCombo->currentData().toInt());
        p.conflicting = ImportAction(m_conflictingCombo->currentData().toInt());
        m_items->setPolicy(p);
        updateOutcome();
    };
    connect(m_changedCombo, &QComboBox::currentIndexChanged, this, onKind);
    connect(m_conflictingCombo, &QComboBox::currentIndexChanged, this, onKind);
    return box;
}

QWidget *ImportPreviewDialog::buildItemsTab()
{
    auto *page = new QWidget(this);
    auto *layout = new QVBoxLayout(page);
    auto *row = new QHBoxLayout;
    row->addWidget(plainLabel(tr("For the selected memories:"), page));
    const std::array<std::tuple<QString, QString, std::optional<ImportAction>>, 4> buttons{{
        {tr("Kind's Choice"), QStringLiteral("itemDefaultButton"), std::nullopt},
        {tr("Skip"), QStringLiteral("itemSkipButton"), ImportAction::Skip},
        {tr("Overwrite"), QStringLiteral("itemOverwriteButton"), ImportAction::Overwrite},
        {tr("Keep Both"), QStringLiteral("itemKeepBothButton"), ImportAction::KeepBoth},
    }};
    for (const auto &[text, name, action] : buttons) {
        auto *button = new QPushButton(text, page);
        button->setObjectName(name);
        row->addWidget(button);
        m_itemButtons << button;
        connect(button, &QPushButton::clicked, this, [this, action = action]() { overrideSelected(action); });
    }
    row->addStretch(1);
    layout->addLayout(row);

    m_items = new ImportItemsModel(this);
    m_itemView = new QTableView(page);
    m_itemView->setObjectName(QStringLiteral("importItemView"));
    m_itemView->setModel(m_items);
    m_itemView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_itemView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_itemView->setWordWrap(false);
    m_itemView->verticalHeader()->hide();
    m_itemView->verticalHeader()->setDefaultSectionSize(m_itemView->fontMetrics().height() + 10);
    // The incoming and the stored content share what the fixed columns leave.
    m_itemView->horizontalHeader()->setSectionResizeMode(ImportItemsModel::ContentColumn, QHeaderView::Stretch);
    m_itemView->horizontalHeader()->setSectionResizeMode(ImportItemsModel::StoredColumn, QHeaderView::Stretch);
    m_itemView->setColumnWidth(ImportItemsModel::KindColumn, 100);
    m_itemView->setColumnWidth(ImportItemsModel::ActionColumn, 150);
    m_itemView->setColumnWidth(ImportItemsModel::IdColumn, 110);
    layout->addWidget(m_itemView);
    return page;
}

void ImportPreviewDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (m_state == State::Idle)
        start();
}

void ImportPreviewDialog::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    const bool ready = state == State::Ready;
    m_importButton->setEnabled(ready);
    m_changedCombo->setEnabled(ready && !m_reading.plan.preview.changedIds.isEmpty());
    m_conflictingCombo->setEnabled(ready && !m_reading.plan.preview.conflictingIds.isEmpty());
    for (QPushButton *button : m_itemButtons)
        button->setEnabled(ready);
    Q_EMIT stateChanged(state);
}

void ImportPreviewDialog::start()
{
    if (m_state != State::Idle)
        return;
    if (!m_session || !m_session->store()) {
        showError(tr("No store is open."));
        setState(State::Failed);
        return;
    }
    runJob<ImportReading>(
        tr("Reading %1…").arg(QFileInfo(m_path).fileName()),
        [path = m_path, storePath = m_session->path(), config = m_session->config()](JobControl &control) {
            return ImportJob::read(path, storePath, config, control);
        },
        [this](Result<ImportReading> result) { finishReading(std::move(result)); });
    setState(State::Reading);
}

void ImportPreviewDialog::finishReading(Result<ImportReading> result)
{
    if (!result) {
        showError(result.error().message);
        m_title->setText(tr("Nothing to import from %1").arg(QFileInfo(m_path).fileName()));
        m_outcome->setText(tr("Nothing was written."));
        setState(State::Failed);
        return;
    }
    m_reading = std::move(result).value();
    showReading();
    setState(State::Ready);
}

void ImportPreviewDialog::showReading()
{
    const io::ImportPreview &p = m_reading.plan.preview;
    m_title->setText(tr("%1 holds %n memories", nullptr, p.memories()).arg(p.sourceName));
    const std::array<qsizetype, 4> counts{p.newIds.size(), p.changedIds.size(), p.conflictingIds.size(),
                                          p.identicalIds.size()};
    for (int i = 0; i < 4; ++i)
        m_counts[i]->setText(QString::number(counts[std::size_t(i)]));
    QStringList more{tr("%n links", nullptr, p.associations), tr("%n events", nullptr, p.events),
                     tr("%n recorded conflicts", nullptr, p.conflicts),
                     m_reading.plan.detection.skipped
                         ? tr("too many memories to check for contradictions now: the detection is queued and runs "
                              "in the background after the import")
                         : !m_reading.plan.detection.ran()
                         ? tr("contradiction detection skipped (it failed)")
                         : tr("%n contradictions detected", nullptr, int(p.contradictions.size()))};
    if (!p.problems.isEmpty())
        more << tr("%n parts skipped (see Problems)", nullptr, int(p.problems.size()));
    m_setCounts->setText(tr("In the set: %1.").arg(more.join(QStringLiteral(" · "))));

    std::vector<ImportItemsModel::Item> items;
    items.reserve(m_reading.set->memories.size());
    QHash<QString, ImportKind> kinds;
    for (const QString &id : p.newIds)
        kinds.insert(id, ImportKind::New);
    for (const QString &id : p.changedIds)
        kinds.insert(id, ImportKind::Changed);
    for (const QString &id : p.conflictingIds)
        kinds.insert(id, ImportKind::Conflicting);
    for (const QString &id : p.identicalIds)
        kinds.insert(id, ImportKind::Identical);
    // Sealed entries (incoming or stored) show "locked", level ≥ 2 is hidden in privacy mode.
    const bool privacy = m_session && m_session->privacyMode();
    for (const Memory &m : m_reading.set->memories) {
        const ImportKind kind = kinds.value(m.id, ImportKind::New);
        const auto stored = m_reading.stored.constFind(m.id);
        items.push_back({m.id, kind, MaskedText::shown(m, privacy),
                         stored == m_reading.stored.constEnd() ? QString() : MaskedText::shown(*stored, privacy)});
    }
    // Wide enough for the longest id among the first rows (agent ids are 8 characters,
    // Recollector's own 30): ids are what people compare, so they are not elided.
    int idWidth = 0;
    for (std::size_t i = 0; i < items.size() && i < 2000; ++i)
        idWidth = std::max(idWidth, m_itemView->fontMetrics().horizontalAdvance(items[i].id));
    m_itemView->setColumnWidth(ImportItemsModel::IdColumn, std::max(110, idWidth + 16));
    m_items->setItems(std::move(items));
    m_items->setPolicy(policy());
    m_tabs->setTabText(0, tr("Memories (%1)").arg(p.memories()));

    fillContradictions(false);

    QStringList lines = p.problems;
    if (!p.notes.isEmpty()) {
        lines << QString() << tr("Values guessed while migrating (%1):").arg(p.notes.size());
        constexpr int kShownNotes = 200;
        for (qsizetype i = 0; i < p.notes.size() && i < kShownNotes; ++i)
            lines << QStringLiteral("  ") + p.notes[i];
        if (p.notes.size() > kShownNotes)
            lines << tr("  … and %1 more").arg(p.notes.size() - kShownNotes);
    }
    if (!p.mapping.isEmpty()) { // another memory system's file: where each of its fields went
        lines << QString() << tr("How the file's fields were mapped:");
        for (const QString &line : p.mapping)
            lines << QStringLiteral("  ") + line;
    }
    m_problems->setPlainText(lines.isEmpty() ? tr("Every part of the source could be read.") : lines.join(QLatin1Char('\n')));
    m_tabs->setTabText(2, tr("Problems (%1)").arg(p.problems.size()));
    m_summary->show();
    m_tabs->show();
    updateOutcome();
}

void ImportPreviewDialog::fillContradictions(bool recorded)
{
    m_contradictionTable->setRowCount(0);
    auto add = [this](const QStringList &cells) {
        const int row = m_contradictionTable->rowCount();
        m_contradictionTable->insertRow(row);
        for (int c = 0; c < cells.size(); ++c)
            m_contradictionTable->setItem(row, c, new QTableWidgetItem(cells[c]));
    };
    if (recorded) {
        for (const Conflict &c : m_result.recorded) {
            add({QStringLiteral("#%1 (%2)").arg(c.id).arg(conflictStatusName(c.status)), conflictTypeName(c.type), c.a,
                 c.b, conflictResolutionName(c.resolution)});
            m_contradictionTable->item(m_contradictionTable->rowCount() - 1, 0)->setData(Qt::UserRole, c.id);
        }
    } else {
        for (const ConflictCandidate &c : m_reading.plan.detection.candidates)
            add({tr("not yet recorded"), conflictTypeName(c.type), c.older, c.newer, c.reason});
    }
    m_contradictionTable->resizeColumnsToContents();
    m_contradictionTable->horizontalHeader()->setStretchLastSection(true);
    const int n = m_contradictionTable->rowCount();
    m_tabs->setTabText(1, tr("Contradictions (%1)").arg(n));
    m_openConflict->setEnabled(recorded && n > 0);
    if (recorded && n > 0)
        m_contradictionTable->selectRow(0);
}

void ImportPreviewDialog::updateOutcome()
{
    if (m_state == State::Done || !m_reading.set)
        return;
    const io::ImportPolicy p = m_items->policy();
    int add = 0, update = 0, skip = 0, copies = 0;
    for (int row = 0; row < m_items->rowCount(); ++row) {
        const auto &it = m_items->item(row);
        switch (p.actionFor(it.id, it.kind)) {
        case ImportAction::Skip:
            ++skip;
            break;
        case ImportAction::Overwrite:
            (it.kind == ImportKind::New ? add : update) += 1;
            break;
        case ImportAction::KeepBoth:
            ++add;
            ++copies;
            break;
        }
    }
    QString text = tr("On import: %1 added (%2 as copies), %3 overwritten, %4 skipped.")
                       .arg(add).arg(copies).arg(update).arg(skip);
    if (!p.overrides.isEmpty())
        text += QLatin1Char(' ') + tr("%n chosen one by one.", nullptr, int(p.overrides.size()));
    text += QLatin1Char(' ') + tr("Nothing is written until you press Import; it is one transaction.");
    m_outcome->setText(text);
}

void ImportPreviewDialog::setKindAction(ImportKind kind, ImportAction action)
{
    QComboBox *combo = kind == ImportKind::Changed ? m_changedCombo
                       : kind == ImportKind::Conflicting ? m_conflictingCombo : nullptr;
    if (combo)
        combo->setCurrentIndex(combo->findData(int(action)));
}

void ImportPreviewDialog::setItemAction(const QString &id, std::optional<ImportAction> action)
{
    const int row = m_items->rowOf(id);
    if (row >= 0 && m_items->setOverride({row}, action) > 0)
        updateOutcome();
}

void ImportPreviewDialog::overrideSelected(std::optional<ImportAction> action)
{
    QList<int> rows;
    for (const QModelIndex &index : m_itemView->selectionModel()->selectedRows())
        rows << index.row();
    if (m_items->setOverride(rows, action) > 0)
        updateOutcome();
}

io::ImportPolicy ImportPreviewDialog::policy() const
{
    io::ImportPolicy p = m_items->policy();
    p.changed = ImportAction(m_changedCombo->currentData().toInt());
    p.conflicting = ImportAction(m_conflictingCombo->currentData().toInt());
    return p;
}

void ImportPreviewDialog::startImport()
{
    if (m_state != State::Ready || !m_session->store())
        return;
    m_errorLabel->hide();
    m_error.clear();
    m_outcome->setText(tr("Importing in one transaction: Cancel leaves the store exactly as it was."));
    runJob<io::ImportOutcome>(
        tr("Importing…"),
        [storePath = m_session->path(), config = m_session->config(), set = m_reading.set, plan = m_reading.plan,
         choices = policy()](JobControl &control) {
            return ImportJob::apply(storePath, config, *set, plan, choices, control);
        },
        [this](Result<io::ImportOutcome> result) { finishImport(std::move(result)); });
    setState(State::Importing);
}

void ImportPreviewDialog::finishImport(Result<io::ImportOutcome> result)
{
    if (!result) {
        const bool cancelled = isCancelled(result.error());
        if (!cancelled)
            showError(result.error().message);
        setState(State::Ready); // nothing was written: the user may choose again
        updateOutcome();
        if (cancelled)
            m_outcome->setText(tr("Import cancelled; nothing was written.") + QLatin1Char(' ') + m_outcome->text());
        return;
    }
    m_result = std::move(result).value();
    const io::ImportReport &r = m_result.report;
    m_outcome->setText(tr("Imported %1: %2 added (%3 as copies), %4 overwritten, %5 skipped; %6 links, %7 events, "
                          "%8 contradictions recorded.")
                           .arg(m_reading.plan.preview.sourceName)
                           .arg(r.added).arg(r.keptBoth).arg(r.updated).arg(r.skipped)
                           .arg(r.associations).arg(r.events).arg(m_result.recorded.size()));
    if (!r.restated.isEmpty())
        m_outcome->setText(m_outcome->text() + QLatin1Char(' ')
                           + (r.restated.size() == 1
                                  ? tr("1 said again what a memory already holds: that memory was reinforced instead.")
                                  : tr("%1 said again what memories already hold: those were reinforced instead.")
                                        .arg(r.restated.size())));
    if (!r.warnings.isEmpty())
        m_problems->appendPlainText(QStringLiteral("\n") + r.warnings.join(QLatin1Char('\n')));
    fillContradictions(true);
    if (!m_result.recorded.empty())
        m_tabs->setCurrentIndex(1);
    setState(State::Done);
    m_session->reload();
    Q_EMIT imported();
}

void ImportPreviewDialog::showError(const QString &message)
{
    m_error = message;
    m_errorLabel->setText(message);
    m_errorLabel->show();
}

void ImportPreviewDialog::requestSelectedConflict()
{
    if (m_state != State::Done)
        return;
    const int row = m_contradictionTable->currentRow();
    QTableWidgetItem *item = row >= 0 ? m_contradictionTable->item(row, 0) : nullptr;
    if (item && item->data(Qt::UserRole).isValid())
        Q_EMIT conflictOpenRequested(item->data(Qt::UserRole).toLongLong());
}

} // namespace recollector::ui
