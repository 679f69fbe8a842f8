#pragma once

#include <cstdint>
#include <vector>

struct sqlite3;

namespace recollector::core {

/// The best rows of one text search, and each query term's share of their BM25 score, kept
/// by the FTS5 auxiliary function `recollector_best(table, ?)` as it is called for every
/// matching row (docs/scoring.md, "Text index"). Bound to the `?` as a pointer
/// (`sqlite3_bind_pointer`, type kPointerType), so only the best `limit` rows are kept: no
/// sort of all the matches, no second query, and no row length read for a match that could
/// not be among them (docs/scoring.md#text-index).
class FtsBest final
{
public:
    static constexpr const char *kPointerType = "recollector_fts_best";
    struct Row
    {
        std::int64_t rowid = 0;
        double score = 0;            ///< Σ weight·share
        std::vector<double> shares;  ///< one per query phrase, unweighted, in query order
    };

    /// `weights`: one per query phrase (missing ones are 1).
    FtsBest(std::vector<double> weights, int limit) : m_weights(std::move(weights)), m_limit(limit) {}

    /// Whether a row whose shares are at most `mostShares` could still be kept: false once
    /// `limit` rows are kept and the worst of them is better than that.
    bool couldEnter(std::int64_t rowid, const std::vector<double> &mostShares) const;
    /// Called by the function for each matching row that could enter.
    void offer(std::int64_t rowid, std::vector<double> &&shares);
    /// The rows kept, best first (score, then the smaller rowid).
    std::vector<Row> take();

private:
    double scoreOf(const std::vector<double> &shares) const;

    std::vector<double> m_weights;
    int m_limit;
    std::vector<Row> m_heap; ///< the worst kept row on top
};

/// Registers FTS5's auxiliary function `recollector_best` (BM25 as FTS5's bm25(): k1 = 1.2,
/// b = 0.75, every column weighted 1, with Lucene's idf).
class FtsTerms final
{
public:
    /// Registers the function on `db` (once per connection). False when SQLite has no FTS5.
    static bool registerOn(sqlite3 *db);
};

} // namespace recollector::core
