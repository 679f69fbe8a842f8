#include "store/SqliteStatement.h"

#include <cerrno>

#include "store/Database.h"
#include "store/Engine.h"
#include "store/PgDialect.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

#include <map>
#include <utility>
#include <vector>

namespace recollector::core {

// A statement on a PostgreSQL store: the Qt Sql query, the values bound so far (SQLite keeps
// bindings across runs; so does this), and the current row's text as UTF-8, kept until the
// next row as SQLite keeps a column's text.
struct SqliteStatement::ServerRows
{
    explicit ServerRows(KeptQueries::Use prepared) : use(std::move(prepared)), query(use.query()) {}
    KeptQueries::Use use;
    QSqlQuery &query;
    std::map<int, QVariant> bound;
    bool executed = false;
    mutable std::vector<QByteArray> texts;
    mutable std::vector<bool> haveText;
};

SqliteStatement::SqliteStatement() = default;

SqliteStatement::SqliteStatement(Database &db, std::string_view sql, QString what, Keep keep)
{
    (void)prepare(db, sql, std::move(what), keep);
}

SqliteStatement::~SqliteStatement()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

SqliteStatement::SqliteStatement(SqliteStatement &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr)), m_stmt(std::exchange(other.m_stmt, nullptr)),
      m_path(std::move(other.m_path)), m_what(std::move(other.m_what)),
      m_failedCode(std::exchange(other.m_failedCode, 0)), m_failedText(std::move(other.m_failedText)),
      m_server(std::move(other.m_server))
{
}

SqliteStatement &SqliteStatement::operator=(SqliteStatement &&other) noexcept
{
    if (this != &other) {
        if (m_stmt)
            sqlite3_finalize(m_stmt);
        m_db = std::exchange(other.m_db, nullptr);
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_path = std::move(other.m_path);
        m_what = std::move(other.m_what);
        m_failedCode = std::exchange(other.m_failedCode, 0);
        m_failedText = std::move(other.m_failedText);
        m_server = std::move(other.m_server);
    }
    return *this;
}

Status SqliteStatement::prepare(Database &db, std::string_view sql, QString what, Keep keep)
{
    if (m_stmt) {
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
    }
    m_server.reset();
    m_db = db.sqlite();
    m_path = db.path();
    m_what = std::move(what);
    m_failedCode = 0;
    m_failedText.clear();
    if (isServer(db))
        return prepareServer(db, sql, keep);
    if (!m_db) {
        m_failedCode = SQLITE_MISUSE;
        m_failedText = QStringLiteral("the store is not open");
        return error();
    }
    const int rc = sqlite3_prepare_v2(m_db, sql.data(), int(sql.size()), &m_stmt, nullptr);
    if (rc != SQLITE_OK) {
        m_failedCode = rc;
        m_failedText = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
        return error();
    }
    return {};
}

void SqliteStatement::bind(int index, std::int64_t value)
{
    if (m_server)
        return bindServer(index, QVariant(qlonglong(value)));
    sqlite3_bind_int64(m_stmt, index, value);
}

void SqliteStatement::bind(int index, double value)
{
    if (m_server)
        return bindServer(index, QVariant(value));
    sqlite3_bind_double(m_stmt, index, value);
}

void SqliteStatement::bind(int index, std::string_view utf8)
{
    // Empty text, never NULL (a null QString is bound as NULL): as on SQLite below.
    if (m_server)
        return bindServer(index, QVariant(utf8.empty() ? QStringLiteral("")
                                                       : QString::fromUtf8(utf8.data(), qsizetype(utf8.size()))));
    // An empty view may have no data pointer, which SQLite would bind as NULL.
    sqlite3_bind_text(m_stmt, index, utf8.data() ? utf8.data() : "", int(utf8.size()), SQLITE_TRANSIENT);
}

void SqliteStatement::bind(int index, const QString &text)
{
    if (m_server)
        return bindServer(index, QVariant(text.isNull() ? QStringLiteral("") : text));
    // Short ASCII text (ids, kinds, dates: most of a bulk write's values) is its own UTF-8:
    // narrowed on the stack, without a QByteArray per value. Anything else goes through Qt.
    constexpr qsizetype kStackChars = 256;
    if (text.size() <= kStackChars) {
        char ascii[kStackChars];
        const QChar *chars = text.constData();
        qsizetype i = 0;
        for (; i < text.size() && chars[i].unicode() < 0x80; ++i)
            ascii[i] = char(chars[i].unicode());
        if (i == text.size()) {
            sqlite3_bind_text(m_stmt, index, i == 0 ? "" : ascii, int(i), SQLITE_TRANSIENT);
            return;
        }
    }
    const QByteArray bytes = text.toUtf8();
    sqlite3_bind_text(m_stmt, index, bytes.constData(), int(bytes.size()), SQLITE_TRANSIENT);
}

void SqliteStatement::bindNull(int index)
{
    if (m_server)
        return bindServer(index, QVariant());
    sqlite3_bind_null(m_stmt, index);
}

void SqliteStatement::bindPointer(int index, void *pointer, const char *type)
{
    if (m_stmt)
        sqlite3_bind_pointer(m_stmt, index, pointer, type, nullptr);
}

void SqliteStatement::noteFailure(int code)
{
    m_failedCode = code;
    m_failedText = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("the statement was not prepared");
}

