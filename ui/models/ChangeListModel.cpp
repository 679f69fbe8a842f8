#include "models/ChangeListModel.h"

#include "models/Roles.h"
#include "text/ChangeText.h"
#include "text/EventText.h"

#include "support/WorkerPool.h"

#include <QThreadPool>

#include <utility>

namespace recollector::ui {

ChangeListModel::~ChangeListModel() { release(std::move(m_rows)); }

void ChangeListModel::release(std::vector<core::ChangeRow> rows)
{
    if (rows.size() < kFreeOnWorkerFrom)
        return;
    // An id the window still shares (a selection) is safe: QString counts its owners atomically.
    // The window's pool, not Qt's, which the paint engine waits on.
    workerPool()->start([rows = std::move(rows)]() mutable { std::vector<core::ChangeRow>().swap(rows); });
}

void ChangeListModel::setRows(std::vector<core::ChangeRow> rows, core::Millis now)
{
    beginResetModel();
    std::vector<core::ChangeRow> old = std::exchange(m_rows, std::move(rows));
    m_now = now;
    endResetModel();
    release(std::move(old));
}

const core::ChangeRow *ChangeListModel::row(int index) const
{
    return index >= 0 && std::size_t(index) < m_rows.size() ? &m_rows[std::size_t(index)] : nullptr;
}

QString ChangeListModel::preview(const core::ChangeRow &row) const
{
    return m_previewOf ? m_previewOf(row) : QString();
}

int ChangeListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ChangeListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ChangeListModel::data(const QModelIndex &index, int role) const
{
    const core::ChangeRow *r = row(index.row());
    if (!r)
        return {};
    if (role == IdRole)
        return r->memoryId;
    if (role == Qt::ToolTipRole && index.column() == When)
        return EventText::localTime(r->at);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case When: return EventText::relative(r->at, m_now);
    case Change: return ChangeText::describe(*r);
    case Memory: {
        QString text = preview(*r);
        if (text.isEmpty())
            text = tr("(no longer in the store)");
        return text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    }
    default: return {};
    }
}

QVariant ChangeListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case When: return tr("When");
    case Change: return tr("Change");
    case Memory: return tr("Memory");
    default: return {};
    }
}

} // namespace recollector::ui
