#pragma once

#include "model/Association.h"
#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "store/BulkRows.h"

#include <array>
#include <cstdint>
#include <memory>

namespace engram::core {

class Database;
class SqliteStatement;

/// The write side of the bulk paths (an import, `engram-cli generate`): the rows the
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
    /// A new link; an existing row for the pair is an error.
    [[nodiscard]] Status insertLink(const LinkValues &link);
    /// Writes the link unless the pair already has one at least as strong (one edge per pair,
    /// the strongest kept: docs/scoring.md, "Associations"). `link` must be ordered (a < b).
    [[nodiscard]] Status putLinkIfStronger(const Association &link);
    [[nodiscard]] Status insertConflict(const ConflictValues &conflict);
    [[nodiscard]] Result<bool> memoryExists(const QString &id);

    /// Many links into a store that has none: the index on `b` is cheaper built once after
    /// them than kept up link by link. Drops it when the table is empty (true) and leaves it
    /// alone otherwise (false); restoreLinkIndex() builds it again as Schema.cpp defines it.
    /// Both in the caller's transaction, so a rollback brings the index back.
    [[nodiscard]] Result<bool> deferLinkIndex();
    [[nodiscard]] Status restoreLinkIndex();

private:
    enum Kind { kMemory, kMemoryValues, kEvent, kLink, kLinkIfStronger, kConflict, kExists, kKinds };
    /// The statement of `kind`, prepared on first use; nullptr with `error` set when it fails.
    SqliteStatement *statement(Kind kind, Error &error);

    Database &m_db;
    std::array<std::unique_ptr<SqliteStatement>, kKinds> m_statements;
};

} // namespace engram::core
