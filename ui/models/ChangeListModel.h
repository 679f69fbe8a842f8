#pragma once

#include "engine/review/ChangeList.h"

#include <QAbstractTableModel>

#include <functional>
#include <vector>

namespace recollector::ui {

/// The review inbox's rows (core::ChangeList): when, what changed and by whom, the memory.
/// Display only; the dialog keeps the query. The memory's text is worded only for the rows a
/// view asks for (a list can hold hundreds of thousands of rows, the window shows a few dozen),
/// by the function the dialog gives (the snapshot's preview, or the mask of a sealed text).
class ChangeListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChangeListModel)

public:
    enum Column { When = 0, Change, Memory, ColumnCount };

    explicit ChangeListModel(QObject *parent = nullptr) : QAbstractTableModel(parent) {}
    ~ChangeListModel() override;

    /// The text of a row's memory; an empty text: the memory is no longer in the store.
    using PreviewOf = std::function<QString(const core::ChangeRow &)>;

    void setRows(std::vector<core::ChangeRow> rows, core::Millis now);
    /// Where the rows' texts come from.
    void setPreviewOf(PreviewOf previewOf) { m_previewOf = std::move(previewOf); }
    /// The text shown for a row's memory, worded when asked.
    QString preview(const core::ChangeRow &row) const;
    const std::vector<core::ChangeRow> &rows() const { return m_rows; }
    const core::ChangeRow *row(int index) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    /// A list this long is freed on a worker: its rows' ids are freed one by one, a pause the
    /// window would otherwise take at each reload (docs/performance.md, `changes_ms`).
    static constexpr std::size_t kFreeOnWorkerFrom = 10000;
    static void release(std::vector<core::ChangeRow> rows);

    std::vector<core::ChangeRow> m_rows;
    core::Millis m_now = 0;
    PreviewOf m_previewOf;
};

} // namespace recollector::ui
