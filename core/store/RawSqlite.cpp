#include "store/RawSqlite.h"

#include "store/Database.h"

#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

#include <utility>

namespace engram::core::raw {

sqlite3 *handleOf(Database &db)
{
    const QVariant handle = db.handle().driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

Statement::~Statement()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr)), m_stmt(std::exchange(other.m_stmt, nullptr)),
      m_path(std::move(other.m_path)), m_what(std::move(other.m_what)), m_failed(other.m_failed)
{
}

Statement &Statement::operator=(Statement &&other) noexcept
{
    if (this != &other) {
        if (m_stmt)
            sqlite3_finalize(m_stmt);
        m_db = std::exchange(other.m_db, nullptr);
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_path = std::move(other.m_path);
        m_what = std::move(other.m_what);
        m_failed = other.m_failed;
    }
    return *this;
}

Status Statement::prepare(sqlite3 *db, const char *sql, const QString &path, const QString &what)
{
    m_db = db;
    m_path = path;
    m_what = what;
    m_failed = false;
    if (!db)
        return Error::make(Error::Code::Database, QStringLiteral("%1: %2: not an SQLite connection").arg(path, what));
    if (m_stmt) {
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
    }
    if (sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) != SQLITE_OK) {
        m_failed = true;
        return error();
    }
    return {};
}

void Statement::bind(int index, std::int64_t value) { sqlite3_bind_int64(m_stmt, index, value); }
void Statement::bind(int index, double value) { sqlite3_bind_double(m_stmt, index, value); }
void Statement::bind(int index, std::string_view utf8)
{
    sqlite3_bind_text(m_stmt, index, utf8.data(), int(utf8.size()), SQLITE_TRANSIENT);
}
void Statement::bind(int index, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    sqlite3_bind_text(m_stmt, index, bytes.constData(), int(bytes.size()), SQLITE_TRANSIENT);
}

bool Statement::next()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE)
        m_failed = true;
    return false;
}

Status Statement::run()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        m_failed = true;
        Error e = error();
        sqlite3_reset(m_stmt);
        return e;
    }
    sqlite3_reset(m_stmt);
    return {};
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

Error Statement::error() const
{
    const QString text = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("no connection");
    const int code = m_db ? sqlite3_errcode(m_db) : SQLITE_ERROR;
    const Error::Code kind = (code == SQLITE_BUSY || code == SQLITE_LOCKED) ? Error::Code::Locked
                                                                             : Error::Code::Database;
    return Error::make(kind, QStringLiteral("%1: %2 failed: %3").arg(m_path, m_what, text), text);
}

std::int64_t Statement::int64(int column) const { return sqlite3_column_int64(m_stmt, column); }
double Statement::real(int column) const { return sqlite3_column_double(m_stmt, column); }
std::string_view Statement::text(int column) const
{
    const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    const int size = sqlite3_column_bytes(m_stmt, column);
    return bytes ? std::string_view(bytes, size_t(size)) : std::string_view();
}
QString Statement::qstring(int column) const
{
    const std::string_view v = text(column);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}
bool Statement::isNull(int column) const { return sqlite3_column_type(m_stmt, column) == SQLITE_NULL; }

} // namespace engram::core::raw
