#pragma once

struct sqlite3;

namespace recollector::core {

/// The FTS5 auxiliary function `recollector_terms(table)` (docs/scoring.md, "Text index"):
/// for the current row, each query phrase's share of the row's BM25 score, as text
/// "w0 w1 …" (one number per phrase, in query order; 0 where the phrase is absent). The
/// shares add up to −bm25(table): the same formula as FTS5's own (k1 = 1.2, b = 0.75, every
/// column weighted 1), so a recalled memory can say which of its words counted and how much.
class FtsTerms final
{
public:
    /// Registers the function on `db` (once per connection). False when SQLite has no FTS5.
    static bool registerOn(sqlite3 *db);
};

} // namespace recollector::core
