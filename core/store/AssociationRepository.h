#pragma once

#include "model/Association.h"
#include "model/Result.h"
#include "store/ScanRows.h"

#include <QStringList>

#include <functional>
#include <vector>

namespace recollector::core {

class Database;

/// The `associations` table: one row per unordered pair (a < b).
class AssociationRepository final
{
public:
    explicit AssociationRepository(Database &db) : m_db(db) {}

    /// Inserts or replaces the pair's row (the pair is ordered here).
    [[nodiscard]] Status put(Association association);
    /// Keeps the stronger of the existing row and `association` (one edge per pair:
    /// docs/scoring.md, "Associations").
    [[nodiscard]] Status putIfStronger(Association association);
    [[nodiscard]] Result<std::optional<Association>> get(const QString &x, const QString &y) const;
    [[nodiscard]] Status remove(const QString &x, const QString &y);
    /// Every link touching `id`.
    [[nodiscard]] Result<std::vector<Association>> of(const QString &id) const;
    /// Those of `ids` that no link touches, in the given order: one statement through the C
    /// API, reused for every id (an import asks this of 100,000 memories).
    [[nodiscard]] Result<QStringList> unlinked(const QStringList &ids) const;
    [[nodiscard]] Status forEach(const std::function<bool(const Association &)> &visit) const;
    [[nodiscard]] Result<std::vector<Association>> all() const;
    /// Every link as views (ScanRows.h) through SQLite's C API: the whole-store graph reads
    /// millions of them. `visit` returns false to stop.
    [[nodiscard]] Status scanLinks(const std::function<bool(const LinkRow &)> &visit) const;
    /// The user-drawn (`manual`) links.
    [[nodiscard]] Result<std::vector<Association>> manual() const;
    [[nodiscard]] Result<qint64> count() const;
    /// Removes every link except the user-drawn (`manual`) ones unless `includeManual`.
    [[nodiscard]] Status clear(bool includeManual = false);

private:
    Database &m_db;
};

} // namespace recollector::core
