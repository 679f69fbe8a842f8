#pragma once

#include "model/Result.h"

#include <cstdint>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace engram::core {

class Database;

/// One prepared statement on the raw SQLite handle under a store's Qt connection, reused for
/// millions of rows (engram-cli generate). Qt Sql costs a QVariant per bound value; the C API
/// binds in place. Same connection, so it joins the caller's Transaction. Bound values only.
class BulkStatement final
{
public:
    /// The sqlite3* behind the store's Qt connection, or nullptr when the driver is not QSQLITE.
    static sqlite3 *rawHandle(Database &db);

    BulkStatement(sqlite3 *db, std::string_view sql);
    ~BulkStatement();
    BulkStatement(const BulkStatement &) = delete;
    BulkStatement &operator=(const BulkStatement &) = delete;

    /// False (with error()) when the statement did not prepare.
    bool isValid() const { return m_stmt != nullptr; }
    const Error &error() const { return m_error; }

    // Parameters are 1-based, as in SQLite. Text is copied (SQLITE_TRANSIENT).
    void bind(int index, std::string_view text);
    void bind(int index, std::int64_t value);
    void bind(int index, double value);
    void bindNull(int index);

    /// The rowid the last successful INSERT on this connection gave.
    std::int64_t lastInsertId() const;

    /// Runs the statement once, then resets it for the next row. `what` names the row in an error.
    [[nodiscard]] Status step(std::string_view what);

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    Error m_error;
};

} // namespace engram::core
