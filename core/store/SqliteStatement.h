#pragma once

#include "model/Result.h"

#include <QString>

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string_view>

namespace recollector::core {

class Database;

/// One prepared statement through SQLite's C API on a store's own connection: the bulk paths
/// (snapshot load, keyword index, association graph, rebuild, import, generate) bind and read
/// in place, where Qt Sql would build a QVariant per value. Finalised on destruction. Runs on
/// the Database's connection, so it joins any open Transaction; only for the thread that
/// opened the store. Bound parameters only (never SQL built from data); text is UTF-8.
/// For core/store's own sources only (it includes sqlite3.h, and the row accessors are inline
/// for the scans' sake): no header outside core/store includes it, and other layers ask a
/// repository.
///
/// On a PostgreSQL store (Database::isServer) the same statement runs through the store's
/// Qt Sql connection instead, its SQL translated by PgDialect and each row's values read
/// through Qt (docs/team-store.md, "The engine seam"): the scans keep one text and one reader
/// for both engines. The accessors test one pointer for it.
class SqliteStatement final
{
public:
    /// Whether a team store's connection keeps the statement prepared for its next use
    /// (KeptQueries): for the statements every decision sends, whose text does not carry values.
    enum class Keep { No, Prepared };

    SqliteStatement();
    /// Prepares `sql`; check isValid() / error(). `what` names the work in errors
    /// ("reading memories"), after the store's path.
    SqliteStatement(Database &db, std::string_view sql, QString what, Keep keep = Keep::No);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;
    SqliteStatement(SqliteStatement &&other) noexcept;
    SqliteStatement &operator=(SqliteStatement &&other) noexcept;

    [[nodiscard]] Status prepare(Database &db, std::string_view sql, QString what, Keep keep = Keep::No);
    bool isValid() const { return m_stmt != nullptr || m_server != nullptr; }

    // Parameters are 1-based, as in SQLite. Text is copied (SQLITE_TRANSIENT), so the view
    // may end after the call; an empty view binds '' (the text columns are NOT NULL).
    void bind(int index, std::int64_t value);
    void bind(int index, double value);
    void bind(int index, std::string_view utf8);
    void bind(int index, const QString &text);
    void bindNull(int index);
    /// SQLite only: binds `pointer` for a function that asks for it by `type`
    /// (sqlite3_bind_pointer); the caller keeps it alive while the statement runs.
    void bindPointer(int index, void *pointer, const char *type);

    /// Steps once: true while a row is available. After the loop, finished() tells the end
    /// of the rows from a read error (a damaged page), so a damaged store never reads as complete.
    bool next()
    {
        if (m_server) [[unlikely]]
            return serverNext();
        const int rc = m_stmt ? sqlite3_step(m_stmt) : SQLITE_MISUSE;
        if (rc == SQLITE_ROW)
            return true;
        if (rc != SQLITE_DONE)
            noteFailure(rc);
        return false;
    }
    [[nodiscard]] Status finished() const;
    /// Hands every row to `onRow(const SqliteStatement &)` until it returns false, then finished().
    template <typename OnRow>
    [[nodiscard]] Status forEachRow(OnRow &&onRow)
    {
        while (next()) {
            if (!onRow(static_cast<const SqliteStatement &>(*this)))
                return {};
        }
        return finished();
    }
    /// Runs a statement that returns no rows (or ignores them), then resets it for the next
    /// bindings.
    [[nodiscard]] Status run();
    /// Rewinds and clears the bindings.
    void reset();
    /// The error of the last failed prepare or step; names the store and `what`.
    Error error() const;

    // Columns of the current row, 0-based. A text view lives until the next step.
    std::int64_t int64(int column) const
    {
        if (m_server) [[unlikely]]
            return serverInt64(column);
        return sqlite3_column_int64(m_stmt, column);
    }
    double real(int column) const
    {
        if (m_server) [[unlikely]]
            return serverReal(column);
        return sqlite3_column_double(m_stmt, column);
    }
    std::string_view text(int column) const
    {
        if (m_server) [[unlikely]]
            return serverText(column);
        const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
        return bytes ? std::string_view(bytes, std::size_t(sqlite3_column_bytes(m_stmt, column))) : std::string_view();
    }
    QString qstring(int column) const;
    bool isNull(int column) const
    {
        if (m_server) [[unlikely]]
            return serverIsNull(column);
        return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
    }

    /// The rowid the last successful INSERT on this connection gave.
    std::int64_t lastInsertId() const;
    /// SQLite's primary code of the last failure (SQLITE_CONSTRAINT, …); 0 when none.
    int failedCode() const { return m_failedCode & 0xff; }

private:
    struct ServerRows;
    Status prepareServer(Database &db, std::string_view sql, Keep keep);
    void bindServer(int index, const class QVariant &value);
    bool serverNext();
    std::int64_t serverInt64(int column) const;
    double serverReal(int column) const;
    std::string_view serverText(int column) const;
    bool serverIsNull(int column) const;
    void noteServerFailure();
    void noteFailure(int code);
    Error makeError(int code, const QString &text) const;

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    QString m_path;
    QString m_what;
    int m_failedCode = 0;  ///< SQLite's code of the failure; 0 = none
    QString m_failedText;
    std::unique_ptr<ServerRows> m_server; ///< set on a PostgreSQL store only
};

} // namespace recollector::core
