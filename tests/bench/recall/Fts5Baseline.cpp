#include "Fts5Baseline.h"

#include <sqlite3.h>

namespace recollector::bench {

Fts5Baseline::Fts5Baseline()
{
    if (sqlite3_open(":memory:", &m_db) != SQLITE_OK
        || sqlite3_exec(m_db, "CREATE VIRTUAL TABLE memory USING fts5(content, tokenize='porter')", nullptr, nullptr,
                        nullptr)
            != SQLITE_OK) {
        sqlite3_close(m_db);
        m_db = nullptr;
    }
}

Fts5Baseline::~Fts5Baseline() { sqlite3_close(m_db); }

void Fts5Baseline::add(long long row, const QString &text)
{
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(m_db, "INSERT INTO memory(rowid, content) VALUES (?, ?)", -1, &stmt, nullptr);
    const QByteArray utf8 = text.toUtf8();
    sqlite3_bind_int64(stmt, 1, row);
    sqlite3_bind_text(stmt, 2, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
    sqlite3_step(stmt);
    sqlite3_finalize(stmt);
}

std::vector<long long> Fts5Baseline::top(const QString &matchExpression, int k) const
{
    std::vector<long long> rows;
    if (matchExpression.isEmpty())
        return rows;
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(m_db, "SELECT rowid FROM memory WHERE memory MATCH ? ORDER BY bm25(memory) LIMIT ?", -1, &stmt,
                       nullptr);
    const QByteArray utf8 = matchExpression.toUtf8();
    sqlite3_bind_text(stmt, 1, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int(stmt, 2, k);
    while (sqlite3_step(stmt) == SQLITE_ROW)
        rows.push_back(sqlite3_column_int64(stmt, 0));
    sqlite3_finalize(stmt);
    return rows;
}

} // namespace recollector::bench
