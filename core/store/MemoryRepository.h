#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <QStringList>

#include <functional>
#include <vector>

namespace engram::core {

class Database;

/// The `memories` table. Bound parameters only; each method is one statement or a loop of
/// one prepared statement; callers wrap multi-step writes in a Transaction.
class MemoryRepository final
{
public:
    explicit MemoryRepository(Database &db) : m_db(db) {}

    [[nodiscard]] Result<Memory> get(const QString &id) const;
    [[nodiscard]] Result<bool> contains(const QString &id) const;
    /// Every memory, deleted ones included when `includeDeleted`; ordered by rowid.
    [[nodiscard]] Result<std::vector<Memory>> all(bool includeDeleted = true) const;
    /// Streams every memory without holding them all; `visit` returns false to stop.
    [[nodiscard]] Status forEach(const std::function<bool(const Memory &)> &visit, bool includeDeleted = true) const;
    [[nodiscard]] Result<std::vector<Memory>> byIds(const QStringList &ids) const;
    [[nodiscard]] Result<qint64> count(bool includeDeleted = false) const;

    [[nodiscard]] Status insert(const Memory &memory);
    /// Replaces every column of an existing row; NotFound if the id is absent.
    [[nodiscard]] Status update(const Memory &memory);
    [[nodiscard]] Status upsert(const Memory &memory);
    /// Removes the row for good (purge). Associations go with it (ON DELETE CASCADE).
    [[nodiscard]] Status remove(const QString &id);

    /// The column list in the order bind/read use, for bulk paths (engram-cli generate, bench).
    static QString columnList();

private:
    Status write(const Memory &memory, const QString &verb);
    Database &m_db;
};

} // namespace engram::core
