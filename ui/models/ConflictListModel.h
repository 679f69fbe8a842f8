#pragma once

#include "model/Conflict.h"
#include "model/Result.h"

#include <QAbstractTableModel>
#include <QHash>

#include <vector>

namespace recollector::core {
class Store;
}

namespace recollector::ui {

/// The store's conflicts as rows (docs/scoring.md, "Conflicts"): number, type, the two contents
/// elided, when detected, status. A copy read by reload(); no SQL in data(). Open conflicts
/// first, then the rest, newest detection first within each.
class ConflictListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConflictListModel)

public:
    enum Column { IdColumn, TypeColumn, AColumn, BColumn, DetectedColumn, StatusColumn, ColumnCount };
    /// Roles of this model (not a memory model, so they live here, not in Roles.h).
    enum Role {
        ConflictIdRole = Qt::UserRole + 300, ///< qint64
        MemoryARole,                         ///< QString id
        MemoryBRole,                         ///< QString id
        OpenRole,                            ///< bool
    };

    explicit ConflictListModel(QObject *parent = nullptr);

    /// Re-reads the conflicts (only open ones when `openOnly`) and their memories' contents.
    /// Each memory's text as every view shows it (MaskedText: "locked", or hidden in privacy
    /// mode).
    [[nodiscard]] core::Status reload(core::Store *store, bool openOnly, core::Millis now, bool privacyMode = false);
    const core::Conflict &conflictAt(int row) const { return m_rows[size_t(row)].conflict; }
    /// The row of a conflict, or -1.
    int rowOf(qint64 conflictId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        core::Conflict conflict;
        QString contentA;
        QString contentB;
    };
    std::vector<Row> m_rows;
    core::Millis m_now = 0;
};

} // namespace recollector::ui
