#include "store/BulkStatement.h"

#include "store/Database.h"

#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

namespace engram::core {

sqlite3 *BulkStatement::rawHandle(Database &db)
{
    // QSQLITE hands out its sqlite3* in a QVariant typed "sqlite3*". Qt on Debian links the
    // system libsqlite3 that engram_core links too, so both sides speak to the same library.
    const QVariant handle = db.handle().driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

BulkStatement::BulkStatement(sqlite3 *db, std::string_view sql) : m_db(db)
{
    if (!db) {
        m_error = Error::make(Error::Code::Database, QStringLiteral("no SQLite handle for a bulk statement"));
        return;
    }
    if (sqlite3_prepare_v2(db, sql.data(), int(sql.size()), &m_stmt, nullptr) != SQLITE_OK) {
        m_error = Error::make(Error::Code::Database,
                              QStringLiteral("preparing a bulk statement failed: %1").arg(QString::fromUtf8(sqlite3_errmsg(db))),
                              QString::fromUtf8(sql.data(), qsizetype(sql.size())));
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
    }
}

BulkStatement::~BulkStatement()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

void BulkStatement::bind(int index, std::string_view text)
{
    // An empty view may have no data pointer, which SQLite would bind as NULL: the text
    // columns are NOT NULL, so bind an empty string instead.
    sqlite3_bind_text(m_stmt, index, text.data() ? text.data() : "", int(text.size()), SQLITE_TRANSIENT);
}

void BulkStatement::bind(int index, std::int64_t value) { sqlite3_bind_int64(m_stmt, index, value); }

void BulkStatement::bind(int index, double value) { sqlite3_bind_double(m_stmt, index, value); }

void BulkStatement::bindNull(int index) { sqlite3_bind_null(m_stmt, index); }

std::int64_t BulkStatement::lastInsertId() const { return sqlite3_last_insert_rowid(m_db); }

Status BulkStatement::step(std::string_view what)
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_DONE) {
        sqlite3_reset(m_stmt);
        return {};
    }
    const QString message = QString::fromUtf8(sqlite3_errmsg(m_db)); // before reset clears it
    sqlite3_reset(m_stmt);
    return Error::make(Error::Code::Database, QStringLiteral("writing %1 failed: %2")
                                                  .arg(QString::fromUtf8(what.data(), qsizetype(what.size())), message));
}

} // namespace engram::core
