#pragma once

#include "io/ImportPreview.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace recollector::ui {

/// The incoming memories of an import preview, one row each: how the memory relates to the
/// store (kind), what the import will do with it (the kind's choice, or the user's choice for
/// that memory), its id and content, and the stored content it would replace. Holds copies;
/// no SQL in data(). Rows: conflicting, changed, new, identical (the ones needing a decision
/// first), each group in the set's order.
class ImportItemsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ImportItemsModel)

public:
    enum Column { KindColumn, ActionColumn, IdColumn, ContentColumn, StoredColumn, ColumnCount };
    enum Role {
        ItemIdRole = Qt::UserRole + 300, ///< QString incoming id
        KindRole,                        ///< int(core::io::ImportKind)
        ActionRole,                      ///< int(core::io::ImportAction) in effect
        OverriddenRole,                  ///< bool: chosen for this memory
    };

    struct Item
    {
        QString id;
        core::io::ImportKind kind = core::io::ImportKind::New;
        QString content;
        QString storedContent; ///< changed / conflicting only
    };

    explicit ImportItemsModel(QObject *parent = nullptr);

    void setItems(std::vector<Item> items);
    /// The kinds' choices (changed / conflicting); overrides are kept.
    void setPolicy(const core::io::ImportPolicy &policy);
    /// Sets (or, with nullopt, clears) the choice for these rows. Identical rows take none;
    /// a new row takes only Skip (anything else clears it). Returns the rows changed.
    int setOverride(const QList<int> &rows, std::optional<core::io::ImportAction> action);
    /// The kinds' choices with the per-memory ones.
    core::io::ImportPolicy policy() const;
    int rowOf(const QString &id) const;
    const Item &item(int row) const { return m_items[std::size_t(row)]; }

    static QString kindText(core::io::ImportKind kind);
    /// "add", "skip", "overwrite", "keep both", "leave (identical)".
    static QString actionText(core::io::ImportKind kind, core::io::ImportAction action);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Item> m_items;
    core::io::ImportPolicy m_policy;
};

} // namespace recollector::ui
