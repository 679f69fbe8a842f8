// StoreSession's "Contents as of" (docs/scoring.md#contents-as-of): the snapshot swapped for
// the memories as they were at an instant, rebuilt on a worker; read-only meanwhile.
#include "StoreSession.h"

#include "support/WorkerPool.h"

#include <QDateTime>
#include <QLocale>
#include <QtConcurrent/QtConcurrentRun>

namespace recollector::ui {

using namespace recollector::core;

void StoreSession::setContentsAt(Millis at)
{
    if (!m_store || at == m_contentsAt)
        return;
    if (m_cancelPast)
        m_cancelPast->store(true); // a rebuild for another instant: its result is dropped
    if (at == 0) {
        m_contentsAt = 0;
        m_past.reset();
        m_pastLoading = false;
        // The live rows are read again; a large store's in the background, read-only until then.
        m_returningToNow = true;
        reload();
        m_returningToNow = m_loading;
        Q_EMIT contentsAtChanged();
        return;
    }
    if (m_loading) { // a large store's first load: the rebuild reads every row anyway
        m_cancelLoad->store(true);
        m_loadWatcher.waitForFinished();
        setLoading(false);
    }
    m_contentsAt = at;
    m_returningToNow = false;
    startPastLoad();
    Q_EMIT contentsAtChanged();
}

void StoreSession::startPastLoad()
{
    m_cancelPast = std::make_shared<std::atomic<bool>>(false);
    auto cancel = m_cancelPast;
    const QString path = m_store->path();
    const Config config = m_config;
    const Millis at = m_contentsAt;
    m_pastLoading = true;
    m_pastWatcher.setFuture(QtConcurrent::run(workerPool(), [path, config, at, cancel]() -> PastResult {
        return std::make_shared<Result<PastSnapshot>>(
            PastSnapshot::loadFile(path, config, at, [cancel](std::size_t) { return !cancel->load(); }));
    }));
}

void StoreSession::finishPastLoad()
{
    if (!m_pastWatcher.future().isValid() || !m_pastWatcher.isFinished())
        return;
    const PastResult result = m_pastWatcher.future().result();
    m_pastWatcher.setFuture(QFuture<PastResult>()); // taken: the finished signal finds nothing
    if (!result || !m_store || m_contentsAt == 0)
        return;
    if (!*result) {
        if (result->error().code == Error::Code::Cancelled)
            return;
        m_pastLoading = false;
        Q_EMIT errorOccurred(tr("The memories as they were could not be rebuilt: %1").arg(result->error().message));
        setContentsAt(0);
        return;
    }
    if ((*result)->contents.at != m_contentsAt) {
        startPastLoad(); // the instant moved while the worker read
        return;
    }
    m_pastLoading = false;
    Q_EMIT aboutToReload();
    m_snapshot = std::move((*result)->snapshot);
    m_past = std::make_shared<const ContentsAsOf>(std::move((*result)->contents));
    Q_EMIT reloaded();
    Q_EMIT contentsAtChanged();
}

void StoreSession::waitForContents()
{
    m_pastWatcher.waitForFinished();
    finishPastLoad();
}

Status StoreSession::refusePast() const
{
    const QString when = QLocale().toString(QDateTime::fromMSecsSinceEpoch(m_contentsAt, Qt::LocalTime), QLocale::ShortFormat);
    return Error::make(Error::Code::Usage, tr("Showing the memories as they were on %1: go back to now to change them.").arg(when));
}

} // namespace recollector::ui
