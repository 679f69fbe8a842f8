#pragma once

struct sqlite3;

namespace recollector::core {

/// Two FTS5 auxiliary functions (docs/scoring.md, "Text index"):
///  - `recollector_terms(table)`: for the current row, each query phrase's share of its BM25
///    score, as text "s0 s1 …" (one number per phrase, in query order; 0 where the phrase is
///    absent), so a recalled memory can say which of its words counted and how much;
///  - `recollector_rank(table, w0, w1, …)`: −Σ wᵢ·sᵢ, the rank recall sorts by
///    (`rank MATCH 'recollector_rank(…)'`), with a weight per query term.
/// BM25 as FTS5's bm25() (k1 = 1.2, b = 0.75, every column weighted 1) with Lucene's idf.
class FtsTerms final
{
public:
    /// Registers the function on `db` (once per connection). False when SQLite has no FTS5.
    static bool registerOn(sqlite3 *db);
};

} // namespace recollector::core
