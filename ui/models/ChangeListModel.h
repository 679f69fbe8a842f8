#pragma once

#include "engine/review/ChangeList.h"

#include <QAbstractTableModel>

#include <vector>

namespace recollector::ui {

/// The review inbox's rows (core::ChangeList): when, what changed and by whom, the memory.
/// Display only; the dialog keeps the query.
class ChangeListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChangeListModel)

public:
    enum Column { When = 0, Change, Memory, ColumnCount };

    explicit ChangeListModel(QObject *parent = nullptr) : QAbstractTableModel(parent) {}

    void setRows(std::vector<core::ChangeRow> rows, core::Millis now);
    const std::vector<core::ChangeRow> &rows() const { return m_rows; }
    const core::ChangeRow *row(int index) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<core::ChangeRow> m_rows;
    core::Millis m_now = 0;
};

} // namespace recollector::ui
