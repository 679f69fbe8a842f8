#include "models/CleanupPlanModel.h"

#include <QBrush>

#include <algorithm>
#include <QColor>

namespace recollector::ui {

using namespace recollector::core;

CleanupPlanModel::CleanupPlanModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CleanupPlanModel::setPlan(CleanupPlan plan, QHash<QString, QString> contents)
{
    beginResetModel();
    m_plan = std::move(plan);
    m_contents = std::move(contents);
    // A deletion is a deliberate choice: archiving and compressing come ticked, deleting and
    // purging do not.
    m_included.resize(m_plan.actions.size());
    for (std::size_t i = 0; i < m_plan.actions.size(); ++i) {
        const CleanupKind kind = m_plan.actions[i].kind;
        m_included[i] = kind == CleanupKind::Archive || kind == CleanupKind::Compress;
    }
    endResetModel();
    Q_EMIT inclusionChanged();
}

CleanupPlan CleanupPlanModel::includedPlan() const
{
    CleanupPlan out = m_plan;
    out.actions.clear();
    for (std::size_t i = 0; i < m_plan.actions.size(); ++i) {
        if (m_included[i])
            out.actions.push_back(m_plan.actions[i]);
    }
    return out;
}

int CleanupPlanModel::includedCount() const { return int(std::count(m_included.begin(), m_included.end(), true)); }

void CleanupPlanModel::setIncluded(int row, bool included)
{
    if (row < 0 || row >= rowCount() || m_included[std::size_t(row)] == included)
        return;
    m_included[std::size_t(row)] = included;
    const QModelIndex changed = index(row, ActionColumn);
    Q_EMIT dataChanged(changed, changed, {Qt::CheckStateRole});
    Q_EMIT inclusionChanged();
}

Qt::ItemFlags CleanupPlanModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == ActionColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool CleanupPlanModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.column() != ActionColumn || role != Qt::CheckStateRole)
        return false;
    setIncluded(index.row(), Qt::CheckState(value.toInt()) == Qt::Checked);
    return true;
}

QString CleanupPlanModel::kindTitle(CleanupKind kind)
{
    switch (kind) {
    case CleanupKind::Archive:
        return tr("Archive");
    case CleanupKind::Compress:
        return tr("Compress");
    case CleanupKind::Delete:
        return tr("Delete");
    case CleanupKind::Purge:
        return tr("Purge");
    }
    return {};
}

int CleanupPlanModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_plan.actions.size());
}

int CleanupPlanModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CleanupPlanModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const CleanupAction &a = m_plan.actions[std::size_t(index.row())];
    switch (role) {
    case MemoryIdRole:
        return a.memoryId;
    case KindRole:
        return int(a.kind);
    case ScoreValueRole:
        return a.score;
    case Qt::CheckStateRole:
        if (index.column() == ActionColumn)
            return m_included[std::size_t(index.row())] ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case ActionColumn:
            return kindTitle(a.kind);
        case IdColumn:
            return a.memoryId;
        case ContentColumn: {
            QString text = m_contents.value(a.memoryId);
            text.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
            return text;
        }
        case ScoreColumn:
            return QString::number(a.score, 'g', 3);
        case ReasonColumn:
            return a.reason;
        case ColumnCount:
            break;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ContentColumn)
            return m_contents.value(a.memoryId);
        if (index.column() == ReasonColumn)
            return a.reason;
        if (index.column() == ActionColumn)
            return tr("Untick to leave this memory out of the cleanup");
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == ScoreColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == ActionColumn) {
            switch (a.kind) {
            case CleanupKind::Purge:
            case CleanupKind::Delete:
                return QBrush(QColor(0xb0, 0x3a, 0x2e));
            case CleanupKind::Compress:
                return QBrush(QColor(0x8a, 0x5a, 0x00));
            case CleanupKind::Archive:
                return QBrush(QColor(0x2f, 0x5d, 0x8a));
            }
        }
        return {};
    default:
        return {};
    }
}

QVariant CleanupPlanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case ActionColumn:
        return tr("Action");
    case IdColumn:
        return tr("Memory");
    case ContentColumn:
        return tr("Content");
    case ScoreColumn:
        return tr("Score");
    case ReasonColumn:
        return tr("Why");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace recollector::ui
