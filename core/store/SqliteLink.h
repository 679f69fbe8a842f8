#pragma once

#include "model/Result.h"

#include <QString>

class QSqlDatabase;
struct sqlite3;

namespace recollector::core {

/// The link between Qt's QSQLITE driver and the libsqlite3 Recollector is built against. The bulk
/// paths (SqliteStatement) take the sqlite3* the driver opened and drive it with Recollector's own
/// library; that is only correct when the driver runs that same library (true where Qt uses
/// the system SQLite, as on Debian; false where Qt bundles its own copy). verify() checks it
/// once per process; Database::open calls it before touching a store file, and both mains
/// call it at start-up, so a mismatch fails at once with one clear line instead of crashing
/// or corrupting a store later.
class SqliteLink final
{
public:
    /// Compares, on a private in-memory QSQLITE connection: sqlite3_libversion_number() of the
    /// linked library with the driver's `sqlite_version()` (first, without touching the
    /// handle: a handle from another library could crash), then the source ids, then the
    /// handle's behaviour (a value the driver wrote is read back through the C API). The
    /// verdict is cached for the process; thread-safe. The error is one line.
    [[nodiscard]] static Status verify();

    /// The sqlite3* behind an open QSQLITE connection, checked to be the file at `path`
    /// (`sqlite3_db_filename(handle, "main")`). Call after verify() succeeded.
    [[nodiscard]] static Result<sqlite3 *> handleOf(QSqlDatabase &db, const QString &path);

    /// The version number the check takes for Recollector's own library: sqlite3_libversion_number(),
    /// unless a test injected another (setLinkedVersionForTesting, or the environment variable
    /// RECOLLECTOR_TEST_SQLITE_VERSION, e.g. 3000000, for a test that runs the real programs).
    static int linkedVersionNumber();

    /// Test seam: check against `versionNumber` instead of the linked library's (0 = the real
    /// one again). Forgets the cached verdict.
    static void setLinkedVersionForTesting(int versionNumber);

    /// "3.40.1" for 3040001.
    static QString versionText(int versionNumber);
};

} // namespace recollector::core
