#include "views/MemoryTableView.h"

#include "delegates/StrengthDelegate.h"
#include "models/MemoryTableModel.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QStyle>
#include <QToolTip>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace recollector::ui {

MemoryTableView::MemoryTableView(QWidget *parent) : QTableView(parent)
{
    setObjectName(QStringLiteral("memoryTable"));
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    setShowGrid(false);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    setSortingEnabled(true);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    setItemDelegate(new StrengthDelegate(this));

    // Fixed row height: QHeaderView never measures rows, which is what keeps 1M rows cheap.
    QHeaderView *rows = verticalHeader();
    rows->setSectionResizeMode(QHeaderView::Fixed);
    rows->setDefaultSectionSize(fontMetrics().height() + 10);
    rows->hide();

    QHeaderView *columns = horizontalHeader();
    columns->setSectionsMovable(true);
    columns->setHighlightSections(false);
    columns->setStretchLastSection(false);
    columns->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    columns->setContextMenuPolicy(Qt::CustomContextMenu);
    columns->setSortIndicatorShown(true);
    columns->setSortIndicator(-1, Qt::AscendingOrder);
    connect(columns, &QHeaderView::customContextMenuRequested, this, &MemoryTableView::showHeaderMenu);
}

void MemoryTableView::setMemoryModel(MemoryTableModel *model)
{
    m_model = model;
    setModel(model);
    resetColumns();
    connect(model, &QAbstractItemModel::modelReset, this, &MemoryTableView::followTitles);
    connect(model, &QAbstractItemModel::rowsInserted, this, &MemoryTableView::followTitles);
    connect(model, &QAbstractItemModel::layoutChanged, this, &MemoryTableView::followTitles);
}

QModelIndex MemoryTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    m_movingAcross = cursorAction == MoveLeft || cursorAction == MoveRight || cursorAction == MoveHome
        || cursorAction == MoveEnd;
    return QTableView::moveCursor(cursorAction, modifiers);
}

void MemoryTableView::keyPressEvent(QKeyEvent *event)
{
    QTableView::keyPressEvent(event);
    m_movingAcross = false; // a move that went nowhere asked for no scroll
}

void MemoryTableView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    const bool across = std::exchange(m_movingAcross, false);
    if (across) {
        QTableView::scrollTo(index, hint);
        return;
    }
    QScrollBar *bar = horizontalScrollBar();
    const int kept = bar->value();
    QTableView::scrollTo(index, hint);
    bar->setValue(kept);
}

void MemoryTableView::followTitles()
{
    if (!m_model)
        return;
    if (!m_model->hasTitles()) {
        // Another store, without names: the two columns would stay empty, taking the width.
        if (m_titlesShown) {
            horizontalHeader()->setSectionHidden(NameColumn, true);
            horizontalHeader()->setSectionHidden(DescriptionColumn, true);
            m_titlesShown = false;
        }
        return;
    }
    if (m_titlesShown)
        return;
    m_titlesShown = true;
    QHeaderView *columns = horizontalHeader();
    columns->setSectionHidden(NameColumn, false);
    columns->setSectionHidden(DescriptionColumn, false);
    // A section shown again keeps the size it had when it was hidden (none): size them here.
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    columns->resizeSection(NameColumn, 14 * em);
    columns->resizeSection(DescriptionColumn, 24 * em);
    columns->moveSection(columns->visualIndex(NameColumn), 0);
    columns->moveSection(columns->visualIndex(DescriptionColumn), 1);
}

void MemoryTableView::resetColumns()
{
    QHeaderView *columns = horizontalHeader();
    const int em = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    for (int c = 0; c < ColumnCount; ++c) {
        columns->setSectionHidden(c, !isDefaultVisible(Column(c)));
        columns->moveSection(columns->visualIndex(c), c);
    }
    // The level reads best beside the tier it usually follows from (weak → compressed).
    columns->moveSection(columns->visualIndex(LevelColumn), TierColumn + 1);
    columns->resizeSection(ContentColumn, 40 * em);
    columns->resizeSection(CategoryColumn, 11 * em);
    columns->resizeSection(StrengthColumn, 10 * em);
    columns->resizeSection(TierColumn, 7 * em);
    columns->resizeSection(ScoreColumn, 5 * em);
    columns->resizeSection(ConfidenceColumn, 6 * em);
    for (int c : {CreatedColumn, LastReinforcedColumn, UpdatedColumn, LastAccessedColumn})
        columns->resizeSection(c, 9 * em);
    columns->resizeSection(AccessesColumn, 5 * em);
    columns->resizeSection(ProjectColumn, 10 * em);
    columns->resizeSection(SourceColumn, 6 * em);
    columns->resizeSection(VerifiedColumn, 5 * em);
    columns->resizeSection(FlagsColumn, 5 * em);
    columns->resizeSection(KeywordsColumn, 16 * em);
    columns->resizeSection(IdColumn, 16 * em);
    columns->resizeSection(LevelColumn, 14 * em);
    columns->resizeSection(NameColumn, 14 * em);
    columns->resizeSection(DescriptionColumn, 24 * em);
    // No header title and no date is cut at the default widths: a column is at least as wide
    // as its title (with the sort arrow) and a date column as a full date and time.
    const int margin = 2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1) + 8;
    const int dateWidth = fontMetrics().horizontalAdvance(QStringLiteral("2026-12-31 23:59")) + margin;
    for (int c = 0; c < ColumnCount; ++c) {
        int width = std::max(columns->sectionSize(c), columns->sectionSizeHint(c));
        if (c == CreatedColumn || c == LastReinforcedColumn || c == UpdatedColumn || c == LastAccessedColumn)
            width = std::max(width, dateWidth);
        columns->resizeSection(c, width);
    }
    m_titlesShown = false;
    followTitles();
}

