#pragma once

#include "model/Result.h"

#include <QString>

#include <cstdint>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace engram::core {

class Database;

namespace raw {

/// The sqlite3 connection behind a store's Qt Sql connection. Bulk paths (rebuilding a
/// million memories' links, loading five million links into memory) go through the C API:
/// QSqlQuery builds a QVariant per value, which costs more than the work itself at that
/// size. Statements run on the same connection, so they join any open Transaction.
/// Only for the thread that opened the store. nullptr if the driver is not SQLite.
sqlite3 *handleOf(Database &db);

/// One prepared statement with bound parameters (never SQL built from data). Finalised on
/// destruction. Text is UTF-8.
class Statement final
{
public:
    Statement() = default;
    ~Statement();
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;

    /// Prepares `sql` on `db`; the error names the store file and `what`.
    [[nodiscard]] Status prepare(sqlite3 *db, const char *sql, const QString &path, const QString &what);

    void bind(int index, std::int64_t value);
    void bind(int index, double value);
    /// Copies the bytes (SQLITE_TRANSIENT), so the view may die after the call.
    void bind(int index, std::string_view utf8);
    void bind(int index, const QString &text);

    /// Steps once: true while a row is available. Check failed() after the loop.
    bool next();
    /// Runs a statement that returns no rows; resets it for reuse.
    [[nodiscard]] Status run();
    void reset();
    bool failed() const { return m_failed; }
    Error error() const;

    std::int64_t int64(int column) const;
    double real(int column) const;
    std::string_view text(int column) const;
    QString qstring(int column) const;
    bool isNull(int column) const;

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    QString m_path;
    QString m_what;
    bool m_failed = false;
};

} // namespace raw
} // namespace engram::core
