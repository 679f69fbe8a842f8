#include "models/SelectionKeeper.h"

#include "models/MemoryTableModel.h"

#include <QAbstractItemView>
#include <QItemSelectionModel>
#include <QScrollBar>

#include <algorithm>

namespace recollector::ui {

SelectionKeeper::SelectionKeeper(QAbstractItemView *view, MemoryTableModel *model, QObject *parent)
    : QObject(parent), m_view(view), m_model(model)
{
    connect(model, &QAbstractItemModel::modelAboutToBeReset, this, &SelectionKeeper::save);
    connect(model, &QAbstractItemModel::modelReset, this, &SelectionKeeper::restore);
    connect(model, &QAbstractItemModel::rowsAboutToBeRemoved, this,
            [this](const QModelIndex &, int first, int last) { onRowsAboutToBeRemoved(first, last); });
    connect(model, &QAbstractItemModel::rowsRemoved, this, &SelectionKeeper::onRowsRemoved);
}

void SelectionKeeper::onRowsAboutToBeRemoved(int first, int last)
{
    m_successorRow = -1;
    QItemSelectionModel *selection = m_view->selectionModel();
    if (!selection || !selection->hasSelection())
        return;
    for (const QItemSelectionRange &range : selection->selection()) {
        if (range.top() < first || range.bottom() > last)
            return; // some of the selection stays
    }
    m_successorRow = first;
}

void SelectionKeeper::onRowsRemoved()
{
    const int position = m_successorRow;
    m_successorRow = -1;
    if (position >= 0)
        selectRowAt(position);
}

void SelectionKeeper::selectRowAt(int position)
{
    QItemSelectionModel *selection = m_view->selectionModel();
    const int rows = m_model->rowCount();
    if (!selection || rows == 0 || position < 0)
        return;
    const QModelIndex index = m_model->index(std::min(position, rows - 1), 0);
    selection->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void SelectionKeeper::save()
{
    m_selected.clear();
    m_current.clear();
    m_top.clear();
    QItemSelectionModel *selection = m_view->selectionModel();
    if (!selection)
        return;
    // Count before listing: selectedRows() of a huge selection is itself expensive.
    qint64 count = 0;
    for (const QItemSelectionRange &range : selection->selection())
        count += range.height();
    if (count <= kMaxKept) {
        for (const QModelIndex &index : selection->selectedRows())
            m_selected.append(m_model->idAt(index.row()));
    }
    m_current = m_model->idAt(selection->currentIndex().row());
    m_currentRow = selection->currentIndex().row();
    m_hadSelection = selection->hasSelection();
    m_filter = m_model->filter();
    const QModelIndex top = m_view->indexAt(QPoint(0, 0));
    m_top = top.isValid() ? m_model->idAt(top.row()) : QString();
    m_horizontal = m_view->horizontalScrollBar()->value();
    m_saved = true;
}

void SelectionKeeper::restore()
{
    if (!m_saved)
        return;
    m_saved = false;
    QItemSelectionModel *selection = m_view->selectionModel();
    if (!selection)
        return;
    std::vector<int> rows;
    rows.reserve(std::size_t(m_selected.size()));
    for (const QString &id : std::as_const(m_selected)) {
        const int row = m_model->rowOfId(id);
        if (row >= 0)
            rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end());
    QItemSelection restored;
    const int lastColumn = m_model->columnCount() - 1;
    for (std::size_t i = 0; i < rows.size();) {
        std::size_t j = i + 1;
        while (j < rows.size() && rows[j] == rows[j - 1] + 1)
            ++j;
        restored.select(m_model->index(rows[i], 0), m_model->index(rows[j - 1], lastColumn));
        i = j;
    }
    if (restored.isEmpty() && m_hadSelection && m_currentRow >= 0 && m_model->filter() == m_filter) {
        // The selection left the table under the same filter (a decision, a reload): the next
        // visible row takes its place. A filter the user changed selects nothing new.
        selectRowAt(m_currentRow);
        return;
    }
    selection->select(restored, QItemSelectionModel::ClearAndSelect);
    const int current = m_model->rowOfId(m_current);
    if (current >= 0)
        selection->setCurrentIndex(m_model->index(current, 0), QItemSelectionModel::NoUpdate);
    const int top = m_model->rowOfId(m_top);
    if (top >= 0)
        m_view->scrollTo(m_model->index(top, 0), QAbstractItemView::PositionAtTop);
    m_view->horizontalScrollBar()->setValue(m_horizontal);
}

void SelectionKeeper::select(const QStringList &ids, bool scroll)
{
    m_hadSelection = false; // an explicit choice: nothing takes its place
    m_selected = ids;
    m_current = ids.isEmpty() ? QString() : ids.first();
    m_top.clear();
    m_horizontal = m_view->horizontalScrollBar()->value();
    m_saved = true;
    restore();
    const int current = m_model->rowOfId(m_current);
    if (scroll && current >= 0)
        m_view->scrollTo(m_model->index(current, 0), QAbstractItemView::EnsureVisible);
}

} // namespace recollector::ui
