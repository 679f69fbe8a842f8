#pragma once

#include "model/Event.h"
#include "text/EventText.h"

#include <QAbstractListModel>

#include <vector>

namespace recollector::ui {

/// One memory's events, newest first, as readable rows (the history of
/// docs/formats.md, "Table `events`"). Rows carry what happened (DisplayRole), when (local
/// time + relative to the session's now), who, and the "field: before → after" lines. Holds a
/// copy of the events; no SQL in data().
class HistoryModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryModel)

public:
    /// Roles of this model (it is not a memory model, so they live here, not in Roles.h).
    enum Role {
        EventIdRole = Qt::UserRole + 200, ///< qint64
        KindRole,                         ///< QString, e.g. "reinforce"
        AtRole,                           ///< qint64 ms UTC
        WhenRole,                         ///< QString "2024-03-05 14:20 · 3 days ago"
        ActorRole,                        ///< QString, the kind of decider: "user", "assistant", …
        ChangesRole,                      ///< QStringList "field: before → after"
        WhoRole,                          ///< QString, who decided as shown: "ann (assistant)" on a team store
    };

    explicit HistoryModel(QObject *parent = nullptr);

    /// Who made `e`, in words: on a team store the database role that decided
    /// (docs/team-store.md#who-decided), the kind of decider beside it unless it is the person;
    /// on a file, the kind of decider.
    static QString whoText(const core::Event &e);

    /// Replaces the rows. `eventsOldestFirst` as EventLog::forMemory returns them; `now` is the
    /// instant "3 days ago" is measured from (the session's now, so preview-at-date moves it).
    void setEvents(std::vector<core::Event> eventsOldestFirst, core::Millis now);
    /// Moves the reference instant of the relative times (only the When texts change).
    void setNow(core::Millis now);
    void clear();
    /// Names the other memories an event mentions ("Merged into “…”"); ids without it.
    void setNamer(EventText::MemoryNamer namer);

    const core::Event &eventAt(int row) const { return m_events[size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QString whenText(const core::Event &event) const;

    std::vector<core::Event> m_events; ///< newest first
    core::Millis m_now = 0;
    EventText::MemoryNamer m_namer;
};

} // namespace recollector::ui
