#include "engine/decisions/CrashPoint.h"

#include <QByteArray>
#include <QtGlobal>

#include <cstdlib>
#include <cstring>

#ifdef Q_OS_UNIX
#include <csignal>
#include <sys/types.h>
#include <unistd.h>
#endif

namespace recollector::core {

void CrashPoint::hit(const char *name)
{
    // Read once: the variable is set by the test before the process starts.
    static const QByteArray target = qgetenv("RECOLLECTOR_CRASH_AT");
    if (target.isEmpty() || std::strcmp(target.constData(), name) != 0)
        return;
#ifdef Q_OS_UNIX
    ::kill(::getpid(), SIGKILL);
#endif
    std::abort();
}

bool CrashPoint::fails(const char *name)
{
    static const QByteArray target = qgetenv("RECOLLECTOR_FAIL_AT");
    return !target.isEmpty() && std::strcmp(target.constData(), name) == 0;
}

} // namespace recollector::core
