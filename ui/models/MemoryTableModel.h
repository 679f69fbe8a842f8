#pragma once

#include "models/Roles.h"
#include "snapshot/SnapshotView.h"

#include <QAbstractTableModel>
#include <QList>
#include <QPixmap>

namespace recollector::ui {

class StoreSession;

/// The memory table: a QAbstractTableModel over the session's snapshot, already filtered and
/// sorted by a core::SnapshotView (a QSortFilterProxyModel calling data() per comparison does
/// not hold at a million rows). Never touches SQL. Turns the session's notifications into
/// exact row signals:
/// - a few rows changed → dataChanged / beginMoveRows / beginInsertRows / beginRemoveRows;
/// - sort, a new profile or evaluation date with the same visible set → layoutChanged with the
///   persistent indexes (selection, current) carried over;
/// - a new filter or a whole new snapshot → model reset (SelectionKeeper puts the selection back).
class MemoryTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemoryTableModel)

public:
    explicit MemoryTableModel(StoreSession *session, QObject *parent = nullptr);
    ~MemoryTableModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    QHash<int, QByteArray> roleNames() const override;

    void setFilter(const core::SnapshotFilter &filter);
    const core::SnapshotFilter &filter() const { return m_view.filter(); }
    /// -1 when unsorted (store order).
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    /// The id shown in a row, or empty.
    QString idAt(int row) const;
    /// The visible row of a memory, or -1 when it is filtered out or unknown.
    int rowOfId(const QString &id) const;
    /// Memories per tier in the whole store (deleted ones left out), for the status bar.
    std::array<qint64, core::kTierCount> tierCounts() const { return m_view.tierCounts(); }
    /// Live memories in the snapshot (what the filter chooses from).
    qint64 totalCount() const;
    const core::SnapshotView &view() const { return m_view; }
    /// Whether some memory has its own name or description (an attached Claude Code folder).
    bool hasTitles() const;

    /// Changes above this many rows are applied as one layout change / reset instead of
    /// row by row (each row move shifts the order array).
    static constexpr int kIncrementalLimit = 500;

Q_SIGNALS:
    /// After any change of the rows (count, order, values), for status bars and counters.
    void contentsChanged();

private:
    void onAboutToReload();
    void onReloaded();
    void onRowsRefreshed(const QList<quint32> &rows);
    void reevaluateAll();
    void applyOrder(std::vector<std::uint32_t> order);
    QVariant displayValue(std::uint32_t row, int column) const;
    /// The content as the table shows it: "locked", masked in privacy mode, or the text.
    QString shownContent(std::uint32_t row) const;
    QVariant sortValue(std::uint32_t row, int column) const;
    QString flagText(std::uint32_t row) const;

    StoreSession *m_session;
    core::SnapshotView m_view;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    bool m_resetting = false;
    QPixmap m_permanentMark;
};

} // namespace recollector::ui