bool MemoryTableView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && model()) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QModelIndex index = indexAt(help->pos());
        if (index.isValid() && !index.data(Qt::ToolTipRole).isValid()) {
            const QString text = index.data(Qt::DisplayRole).toString();
            const QRect cell = visualRect(index);
            if (!text.isEmpty() && fontMetrics().horizontalAdvance(text) + 8 > cell.width()) {
                // Escaped inside a paragraph: memory text shows as typed, never as markup.
                QToolTip::showText(help->globalPos(),
                                   QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(text.toHtmlEscaped()),
                                   viewport(), cell);
                return true;
            }
        }
    }
    return QTableView::viewportEvent(event);
}

QStringList MemoryTableView::selectedIds() const
{
    QStringList ids;
    if (!m_model || !selectionModel())
        return ids;
    QModelIndexList rows = selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    ids.reserve(rows.size());
    for (const QModelIndex &index : rows)
        ids.append(m_model->idAt(index.row()));
    return ids;
}

QString MemoryTableView::currentId() const
{
    return m_model && currentIndex().isValid() ? m_model->idAt(currentIndex().row()) : QString();
}

void MemoryTableView::paintEvent(QPaintEvent *event)
{
    QTableView::paintEvent(event);
    if (const QString message = emptyMessage(); !message.isEmpty()) {
        QPainter painter(viewport());
        painter.setPen(palette().color(QPalette::PlaceholderText));
        const QRect area = viewport()->rect().adjusted(24, 24, -24, -24);
        painter.drawText(area, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, message);
    }
    if (!m_painted && m_model && m_model->rowCount() > 0) {
        m_painted = true;
        // Queued: let this paint reach the screen before anyone reacts (e.g. quits).
        QTimer::singleShot(0, this, &MemoryTableView::firstPaintWithRows);
    }
    Q_EMIT painted();
}

QString MemoryTableView::emptyMessage() const
{
    if (!m_model || m_model->rowCount() > 0)
        return {};
    if (m_model->totalCount() == 0)
        return tr("This store holds no memories yet.\nAdd one with Memory ▸ New… (Ctrl+N), or import a memory "
                  "file with File ▸ Import….");
    return tr("No memory matches the search and filters.\nClear the search box, choose \"All …\" in the "
              "filter bar, or show everything (review) to see the %n memories of this store.",
              nullptr, int(m_model->totalCount()));
}

void MemoryTableView::contextMenuEvent(QContextMenuEvent *event)
{
    const QModelIndex index = indexAt(viewport()->mapFromGlobal(event->globalPos()));
    if (index.isValid() && !selectionModel()->isRowSelected(index.row(), {}))
        selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    Q_EMIT contextMenuRequestedAt(event->globalPos());
}

void MemoryTableView::showHeaderMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("columnMenu"));
    QHeaderView *columns = horizontalHeader();
    int visible = 0;
    for (int c = 0; c < ColumnCount; ++c)
        visible += columns->isSectionHidden(c) ? 0 : 1;
    for (int c = 0; c < ColumnCount; ++c) {
        QAction *action = menu.addAction(columnTitle(Column(c)));
        action->setCheckable(true);
        action->setChecked(!columns->isSectionHidden(c));
        // Never let the last visible column go: a table without columns cannot get them back.
        action->setEnabled(columns->isSectionHidden(c) || visible > 1);
        connect(action, &QAction::toggled, this, [columns, c](bool on) { columns->setSectionHidden(c, !on); });
    }
    menu.addSeparator();
    menu.addAction(tr("Reset columns"), this, &MemoryTableView::resetColumns);
    menu.exec(columns->viewport()->mapToGlobal(pos));
}

} // namespace recollector::ui
