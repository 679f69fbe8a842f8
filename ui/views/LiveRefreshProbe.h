#pragma once

#include <QObject>
#include <QString>

namespace recollector::ui {

class MemoryTableView;
class StoreSession;

/// recollector-bench's live_refresh_ms, in the real window (docs/architecture.md, "Performance
/// budget"): once the table has painted and the whole store is loaded, prints
/// `live_ready_id=<id>` — the memory in the table's top visible row — on stdout. Each time
/// another process's commit on that memory has reached the window (StoreSession's
/// memoriesChanged names it) and the table has painted again, prints
/// `live_refresh_epoch_ms=<wall clock ms>`; after `refreshes` of them the application quits.
/// The benchmark commits the decisions and subtracts its own clock reading.
class LiveRefreshProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveRefreshProbe)

public:
    LiveRefreshProbe(StoreSession *session, MemoryTableView *table, int refreshes, QObject *parent = nullptr);

private:
    void announceWhenLoaded();
    void announce();
    void onPainted();

    StoreSession *m_session;
    MemoryTableView *m_table;
    int m_refreshes;
    int m_done = 0;
    QString m_id;
    bool m_changed = false;
    bool m_announced = false;
};

} // namespace recollector::ui
