#pragma once

namespace recollector::core {

/// Named places between the statements of a write transaction where the crash-safety test
/// kills the process. When the environment variable RECOLLECTOR_CRASH_AT equals `name`, hit()
/// sends SIGKILL to the current process (no handlers, no flushing: a real crash); otherwise
/// it does nothing and costs one string comparison.
class CrashPoint final
{
public:
    static void hit(const char *name);
};

} // namespace recollector::core
