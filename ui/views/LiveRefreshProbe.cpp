#include "views/LiveRefreshProbe.h"

#include "StoreSession.h"
#include "models/Roles.h"
#include "views/MemoryTableView.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

#include <cstdio>

namespace recollector::ui {

LiveRefreshProbe::LiveRefreshProbe(StoreSession *session, MemoryTableView *table, int refreshes, QObject *parent)
    : QObject(parent), m_session(session), m_table(table), m_refreshes(refreshes)
{
    connect(m_table, &MemoryTableView::firstPaintWithRows, this, &LiveRefreshProbe::announceWhenLoaded);
    connect(m_session, &StoreSession::loadingChanged, this, [this](bool loading) {
        if (!loading)
            announceWhenLoaded();
    });
    connect(m_session, &StoreSession::memoriesChanged, this, [this](const QStringList &ids) {
        if (m_announced && ids.contains(m_id))
            m_changed = true;
    });
    connect(m_table, &MemoryTableView::painted, this, &LiveRefreshProbe::onPainted);
}

void LiveRefreshProbe::announceWhenLoaded()
{
    if (m_announced || m_session->isLoading() || !m_table->model() || m_table->model()->rowCount() == 0)
        return;
    // Queued: the views take in the last rows of a background load first.
    QTimer::singleShot(0, this, &LiveRefreshProbe::announce);
}

void LiveRefreshProbe::announce()
{
    if (m_announced)
        return;
    const QModelIndex top = m_table->indexAt(QPoint(1, 1));
    m_id = (top.isValid() ? top : m_table->model()->index(0, 0)).data(IdRole).toString();
    if (m_id.isEmpty())
        return;
    m_announced = true;
    std::printf("live_ready_id=%s\n", qPrintable(m_id));
    std::fflush(stdout);
}

void LiveRefreshProbe::onPainted()
{
    if (!m_changed)
        return;
    m_changed = false;
    std::printf("live_refresh_epoch_ms=%lld\n", static_cast<long long>(QDateTime::currentMSecsSinceEpoch()));
    std::fflush(stdout);
    if (++m_done >= m_refreshes)
        QTimer::singleShot(0, qApp, [] { QCoreApplication::exit(0); });
}

} // namespace recollector::ui
