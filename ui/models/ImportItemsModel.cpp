#include "models/ImportItemsModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core::io;

namespace {

int groupOf(ImportKind kind)
{
    switch (kind) {
    case ImportKind::Conflicting:
        return 0;
    case ImportKind::Changed:
        return 1;
    case ImportKind::New:
        return 2;
    case ImportKind::Identical:
        return 3;
    }
    return 4;
}

QString oneLine(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
    return out;
}

} // namespace

ImportItemsModel::ImportItemsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ImportItemsModel::setItems(std::vector<Item> items)
{
    std::stable_sort(items.begin(), items.end(),
                     [](const Item &a, const Item &b) { return groupOf(a.kind) < groupOf(b.kind); });
    beginResetModel();
    m_items = std::move(items);
    m_policy.overrides.clear();
    endResetModel();
}

void ImportItemsModel::setPolicy(const ImportPolicy &policy)
{
    m_policy.changed = policy.changed;
    m_policy.conflicting = policy.conflicting;
    if (!m_items.empty())
        Q_EMIT dataChanged(index(0, ActionColumn), index(rowCount() - 1, ActionColumn));
}

int ImportItemsModel::setOverride(const QList<int> &rows, std::optional<ImportAction> action)
{
    int changed = 0;
    for (int row : rows) {
        if (row < 0 || row >= rowCount())
            continue;
        const Item &it = m_items[std::size_t(row)];
        const bool allowed = action && it.kind != ImportKind::Identical
                             && (it.kind != ImportKind::New || *action == ImportAction::Skip);
        const bool had = m_policy.overrides.contains(it.id);
        if (allowed)
            m_policy.overrides.insert(it.id, *action);
        else
            m_policy.overrides.remove(it.id);
        if (allowed || had) {
            ++changed;
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
    }
    return changed;
}

ImportPolicy ImportItemsModel::policy() const { return m_policy; }

int ImportItemsModel::rowOf(const QString &id) const
{
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        if (m_items[i].id == id)
            return int(i);
    }
    return -1;
}

QString ImportItemsModel::kindText(ImportKind kind)
{
    switch (kind) {
    case ImportKind::New:
        return tr("new");
    case ImportKind::Changed:
        return tr("changed");
    case ImportKind::Conflicting:
        return tr("conflicting");
    case ImportKind::Identical:
        return tr("identical");
    }
    return {};
}

QString ImportItemsModel::actionText(ImportKind kind, ImportAction action)
{
    if (kind == ImportKind::Identical)
        return tr("leave (identical)");
    switch (action) {
    case ImportAction::Skip:
        return tr("skip");
    case ImportAction::Overwrite:
        return kind == ImportKind::New ? tr("add") : tr("overwrite");
    case ImportAction::KeepBoth:
        return tr("keep both");
    }
    return {};
}

int ImportItemsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int ImportItemsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ImportItemsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Item &it = m_items[std::size_t(index.row())];
    const ImportAction action = m_policy.actionFor(it.id, it.kind);
    const bool overridden = m_policy.overrides.contains(it.id) && it.kind != ImportKind::Identical;
    switch (role) {
    case ItemIdRole:
        return it.id;
    case KindRole:
        return int(it.kind);
    case ActionRole:
        return int(action);
    case OverriddenRole:
        return overridden;
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case KindColumn:
            return kindText(it.kind);
        case ActionColumn:
            return overridden ? tr("%1 (chosen)").arg(actionText(it.kind, action)) : actionText(it.kind, action);
        case IdColumn:
            return it.id;
        case ContentColumn:
            return oneLine(it.content);
        case StoredColumn:
            return oneLine(it.storedContent);
        case ColumnCount:
            break;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ContentColumn)
            return it.content;
        if (index.column() == StoredColumn)
            return it.storedContent;
        if (index.column() == ActionColumn && overridden)
            return tr("Chosen for this memory; the kind's choice does not apply to it");
        return {};
    case Qt::FontRole:
        if (index.column() == ActionColumn && overridden) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (action == ImportAction::Skip)
            return QBrush(QColor(0x70, 0x70, 0x70)); // what will not be written reads quieter
        if (index.column() == KindColumn && it.kind == ImportKind::Conflicting)
            return QBrush(QColor(0xb0, 0x3a, 0x2e));
        return {};
    default:
        return {};
    }
}

QVariant ImportItemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case KindColumn:
        return tr("Kind");
    case ActionColumn:
        return tr("Import will");
    case IdColumn:
        return tr("Id");
    case ContentColumn:
        return tr("Incoming content");
    case StoredColumn:
        return tr("Stored content");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace recollector::ui
