#pragma once

#include "model/Result.h"
#include "store/BusyWait.h"
#include "store/KeptQueries.h"

#include <QSqlDatabase>
#include <QString>

#include <memory>

struct sqlite3;

namespace recollector::core {

namespace crypto {
class StoreKey;
}

/// One open store file: a named Qt Sql connection owned by this object and used only on the
/// thread that opened it. Sets WAL, the wait for a busy lock (BusyWait), foreign keys; checks and migrates the
/// schema (`PRAGMA user_version`) forward in one transaction after backing the file up.
/// A store of a newer schema opens read-only with a warning.
class Database final
{
public:
    static constexpr int kSchemaVersion = 5;

    struct Options
    {
        int busyTimeoutMs = 5000;
        bool readOnly = false;      ///< never write, never migrate
        bool createIfMissing = true;
        /// A connection that reads each page about once (a worker's one-pass snapshot load):
        /// SQLite's small default page cache, whose pages are recycled, instead of 64 MiB
        /// allocated page by page for nothing.
        bool singlePass = false;
    };

    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    /// Opens (or creates) the store at `path`. On failure the file is left untouched and the
    /// error names the file and the reason (not SQLite, corrupt, locked, newer schema + write).
    [[nodiscard]] static Result<std::unique_ptr<Database>> open(const QString &path, Options options);
    [[nodiscard]] static Result<std::unique_ptr<Database>> open(const QString &path) { return open(path, Options{}); }

    /// A second connection to the same file, for another thread (open it on that thread).
    [[nodiscard]] Result<std::unique_ptr<Database>> openAnother() const;

    /// The Qt Sql connection (repositories and tests). The bulk paths use SqliteStatement, which
    /// runs on the same connection through SQLite's C API.
    QSqlDatabase &handle() { return m_db; }
    const QString &path() const { return m_path; }
    const QString &connectionName() const { return m_connectionName; }
    bool isReadOnly() const { return m_readOnly; }
    /// Non-empty when the store opened with a caveat (e.g. newer schema → read-only).
    const QString &warning() const { return m_warning; }
    int schemaVersionOnDisk() const { return m_versionOnDisk; }
    /// Path of the backup made before the last migration, empty if none was needed.
    const QString &migrationBackupPath() const { return m_backupPath; }

    /// True inside a transaction (a Transaction, a ReadTransaction or one the caller began).
    bool inTransaction() const;

    /// `PRAGMA data_version`: changes when another connection commits. Cheap; poll it.
    qint64 dataVersion();

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check`: the problems SQLite finds,
    /// one line each; empty when the store is sound. An error when the check itself cannot run.
    [[nodiscard]] Result<QStringList> integrityProblems();

    /// A forward-only query of `sql`, prepared, for one use (check isPrepared()). On a team store
    /// it stays prepared on the connection for the next use of the same text (KeptQueries,
    /// docs/team-store.md#decision-cost): for the statements every decision sends.
    KeptQueries::Use keptQuery(const QString &sql);
    /// Drops the kept queries: before the connection closes or is opened again.
    void dropKeptQueries() { m_kept.clear(); }

    /// Runs one statement with no result; returns a Database error naming the store on failure.
    Status exec(const QString &sql);

    /// Error for a failed query, naming this store.
    Error errorFrom(const class QSqlQuery &query, const QString &what) const;

    /// After a `while (q.next())` loop or a failed `q.next()`: next() is false both at the end
    /// of the rows and on a read error (a damaged page). This tells the two apart, so a damaged
    /// store never reads as complete (or a present row as missing).
    [[nodiscard]] Status endOfRows(const class QSqlQuery &query, const QString &what) const;

    // Transaction nesting bookkeeping (used by Transaction only).
    int &transactionDepth() { return m_txDepth; }
    /// True inside a Transaction (a write): a ReadTransaction alone does not count.
    bool inWriteTransaction() const { return m_txDepth > 0; }
    /// ReadTransactions open on a team store's connection (used by ReadTransaction only):
    /// PostgreSQL tells no one whether a transaction is open, SQLite does.
    int &readDepth() { return m_readDepth; }
    bool &transactionPoisoned() { return m_txPoisoned; }

    /// The key that seals this store's level-3 text, or null while it is locked
    /// (docs/formats.md, "Encryption at rest"; SealKeys holds it for the process).
    std::shared_ptr<const crypto::StoreKey> sealKey() const;
    /// Set by a write that sealed text that was plain before (a raise to level 3, a first
    /// passphrase, a passphrase change): the outermost commit then checkpoints the WAL and
    /// truncates it, so no page with the old plain text stays in the -wal file.
    bool &scrubPending() { return m_scrubPending; }
    /// PRAGMA secure_delete=ON on this connection: freed space is overwritten with zeros, so
    /// text replaced by its sealed form does not linger in the file. On for a store that has
    /// a passphrase (Store::open, and when one is set).
    [[nodiscard]] Status enableSecureDelete();
    /// Checkpoints the WAL into the file and truncates it (wal_checkpoint(TRUNCATE)).
    [[nodiscard]] Status checkpointAndTruncate();

private:
    friend class SqliteStatement;

    Database() = default;
    Status connect();
    Status configure();
    Status migrate();
    /// The connection's sqlite3*, checked by SqliteLink when it was opened (SqliteStatement only).
    sqlite3 *sqlite() const { return m_sqlite; }

    QSqlDatabase m_db;
    sqlite3 *m_sqlite = nullptr;
    BusyWait m_busyWait;
    QString m_path;
    QString m_connectionName;
    QString m_warning;
    QString m_backupPath;
    Options m_options;
    bool m_readOnly = false;
    int m_versionOnDisk = 0;
    int m_txDepth = 0;
    int m_readDepth = 0;
    bool m_txPoisoned = false;
    bool m_scrubPending = false;
    KeptQueries m_kept; ///< cleared first when the store closes: its queries end before the connection
};

} // namespace recollector::core
