#include "store/BusyWait.h"

#include <sqlite3.h>

namespace recollector::core {

void BusyWait::install(sqlite3 *db, int timeoutMs)
{
    m_timeoutMs = timeoutMs;
    sqlite3_busy_handler(db, &BusyWait::onBusy, this);
}

int BusyWait::onBusy(void *self, int tries)
{
    auto *wait = static_cast<BusyWait *>(self);
    if (tries == 0)
        wait->m_waiting.start();
    else if (wait->m_waiting.elapsed() >= wait->m_timeoutMs)
        return 0;
    sqlite3_sleep(1);
    return 1;
}

} // namespace recollector::core
