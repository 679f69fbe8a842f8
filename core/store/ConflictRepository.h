#pragma once

#include "model/Conflict.h"
#include "model/Result.h"

#include <optional>
#include <vector>

namespace recollector::core {

class Database;

/// The `conflicts` table.
class ConflictRepository final
{
public:
    explicit ConflictRepository(Database &db) : m_db(db) {}

    /// Inserts and sets `conflict.id`.
    [[nodiscard]] Status insert(Conflict &conflict);
    [[nodiscard]] Status update(const Conflict &conflict);
    /// Deletes the row (only for reverting the decision that created it); NotFound if absent.
    [[nodiscard]] Status remove(qint64 id);
    [[nodiscard]] Result<Conflict> get(qint64 id) const;
    /// All conflicts, or those with `status` when given; oldest first. A row with a type,
    /// status or resolution that is not one of the known names is an error naming the field.
    [[nodiscard]] Result<std::vector<Conflict>> list(std::optional<ConflictStatus> status = {}) const;
    /// Any conflict (of any status) between the two memories, in either order.
    [[nodiscard]] Result<std::vector<Conflict>> between(const QString &x, const QString &y) const;
    [[nodiscard]] Result<qint64> countOpen() const;

private:
    Database &m_db;
};

} // namespace recollector::core
