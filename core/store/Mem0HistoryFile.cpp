#include "store/Mem0HistoryFile.h"

#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <memory>

namespace recollector::core {

namespace {

struct CloseDb
{
    void operator()(sqlite3 *db) const { sqlite3_close_v2(db); }
};
struct FinalizeStmt
{
    void operator()(sqlite3_stmt *s) const { sqlite3_finalize(s); }
};
using DbPtr = std::unique_ptr<sqlite3, CloseDb>;
using StmtPtr = std::unique_ptr<sqlite3_stmt, FinalizeStmt>;

Result<DbPtr> openReadOnly(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    if (!QFileInfo(path).isFile())
        return Error::make(Error::Code::Io, QStringLiteral("%1: not a regular file; not read").arg(name));
    sqlite3 *raw = nullptr;
    const int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READONLY, nullptr);
    DbPtr db(raw);
    if (rc != SQLITE_OK)
        return Error::make(Error::Code::Io,
            QStringLiteral("%1: cannot be opened: %2").arg(name, QString::fromUtf8(sqlite3_errstr(rc))));
    sqlite3_busy_timeout(db.get(), 2000);
    return db;
}

QString text(sqlite3_stmt *s, int column)
{
    const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_text(s, column));
    return bytes ? QString::fromUtf8(bytes, sqlite3_column_bytes(s, column)) : QString();
}

/// The columns Mem0's history table must have.
bool hasHistoryTable(sqlite3 *db)
{
    sqlite3_stmt *raw = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_info('history')", -1, &raw, nullptr) != SQLITE_OK)
        return false;
    StmtPtr stmt(raw);
    QStringList columns;
    while (sqlite3_step(stmt.get()) == SQLITE_ROW)
        columns << text(stmt.get(), 0);
    for (const char *needed : { "memory_id", "old_memory", "new_memory", "event", "created_at" }) {
        if (!columns.contains(QLatin1String(needed)))
            return false;
    }
    return true;
}

} // namespace

bool Mem0HistoryFile::looksLike(const QString &path)
{
    QFile f(path);
    if (!QFileInfo(path).isFile() || !f.open(QIODevice::ReadOnly) || !f.read(16).startsWith("SQLite format 3"))
        return false;
    f.close();
    auto db = openReadOnly(path);
    return db && hasHistoryTable(db->get());
}

Result<std::vector<Mem0HistoryRow>> Mem0HistoryFile::read(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    auto db = openReadOnly(path);
    if (!db)
        return db.error();
    if (!hasHistoryTable(db->get()))
        return Error::make(Error::Code::Parse,
            QStringLiteral("%1: an SQLite database without Mem0's history table (memory_id, old_memory, new_memory, "
                           "event, created_at)").arg(name));
    sqlite3_stmt *raw = nullptr;
    const char *sql = "SELECT id, memory_id, old_memory, new_memory, event, created_at, updated_at, is_deleted, "
                      "actor_id, role FROM history ORDER BY created_at, rowid LIMIT ?1";
    if (sqlite3_prepare_v2(db->get(), sql, -1, &raw, nullptr) != SQLITE_OK) {
        // An older table without actor_id / role: the columns every version has.
        sql = "SELECT id, memory_id, old_memory, new_memory, event, created_at, updated_at, is_deleted, "
              "NULL, NULL FROM history ORDER BY created_at, rowid LIMIT ?1";
        if (sqlite3_prepare_v2(db->get(), sql, -1, &raw, nullptr) != SQLITE_OK)
            return Error::make(Error::Code::Parse,
                QStringLiteral("%1: history table cannot be read: %2").arg(name, QString::fromUtf8(sqlite3_errmsg(db->get()))));
    }
    StmtPtr stmt(raw);
    sqlite3_bind_int(stmt.get(), 1, kMaxRows + 1);
    std::vector<Mem0HistoryRow> rows;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
        if (int(rows.size()) >= kMaxRows)
            return Error::make(Error::Code::Validation,
                QStringLiteral("%1: history holds more than %2 rows; not read").arg(name).arg(kMaxRows));
        Mem0HistoryRow r;
        r.id = text(stmt.get(), 0);
        r.memoryId = text(stmt.get(), 1);
        r.oldMemory = text(stmt.get(), 2);
        r.newMemory = text(stmt.get(), 3);
        r.event = text(stmt.get(), 4);
        const QString event = r.event.toUpper();
        r.kind = event == QLatin1String("ADD") ? Mem0HistoryRow::Kind::Add
            : event == QLatin1String("UPDATE") ? Mem0HistoryRow::Kind::Update
            : event == QLatin1String("DELETE") ? Mem0HistoryRow::Kind::Delete
                                               : Mem0HistoryRow::Kind::Unknown;
        r.createdAt = text(stmt.get(), 5);
        r.updatedAt = text(stmt.get(), 6);
        r.isDeleted = sqlite3_column_int(stmt.get(), 7) != 0;
        r.actorId = text(stmt.get(), 8);
        r.role = text(stmt.get(), 9);
        rows.push_back(std::move(r));
    }
    if (rc != SQLITE_DONE)
        return Error::make(Error::Code::Io,
            QStringLiteral("%1: history table: read stopped: %2").arg(name, QString::fromUtf8(sqlite3_errmsg(db->get()))));
    return rows;
}

} // namespace recollector::core
