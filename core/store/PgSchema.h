#pragma once

#include <QStringList>

namespace recollector::core::pg_schema {

/// The table that holds a PostgreSQL store's schema version: one row, the same number as
/// SQLite's `PRAGMA user_version` (Database::kSchemaVersion).
inline constexpr const char *kVersionTable = "recollector_schema";

/// The words' index of TextSearch: a search reads the matching memories' rows, not every row.
/// Secret memories (level 3) are not in it, as they are not in SQLite's text index.
inline constexpr const char *kTextIndex = "memories_text";
/// The text a search reads: content, keywords, and the title and description other systems
/// keep, as one text.
QString textFields();
/// The words that index holds, made from textFields(): a search says it the same way, so the
/// planner reads the index (TextSearchServer.cpp).
QString textVector();
/// The statement that creates it.
QString textIndex();

/// Statements that create the current schema on an empty PostgreSQL database, the version
/// row included; run in one transaction (docs/team-store.md, "Schema").
QStringList createCurrent(int version);

/// Statements that take a PostgreSQL store from version `from` to `from + 1`. None yet: the
/// first PostgreSQL layout is version 5; a later version adds its step here.
QStringList migrationFrom(int from);

} // namespace recollector::core::pg_schema