Status SqliteStatement::finished() const
{
    if (m_failedCode != 0 || (!m_stmt && !m_server))
        return error();
    return {};
}

Status SqliteStatement::run()
{
    if (m_server) {
        (void)serverNext();
        m_server->executed = false;
        m_server->query.finish();
        return m_failedCode != 0 ? Status(error()) : Status();
    }
    if (!m_stmt)
        return error();
    const int rc = sqlite3_step(m_stmt);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        // The message first: a reset may replace it.
        m_failedCode = rc;
        m_failedText = QString::fromUtf8(sqlite3_errmsg(m_db));
        sqlite3_reset(m_stmt);
        return error();
    }
    sqlite3_reset(m_stmt);
    return {};
}

void SqliteStatement::reset()
{
    if (m_server) {
        m_server->query.finish();
        m_server->executed = false;
        m_server->bound.clear();
        m_failedCode = 0;
        m_failedText.clear();
        return;
    }
    if (!m_stmt)
        return;
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_failedCode = 0;
    m_failedText.clear();
}

Error SqliteStatement::error() const
{
    if (m_failedCode == 0 && !m_stmt && !m_server)
        return makeError(SQLITE_MISUSE, QStringLiteral("the statement was not prepared"));
    return makeError(m_failedCode, m_failedText);
}

Error SqliteStatement::makeError(int code, const QString &text) const
{
    const int systemErrno = m_stmt ? sqlite3_system_errno(sqlite3_db_handle(m_stmt)) : 0;
    if ((code & 0xff) == SQLITE_FULL || ((code & 0xff) == SQLITE_IOERR && systemErrno == ENOSPC))
        return Error::make(Error::Code::Io,
                           QStringLiteral("%1: the disk is full (%2); free some space and try again").arg(m_path, m_what), text);
    switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return Error::make(Error::Code::Locked,
                           QStringLiteral("%1: the store is locked by another program (%2)").arg(m_path, m_what), text);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return Error::make(Error::Code::Parse,
                           QStringLiteral("%1: the store is corrupt (%2: %3)").arg(m_path, m_what, text), text);
    default:
        return Error::make(Error::Code::Database, QStringLiteral("%1: %2 failed: %3").arg(m_path, m_what, text), text);
    }
}

QString SqliteStatement::qstring(int column) const
{
    const std::string_view v = text(column);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

std::int64_t SqliteStatement::lastInsertId() const
{
    // On the server Qt's driver asks lastval(): the newest value this session drew from a
    // sequence, as the rowid column of memories and the id of events are.
    if (m_server)
        return m_server->query.lastInsertId().toLongLong();
    return m_db ? sqlite3_last_insert_rowid(m_db) : 0;
}

Status SqliteStatement::prepareServer(Database &db, std::string_view sql, Keep keep)
{
    m_server = std::make_unique<ServerRows>(db.m_kept.use(db.handle(), PgDialect::translate(sql), keep == Keep::Prepared));
    if (!m_server->use.isPrepared()) {
        noteServerFailure();
        m_server.reset();
        return error();
    }
    return {};
}

void SqliteStatement::bindServer(int index, const QVariant &value)
{
    m_server->bound[index] = value;
}

bool SqliteStatement::serverNext()
{
    ServerRows &s = *m_server;
    if (!s.executed) {
        s.executed = true;
        for (const auto &[index, value] : s.bound)
            s.query.bindValue(index - 1, value);
        if (!s.query.exec()) {
            noteServerFailure();
            return false;
        }
    }
    const bool row = s.query.next();
    if (!row) {
        if (s.query.lastError().isValid())
            noteServerFailure();
        return false;
    }
    const auto columns = std::size_t(std::max(0, s.query.record().count()));
    s.texts.resize(columns);
    s.haveText.assign(columns, false);
    return true;
}

std::int64_t SqliteStatement::serverInt64(int column) const { return m_server->query.value(column).toLongLong(); }

double SqliteStatement::serverReal(int column) const { return m_server->query.value(column).toDouble(); }

std::string_view SqliteStatement::serverText(int column) const
{
    const ServerRows &s = *m_server;
    const auto c = std::size_t(column);
    if (c >= s.texts.size())
        return {};
    if (!s.haveText[c]) {
        const QVariant v = s.query.value(column);
        // A boolean (json_valid, a comparison) reads as SQLite's 1 or 0.
        s.texts[c] = v.typeId() == QMetaType::Bool ? QByteArray(v.toBool() ? "1" : "0") : v.toString().toUtf8();
        s.haveText[c] = true;
    }
    return std::string_view(s.texts[c].constData(), std::size_t(s.texts[c].size()));
}

bool SqliteStatement::serverIsNull(int column) const { return m_server->query.isNull(column); }

void SqliteStatement::noteServerFailure()
{
    const QSqlError err = m_server->query.lastError();
    m_failedText = err.databaseText().isEmpty() ? err.text() : err.databaseText().trimmed();
    // The SQLite codes the callers tell apart: a key already there, a row another writer holds.
    const QString state = err.nativeErrorCode();
    if (state.startsWith(QLatin1String("23")))
        m_failedCode = SQLITE_CONSTRAINT;
    else if (state == QLatin1String("55P03") || state == QLatin1String("40P01") || state == QLatin1String("40001"))
        m_failedCode = SQLITE_BUSY;
    else
        m_failedCode = SQLITE_ERROR;
}

} // namespace recollector::core
