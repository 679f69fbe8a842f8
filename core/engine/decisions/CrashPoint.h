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
    /// The same places for a failure that does not kill: true when RECOLLECTOR_FAIL_AT equals
    /// `name`, and the caller then fails there as a full disk would (the tests' way to make
    /// one step of a write fail and check that the others are undone).
    static bool fails(const char *name);
    /// The same places for a kill from outside (a writer killed with its transaction open):
    /// when RECOLLECTOR_HOLD_AT equals `name`, writes "recollector: held at NAME" to stderr and
    /// waits until stdin ends. hit() holds first.
    static void hold(const char *name);
};

} // namespace recollector::core
