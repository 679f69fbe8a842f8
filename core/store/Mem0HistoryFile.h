#pragma once

#include "model/Result.h"

#include <QString>

#include <vector>

namespace recollector::core {

/// One row of the Mem0 library's `history` table (docs/formats.md, "Mem0 history database"):
/// what happened to one memory (event ADD, UPDATE or DELETE), its text before and after, when.
/// Plain values; nothing of SQLite.
struct Mem0HistoryRow
{
    /// `event`, read here (its three words are SQL's too, so they are spelled in core/store).
    enum class Kind { Add, Update, Delete, Unknown };
    Kind kind = Kind::Unknown;
    QString id;
    QString memoryId;
    QString oldMemory;
    QString newMemory;
    QString event;
    QString createdAt;
    QString updatedAt;
    bool isDeleted = false;
    QString actorId;
    QString role;
};

/// Reads another program's SQLite file: the open-source Mem0 library's history database
/// (`~/.mem0/history.db`), read-only, through SQLite itself; the one place outside the store's
/// own tables where Recollector runs SQL, so it lives here with the rest (docs/architecture.md,
/// "core/store"). Never writes, never creates the file.
class Mem0HistoryFile final
{
public:
    static constexpr int kMaxRows = 1'000'000;

    /// Whether `path` is an SQLite database holding a `history` table with Mem0's columns.
    static bool looksLike(const QString &path);
    /// Every row, oldest first (created_at, then the table's order). A file that is no SQLite
    /// database, has no such table, or more than kMaxRows rows is one error naming it.
    [[nodiscard]] static Result<std::vector<Mem0HistoryRow>> read(const QString &path);
};

} // namespace recollector::core
