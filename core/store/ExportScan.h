#pragma once

#include "model/Result.h"

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace recollector::core {

class Database;

// Rows of an export (docs/formats.md, "Recollector memory set") as stored: text as UTF-8 views into
// SQLite's row buffer, valid only during the visitor's call; JSON columns as their stored text.

/// One `memories` row, every column (row::memoryColumns() order).
struct MemoryExportRow
{
    std::string_view id, content, category, keywordsJson;
    std::string_view sourceType, taskId, chatId, messageId;
    double confidence = 0;
    std::int64_t createdAt = 0, updatedAt = 0, lastAccessedAt = 0, lastReinforcedAt = 0;
    std::int64_t accessCount = 0, reinforceCount = 0;
    std::string_view projectPath;
    double strength = 0, stability = 0, decayRate = 0, importance = 0;
    std::int64_t verified = 0, permanent = 0, negated = 0, negatedAt = 0;
    std::string_view correctionHistoryJson, level;
    std::int64_t compressed = 0;
    std::string_view compressedFrom, mergedFromJson, mergedInto, sourceIdsJson, originalContentsJson;
    std::int64_t sensitivity = 0;
    std::string_view modalitiesJson;
    std::int64_t deletedAt = 0, superseded = 0;
    std::string_view supersedesId;
    std::optional<double> agentImportance;
    std::string_view agentTier, extraJson;
};

struct LinkExportRow
{
    std::string_view a, b, type;
    double weight = 0;
    std::int64_t createdAt = 0;
};

struct EventExportRow
{
    std::int64_t id = 0;
    std::string_view memoryId, kind, actor;
    std::int64_t at = 0;
    std::string_view payloadJson;
};

/// Each text view of a row, for a copy that outlives the visit (io::RowRelay).
template <typename F>
void forEachText(MemoryExportRow &r, F f)
{
    for (std::string_view *text :
         {&r.id, &r.content, &r.category, &r.keywordsJson, &r.sourceType, &r.taskId, &r.chatId, &r.messageId,
          &r.projectPath, &r.correctionHistoryJson, &r.level, &r.compressedFrom, &r.mergedFromJson, &r.mergedInto,
          &r.sourceIdsJson, &r.originalContentsJson, &r.modalitiesJson, &r.supersedesId, &r.agentTier, &r.extraJson})
        f(*text);
}
template <typename F>
void forEachText(LinkExportRow &r, F f)
{
    for (std::string_view *text : {&r.a, &r.b, &r.type})
        f(*text);
}
template <typename F>
void forEachText(EventExportRow &r, F f)
{
    for (std::string_view *text : {&r.memoryId, &r.kind, &r.actor, &r.payloadJson})
        f(*text);
}

/// The whole store read for an export through the C API (SqliteStatement), each table in the
/// order the Exporter writes it: memories by id, links by (a, b), events by id (SQLite's
/// BINARY order, i.e. UTF-8 bytes; the writer checks it against the documented order). A
/// visitor returns false to stop the scan early (then the call returns success).
class ExportScan final
{
public:
    explicit ExportScan(Database &db)
        : m_db(db)
    {
    }

    /// True when the store holds what only the collecting export handles: a level-3 memory,
    /// or an event payload that may be sealed text.
    [[nodiscard]] Result<bool> holdsSealedRows() const;
    [[nodiscard]] Status memories(const std::function<bool(const MemoryExportRow &)> &visit) const;
    [[nodiscard]] Status links(const std::function<bool(const LinkExportRow &)> &visit) const;
    [[nodiscard]] Status events(const std::function<bool(const EventExportRow &)> &visit) const;

private:
    Database &m_db;
};

} // namespace recollector::core
