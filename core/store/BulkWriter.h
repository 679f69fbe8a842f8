#pragma once

#include "model/Association.h"
#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "store/BulkRows.h"

#include <QByteArray>

#include <array>
#include <cstdint>
#include <memory>
#include <span>

namespace recollector::core {

class Database;
class SqliteStatement;

/// The write side of the bulk paths (an import, `recollector-cli generate`): the rows the
/// repositories write, through statements prepared once per writer (on first use) instead of
/// once per row, bound through SQLite's C API on the store's own connection (Qt Sql costs a
/// QVariant, a placeholder name and a hash lookup per bound value; import_100k_s of
/// docs/architecture.md, "Performance budget").
/// Bound parameters only. The caller holds the Transaction, which these statements join.
/// Use on the thread that opened the store.
class BulkWriter final
{
public:
    explicit BulkWriter(Database &db);
    ~BulkWriter();
    BulkWriter(const BulkWriter &) = delete;
    BulkWriter &operator=(const BulkWriter &) = delete;

    /// Every column of `memory`, as MemoryRepository::insert writes it.
    [[nodiscard]] Status insertMemory(const Memory &memory);
    /// The generator's columns; the others keep their defaults.
    [[nodiscard]] Status insertMemory(const MemoryValues &memory);
    /// Appends and sets `event.id`.
    [[nodiscard]] Status appendEvent(Event &event);
    /// The same, with the payload already written as compact JSON (row::toJsonUtf8).
    [[nodiscard]] Status appendEvent(Event &event, const QByteArray &payloadJson);
    [[nodiscard]] Status appendEvent(const EventValues &event);
    /// Appends `events` in order, many to a statement (below); `payloadJson[i]` is the payload
    /// of events[i] as compact JSON. Gives the last one's id (0 for none): the ids are
    /// contiguous. On a failure `failedRow` (when given) is the row that failed, if one did.
    [[nodiscard]] Result<std::int64_t> appendEvents(std::span<const Event> events,
        std::span<const QByteArray> payloadJson, std::size_t *failedRow = nullptr);
    /// A new link; an existing row for the pair is an error.
    [[nodiscard]] Status insertLink(const LinkValues &link);
    /// Writes the link unless the pair already has one at least as strong (one edge per pair,
    /// the strongest kept: docs/scoring.md, "Associations"). `link` must be ordered (a < b).
    [[nodiscard]] Status putLinkIfStronger(const Association &link);
    /// The same for each of `links`, in order, many to a statement.
    [[nodiscard]] Status putLinksIfStronger(std::span<const Association> links, std::size_t *failedRow = nullptr);
    [[nodiscard]] Status insertConflict(const ConflictValues &conflict);
    [[nodiscard]] Result<bool> memoryExists(const QString &id);
    /// Whether the store holds no memory row (deleted ones count as rows).
    [[nodiscard]] Result<bool> hasNoMemories();

    /// Many links into a store that has none: the index on `b` is cheaper built once after
    /// them than kept up link by link. Drops it when the table is empty (true) and leaves it
    /// alone otherwise (false); restoreLinkIndex() builds it again as Schema.cpp defines it.
    /// Both in the caller's transaction, so a rollback brings the index back.
    [[nodiscard]] Result<bool> deferLinkIndex();
    [[nodiscard]] Status restoreLinkIndex();

    /// Rows per statement of the many-row writes (appendEvents, putLinksIfStronger). SQLite's
    /// work per statement (opening the table's and each index's cursor, the statement journal,
    /// ending it) is paid once per 100 rows, not per row (docs/architecture.md#data-safety,
    /// "Many rows to a statement").
    static constexpr int kRowsPerStatement = 100;

private:
    enum Kind { kMemory, kMemoryValues, kEvent, kLink, kLinkIfStronger, kConflict, kExists, kKinds };
    /// The statement of `kind` for one row (`many` false) or for kRowsPerStatement rows,
    /// prepared on first use; nullptr with `error` set when it fails.
    SqliteStatement *statement(Kind kind, Error &error, bool many = false);
    /// True when the query (`SELECT 1 FROM … LIMIT 1`) finds no row.
    Result<bool> noRowIn(const char *selectOne, const QString &what);
    /// Writes `count` rows of `kind` (`columns` values each): kRowsPerStatement to a
    /// statement, the rest one by one. `bindRow(statement, firstIndex, row)` binds one row.
    template <typename BindRow>
    Status writeRows(Kind kind, int columns, std::size_t count, BindRow bindRow, std::size_t *failedRow);

    Database &m_db;
    std::array<std::unique_ptr<SqliteStatement>, kKinds> m_statements;
    std::array<std::unique_ptr<SqliteStatement>, kKinds> m_manyRowStatements;
};

} // namespace recollector::core
