#pragma once

#include <QStringList>

#include <array>

namespace recollector::core::schema {

/// Schema v5: the text index (docs/scoring.md, "Text index"). Two contentless FTS5 tables
/// keyed by the memories' rowid, kept in step by triggers on `memories`, so every write
/// (a decision, an undo, a bulk import, a purge) updates them in its own transaction:
///  - `memory_text` (porter over unicode61): content, keywords and the title and description
///    other systems keep (extra.title, extra.description);
///  - `memory_text_cjk` (trigram): the same text, only for memories that contain CJK.
/// Level-3 rows are never indexed (sealed or not). Also the `memories_created` index the
/// temporal neighbours of a hit are read with. Ends by indexing the rows already there.
QStringList textIndexV5();

/// The trigger of textIndexV5() that indexes an inserted memory, as it creates it.
QString textIndexInsertTrigger();

/// The two statements that index, in both tables, the memories the insert trigger would
/// have indexed, read as `m` from `memories`; `rows` (SQL over `m`, may hold parameters)
/// narrows them, empty for all (DeferredTextIndex: the rows a bulk insert wrote).
QStringList textIndexFill(const QString &rows);

/// The columns of `memories` the index is made from: an update that changes none of them
/// leaves the index as it is (its update trigger, MemoryRepository::update).
inline constexpr std::array<const char *, 4> kIndexedColumns{"content", "keywords", "extra", "sensitivity"};

/// The FTS5 table names, for the search side.
inline constexpr const char *kTextTable = "memory_text";
inline constexpr const char *kCjkTable = "memory_text_cjk";
inline constexpr const char *kInsertTrigger = "memory_text_insert";

} // namespace recollector::core::schema
