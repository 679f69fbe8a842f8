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
    hold(name);
    // Read once: the variable is set by the test before the process starts.
    static const QByteArray target = qgetenv("RECOLLECTOR_CRASH_AT");
    if (target.isEmpty() || std::strcmp(target.constData(), name) != 0)
        return;
#ifdef Q_OS_UNIX
    ::kill(::getpid(), SIGKILL);
#endif
    std::abort();
}

void CrashPoint::hold(const char *name)
{
    static const QByteArray target = qgetenv("RECOLLECTOR_HOLD_AT");
    if (target.isEmpty() || std::strcmp(target.constData(), name) != 0)
        return;
#ifdef Q_OS_UNIX
    // Say so on stderr, then wait, the transaction open, until stdin ends: the test kills the
    // process meanwhile, at a moment it knows rather than one it guesses.
    const QByteArray line = QByteArray("recollector: held at ") + name + '\n';
    (void)!::write(STDERR_FILENO, line.constData(), size_t(line.size()));
    char buffer[64];
    while (::read(STDIN_FILENO, buffer, sizeof buffer) > 0) {
    }
#endif
}

bool CrashPoint::fails(const char *name)
{
    static const QByteArray target = qgetenv("RECOLLECTOR_FAIL_AT");
    return !target.isEmpty() && std::strcmp(target.constData(), name) == 0;
}

} // namespace recollector::core
