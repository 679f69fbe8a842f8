#pragma once

#include <QString>

#include <string_view>

namespace recollector::core {

/// The store's SQL, written for SQLite, in the form PostgreSQL runs (docs/team-store.md, "One
/// SQL text"). Most statements need nothing: PgSchema defines SQLite's instr, json_valid,
/// json_extract and json_type on the server, and `rowid` is a column there. What remains is
/// spelt differently, and translated here:
/// - parameters `?NNN` and `?` become `$NNN` (a bare `?` numbered as SQLite numbers it);
/// - `json_each(?N)` over a bound JSON array becomes `json_array_elements_text(CAST($N AS json))`;
/// - `WHERE 0` (the start of a chain of `OR`s) becomes `WHERE false`;
/// - `IS NOT 'x'` becomes `IS DISTINCT FROM 'x'`; SQLite's `NOT INDEXED` hint is dropped;
/// - `INSERT OR IGNORE INTO …` becomes `INSERT INTO … ON CONFLICT DO NOTHING`.
/// Quoted text is never changed.
class PgDialect final
{
public:
    static QString translate(std::string_view sqliteSql);
};

} // namespace recollector::core
