#pragma once

#include "engine/review/Cleanup.h"

#include <QAbstractTableModel>
#include <QHash>

namespace engram::ui {

/// The actions of a cleanup plan, one row each in the plan's order (purge, delete, compress,
/// archive; weakest first in each): what will happen, to which memory (id and content), its
/// score under the profile and the reason. Holds copies; no SQL in data().
class CleanupPlanModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CleanupPlanModel)

public:
    enum Column { ActionColumn, IdColumn, ContentColumn, ScoreColumn, ReasonColumn, ColumnCount };
    enum Role {
        MemoryIdRole = Qt::UserRole + 400, ///< QString
        KindRole,                          ///< int(core::CleanupKind)
        ScoreValueRole,                    ///< double
    };

    explicit CleanupPlanModel(QObject *parent = nullptr);

    /// `contents`: memory id → content, for the Content column.
    void setPlan(core::CleanupPlan plan, QHash<QString, QString> contents);
    const core::CleanupPlan &plan() const { return m_plan; }
    const core::CleanupAction &action(int row) const { return m_plan.actions[std::size_t(row)]; }

    /// "Archive", "Compress", "Delete", "Purge".
    static QString kindTitle(core::CleanupKind kind);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    core::CleanupPlan m_plan;
    QHash<QString, QString> m_contents;
};

} // namespace engram::ui
