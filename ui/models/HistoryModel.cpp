#include "models/HistoryModel.h"

#include "text/EventText.h"

#include <algorithm>

namespace recollector::ui {

HistoryModel::HistoryModel(QObject *parent) : QAbstractListModel(parent) {}

void HistoryModel::setEvents(std::vector<core::Event> eventsOldestFirst, core::Millis now)
{
    beginResetModel();
    m_events = std::move(eventsOldestFirst);
    // Newest first; events at one instant keep their append order reversed (ids grow).
    std::stable_sort(m_events.begin(), m_events.end(), [](const core::Event &a, const core::Event &b) {
        return a.at != b.at ? a.at > b.at : a.id > b.id;
    });
    m_now = now;
    endResetModel();
}

void HistoryModel::setNow(core::Millis now)
{
    if (now == m_now)
        return;
    m_now = now;
    if (!m_events.empty())
        emit dataChanged(index(0), index(rowCount() - 1), {WhenRole, Qt::ToolTipRole});
}

void HistoryModel::setNamer(EventText::MemoryNamer namer)
{
    m_namer = std::move(namer);
    if (!m_events.empty())
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::DisplayRole, Qt::ToolTipRole});
}

void HistoryModel::clear()
{
    beginResetModel();
    m_events.clear();
    endResetModel();
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

QString HistoryModel::whoText(const core::Event &e)
{
    const QString role = e.payload.value(QStringLiteral("dbRole")).toString();
    if (role.isEmpty())
        return e.actor;
    if (e.actor == QLatin1String("user"))
        return role;
    return tr("%1 (%2)", "a team member's database role, then the kind of decider").arg(role, e.actor);
}

QString HistoryModel::whenText(const core::Event &e) const
{
    return EventText::localTime(e.at) + QStringLiteral(" · ") + EventText::relative(e.at, m_now);
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Event &e = m_events[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return EventText::summary(e, m_namer);
    case Qt::ToolTipRole: {
        QStringList lines{EventText::summary(e, m_namer), tr("%1 · by %2", "when · by whom").arg(whenText(e), whoText(e))};
        lines << EventText::changes(e);
        return EventText::plainToolTip(lines.join(QLatin1Char('\n')));
    }
    case EventIdRole:
        return e.id;
    case KindRole:
        return e.kind;
    case AtRole:
        return e.at;
    case WhenRole:
        return whenText(e);
    case ActorRole:
        return e.actor;
    case ChangesRole:
        return EventText::changes(e);
    case WhoRole:
        return whoText(e);
    default:
        return {};
    }
}

QHash<int, QByteArray> HistoryModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(EventIdRole, "eventId");
    names.insert(KindRole, "kind");
    names.insert(AtRole, "at");
    names.insert(WhenRole, "when");
    names.insert(ActorRole, "actor");
    names.insert(WhoRole, "who");
    names.insert(ChangesRole, "changes");
    return names;
}

} // namespace recollector::ui
