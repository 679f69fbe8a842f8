#pragma once

#include "engine/review/Cleanup.h"

#include <QAbstractTableModel>
#include <QHash>

namespace recollector::ui {

/// The actions of a cleanup plan, one row each in the plan's order (purge, delete, compress,
/// archive; weakest first in each): what will happen, to which memory (id and content), its
/// score under the profile and the reason. Holds copies; no SQL in data(). Each row has a
/// check box in the Action column: every action starts included, and the user may leave
/// any out (includedPlan() is what an apply writes).
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
    /// The plan without the rows the user left out.
    core::CleanupPlan includedPlan() const;
    int includedCount() const;
    bool isIncluded(int row) const { return m_included[std::size_t(row)]; }
    void setIncluded(int row, bool included);

    /// "Archive", "Compress", "Delete", "Purge".
    static QString kindTitle(core::CleanupKind kind);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    /// A row was included or left out.
    void inclusionChanged();

private:
    std::vector<bool> m_included;
    core::CleanupPlan m_plan;
    QHash<QString, QString> m_contents;
};

} // namespace recollector::ui
