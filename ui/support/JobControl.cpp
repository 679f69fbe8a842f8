#include "support/JobControl.h"

#include <QMutexLocker>

namespace recollector::ui {

bool JobControl::report(int done, int total)
{
    m_total.store(total);
    m_done.store(done);
    if (m_hook)
        m_hook(done, total);
    return !isCancelled();
}

void JobControl::setPhase(const QString &phase)
{
    const QMutexLocker lock(&m_phaseLock);
    m_phase = phase;
}

QString JobControl::phase() const
{
    const QMutexLocker lock(&m_phaseLock);
    return m_phase;
}

} // namespace recollector::ui
