#pragma once

#include <cstdint>
#include <string_view>

namespace engram::core {

// Rows of the repositories' bulk scans: text as UTF-8 views into SQLite's row buffer, valid
// only during the visitor's call (copy what must outlive it), numbers as they are stored.
// No QString or QVariant per value: a scan of a million memories costs what SQLite costs.

/// The sizes of every memory id, to reserve before a scan of all of them.
struct IdTotals
{
    std::int64_t rows = 0;
    std::int64_t idBytes = 0;
};

/// The row count and the highest rowid of `memories` (a reload is due when either moves
/// without an event).
struct TableShape
{
    std::int64_t rows = 0;
    std::int64_t maxRowid = 0;
};

/// What the keyword index keeps of a memory (KeywordIndex::build).
struct KeywordRow
{
    std::string_view id;
    std::string_view keywordsJson; ///< the stored JSON array of strings
    std::string_view taskId;
    std::string_view projectPath;
    std::int64_t createdAt = 0;
    std::int64_t deletedAt = 0;
};

/// What the contradiction rule reads of a memory (ConflictDetector::findAll).
struct ConflictInputRow
{
    std::string_view id;
    std::string_view content;
    std::string_view projectPath;
    std::string_view mergedInto;
    std::int64_t createdAt = 0;
    std::int64_t deletedAt = 0;
    bool negated = false;
    bool superseded = false;
};

/// The columns of the window's in-memory snapshot (SnapshotLoader).
struct SnapshotRow
{
    std::int64_t rowid = 0;
    std::string_view id;
    std::string_view content;
    std::string_view category;
    std::string_view keywordsJson;
    std::string_view sourceType;
    std::string_view projectPath;
    std::string_view level;
    double confidence = 0;
    double stability = 0;
    double decayRate = 0;
    double importance = 0;
    std::int64_t createdAt = 0;
    std::int64_t updatedAt = 0;
    std::int64_t lastAccessedAt = 0;
    std::int64_t lastReinforcedAt = 0;
    std::int64_t negatedAt = 0;
    std::int64_t deletedAt = 0;
    int accessCount = 0;
    int reinforceCount = 0;
    int sensitivity = 0;
    bool verified = false;
    bool permanent = false;
    bool negated = false;
    bool compressed = false;
    bool superseded = false;
};

/// One link as the association graph reads it.
struct LinkRow
{
    std::string_view a;
    std::string_view b;
    std::string_view type;
    double weight = 0;
};

} // namespace engram::core
