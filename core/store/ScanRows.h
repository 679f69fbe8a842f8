#pragma once

#include "model/Memory.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace recollector::core {

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

/// Which memories may be a memory's link or contradiction neighbours (KeywordIndex::buildAround):
/// any that holds one of `keywords`, shares a task or project, or was created in one of
/// `timeRanges` (UTC ms, both ends included).
struct NeighbourQuery
{
    /// Text searched for in the keywords column, ASCII case folded (a superset test: the
    /// caller checks the parsed keywords).
    std::vector<std::string> keywords;
    std::vector<std::string> taskIds;
    std::vector<std::string> projectPaths;
    std::vector<std::pair<std::int64_t, std::int64_t>> timeRanges;
    static constexpr std::size_t kMaxTerms = 200; ///< more terms in one query are refused
    std::size_t terms() const { return keywords.size() + taskIds.size() + projectPaths.size() + timeRanges.size(); }
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

/// The columns of the window's in-memory snapshot (SnapshotLoader). The numbers, flags and
/// level go straight into `scoring`, a Memory reused from row to row, so the scoring profiles
/// see exactly what the repository would give them; its text fields are not read here (the
/// views are) and are left to the caller, which may set them (the category) before scoring.
struct SnapshotRow
{
    std::int64_t rowid = 0;
    std::string_view id;
    std::string_view content;
    std::string_view category;
    std::string_view keywordsJson;
    std::string_view sourceType;
    std::string_view projectPath;
    /// The memory's own title and one-line description, as an assistant's memory file names
    /// it (Claude Code's front matter `name` / `description`, kept in `extra`); mostly empty.
    std::string_view name;
    std::string_view description;
    /// Level 3 with sealed text and the store locked (or the text damaged): content and
    /// keywords are empty, the views show "locked".
    bool locked = false;
    Memory scoring;
};

/// One link as the association graph reads it.
struct LinkRow
{
    std::string_view a;
    std::string_view b;
    std::string_view type;
    double weight = 0;
};

} // namespace recollector::core
