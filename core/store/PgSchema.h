#pragma once

#include <QStringList>

namespace recollector::core::pg_schema {

/// The table that holds a PostgreSQL store's schema version: one row, the same number as
/// SQLite's `PRAGMA user_version` (Database::kSchemaVersion).
inline constexpr const char *kVersionTable = "recollector_schema";

/// Statements that create the current schema on an empty PostgreSQL database, the version
/// row included; run in one transaction (docs/team-store.md, "Schema").
QStringList createCurrent(int version);

/// Statements that take a PostgreSQL store from version `from` to `from + 1`. None yet: the
/// first PostgreSQL layout is version 5; a later version adds its step here.
QStringList migrationFrom(int from);

} // namespace recollector::core::pg_schema
