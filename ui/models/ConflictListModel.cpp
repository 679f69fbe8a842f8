#include "models/ConflictListModel.h"

#include "text/ConflictText.h"
#include "store/Store.h"
#include "text/EventText.h"
#include "text/MaskedText.h"

#include <QBrush>
#include <QFont>

#include <algorithm>

namespace recollector::ui {

using namespace recollector::core;

namespace {

QString elided(const QString &text)
{
    const QString flat = text.simplified();
    constexpr int kMax = 90;
    return flat.size() > kMax ? flat.left(kMax - 1) + QChar(0x2026) : flat;
}

} // namespace

ConflictListModel::ConflictListModel(QObject *parent) : QAbstractTableModel(parent) {}

Status ConflictListModel::reload(Store *store, bool openOnly, Millis now, bool privacyMode)
{
    std::vector<Row> rows;
    if (store) {
        auto conflicts = store->conflicts().list(openOnly ? std::optional(ConflictStatus::Open) : std::nullopt);
        if (!conflicts)
            return conflicts.error();
        QStringList ids;
        for (const Conflict &c : *conflicts)
            ids << c.a << c.b;
        auto memories = store->memories().byIds(ids);
        if (!memories)
            return memories.error();
        QHash<QString, QString> content;
        for (const Memory &m : *memories)
            content.insert(m.id, MaskedText::shown(m, privacyMode));
        for (const Conflict &c : *conflicts)
            rows.push_back({c, content.value(c.a), content.value(c.b)});
        std::stable_sort(rows.begin(), rows.end(), [](const Row &x, const Row &y) {
            if (x.conflict.isOpen() != y.conflict.isOpen())
                return x.conflict.isOpen();
            return x.conflict.detectedAt > y.conflict.detectedAt;
        });
    }
    beginResetModel();
    m_rows = std::move(rows);
    m_now = now;
    endResetModel();
    return {};
}

int ConflictListModel::rowOf(qint64 conflictId) const
{
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].conflict.id == conflictId)
            return int(i);
    }
    return -1;
}

int ConflictListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ConflictListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ConflictListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row &r = m_rows[size_t(index.row())];
    const Conflict &c = r.conflict;
    switch (role) {
    case ConflictIdRole: return c.id;
    case MemoryARole: return c.a;
    case MemoryBRole: return c.b;
    case OpenRole: return c.isOpen();
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn: return QStringLiteral("#%1").arg(c.id);
        case TypeColumn: return ConflictText::typeLabel(c.type);
        case AColumn: return r.contentA.isNull() ? tr("(gone) %1").arg(c.a) : elided(r.contentA);
        case BColumn: return r.contentB.isNull() ? tr("(gone) %1").arg(c.b) : elided(r.contentB);
        case DetectedColumn: return EventText::localTime(c.detectedAt);
        case StatusColumn: return ConflictText::shortStatus(c);
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case AColumn: return EventText::plainToolTip(c.a + QLatin1Char('\n') + r.contentA);
        case BColumn: return EventText::plainToolTip(c.b + QLatin1Char('\n') + r.contentB);
        case TypeColumn: return EventText::plainToolTip(ConflictText::typeExplanation(c.type));
        case DetectedColumn: return EventText::relative(c.detectedAt, m_now);
        }
        return {};
    case Qt::FontRole:
        if (c.isOpen() && index.column() == StatusColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (!c.isOpen())
            return QBrush(QColor(0x6b, 0x6b, 0x6b));
        if (index.column() == StatusColumn)
            return QBrush(QColor(0xb2, 0x3b, 0x00));
        return {};
    }
    return {};
}

QVariant ConflictListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("#");
    case TypeColumn: return tr("Type");
    case AColumn: return tr("Memory A");
    case BColumn: return tr("Memory B");
    case DetectedColumn: return tr("Detected");
    case StatusColumn: return tr("Status");
    }
    return {};
}

} // namespace recollector::ui
