#pragma once

#include "model/Memory.h"
#include "model/Result.h"
#include "store/ScanRows.h"

#include <QHash>
#include <QStringList>
#include <QVariant>

#include <functional>
#include <string_view>
#include <vector>

namespace recollector::core {

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

    /// The column list in the order bind/read use, for bulk paths (recollector-cli generate, bench).
    static QString columnList();

    // Bulk scans for the engine and the snapshot (MemoryRepositoryScans.cpp): one prepared
    // statement through SQLite's C API, rows handed over as views (ScanRows.h), so a million
    // rows cost no QVariant or QString each. In rowid order; `visit` returns false to stop.
    // Deleted memories are included (callers tell them apart by deletedAt).

    [[nodiscard]] Result<IdTotals> idTotals() const;
    [[nodiscard]] Status scanIds(const std::function<bool(std::string_view id)> &visit) const;
    /// The ids of the level-3 memories whose text is sealed (docs/formats.md, "Encryption at rest").
    [[nodiscard]] Status scanSealedIds(const std::function<bool(std::string_view id)> &visit) const;
    [[nodiscard]] Status scanKeywordRows(const std::function<bool(const KeywordRow &)> &visit) const;
    /// The rows of scanKeywordRows that match `query` (one pass, in rowid order); a query of
    /// more than NeighbourQuery::kMaxTerms terms is refused (Validation).
    [[nodiscard]] Status scanNeighbourRows(const NeighbourQuery &query,
                                           const std::function<bool(const KeywordRow &)> &visit) const;
    [[nodiscard]] Status scanConflictInputs(const std::function<bool(const ConflictInputRow &)> &visit) const;
    /// Rows with a rowid above `afterRowid`, at most `limit` of them (-1 = all). One row object
    /// is reused; `visit` may change it.
    [[nodiscard]] Status scanSnapshotRows(std::int64_t afterRowid, std::int64_t limit,
                                          const std::function<bool(SnapshotRow &)> &visit) const;
    /// The highest rowid (0 when empty): an index lookup, a cheap bound for reserving.
    [[nodiscard]] Result<std::int64_t> maxRowid() const;
    [[nodiscard]] Result<TableShape> shape() const;
    /// The rowids of those of `ids` that are in the store, in one query.
    [[nodiscard]] Result<QHash<QString, std::int64_t>> rowidsOf(const QStringList &ids) const;

private:
    /// Whether the row's text-index columns (content, keywords, extra, sensitivity) differ from
    /// `values` (memoryColumns() order); true when the row is missing.
    Result<bool> indexedTextDiffers(const QString &id, const QVariantList &values) const;
    Status write(const Memory &memory, const QString &verb);
    /// The row form of a memory about to be written (SealedRow): level-3 text sealed; a
    /// raise seals the memory's past events too.
    Result<Memory> sealForWrite(const Memory &memory);
    /// Whether the stored row's text is plain (below level 3, or level 3 without an
    /// envelope); false when there is no row.
    Result<bool> storedPlain(const QString &id) const;
    /// Whether meta holds a passphrase's salt (StoreSeal).
    Result<bool> hasPassphrase() const;
    Database &m_db;
};

} // namespace recollector::core
