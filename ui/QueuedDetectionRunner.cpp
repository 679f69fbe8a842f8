#include "QueuedDetectionRunner.h"

#include "StoreSession.h"
#include "dialogs/ConflictDetectionJob.h"
#include "engine/conflicts/QueuedDetection.h"

#include <QSet>

namespace recollector::ui {

using namespace recollector::core;

QueuedDetectionRunner::QueuedDetectionRunner(StoreSession *session, QObject *parent)
    : QObject(parent), m_session(session)
{
    connect(session, &StoreSession::opened, this, [this]() {
        m_declined = false;
        checkNow();
    });
    connect(session, &StoreSession::memoriesChanged, this, [this]() { checkNow(); });
    connect(session, &StoreSession::reloaded, this, [this]() { checkNow(); });
    // The worker has its own connection; still, nothing of this store may outlive it.
    connect(session, &StoreSession::aboutToClose, this, [this]() { m_task.cancelAndWait(); });
}

void QueuedDetectionRunner::cancel()
{
    if (!m_task.isRunning())
        return;
    m_declined = true;
    m_task.cancel();
}

bool QueuedDetectionRunner::checkNow()
{
    if (m_task.isRunning() || m_declined || !m_session || !m_session->store() || m_session->isReadOnly())
        return false;
    auto queued = QueuedDetection::queuedAt(*m_session->store());
    if (!queued || *queued == 0)
        return false;
    const QString storePath = m_session->path();
    const bool running = m_task.run<ConflictDetectionJob>(
        [storePath, config = m_session->config()](JobControl &control) {
            return ConflictDetectionJob::run(storePath, config, control);
        },
        [this, storePath](Result<ConflictDetectionJob> result) {
            if (!result) {
                const bool cancelled = result.error().code == Error::Code::Cancelled;
                m_declined = true; // not again on its own until the store is opened again
                Q_EMIT finished(-1, cancelled ? tr("Queued contradiction detection cancelled; nothing was written. "
                                                   "Review → Conflicts → Detect now runs it.")
                                              : tr("Queued contradiction detection failed: %1").arg(result.error().message));
                return;
            }
            QSet<QString> touched;
            for (const Conflict &c : result->recorded)
                touched << c.a << c.b;
            const int recorded = int(result->recorded.size());
            if (m_session && m_session->store() && m_session->path() == storePath && !touched.isEmpty()) {
                QStringList ids(touched.begin(), touched.end());
                ids.sort();
                m_session->refresh(ids); // lowered confidences, supersessions: the table follows
            }
            Q_EMIT finished(recorded, recorded == 1 ? tr("Queued contradiction detection done: 1 new conflict.")
                                                    : tr("Queued contradiction detection done: %1 new conflicts.").arg(recorded));
        });
    if (running)
        Q_EMIT started(m_task.control());
    return running;
}

} // namespace recollector::ui
