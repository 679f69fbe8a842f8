#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace recollector::core {

class Database;
class SqliteStatement;

/// One memory the text index matched, with each query term's share of its BM25 score.
struct TextHit
{
    QString id;
    std::int64_t rowid = 0;
    Millis createdAt = 0;
    double bm25 = 0;            ///< the sum of the shares
    std::vector<double> shares; ///< one per query term (its weight applied), in the order given
};

/// A memory written just before or after another one.
struct TimeNeighbour
{
    QString id;
    Millis createdAt = 0;
    int steps = 0; ///< 1 = the next memory written before or after
};

/// Reads the text index (docs/scoring.md, "Text index"). SQL lives here; the ranking that
/// fuses these hits with what the store knows is core/engine/recall.
class TextSearch final
{
public:
    explicit TextSearch(Database &db) : m_db(db) {}

    /// The `limit` best rows for `words` OR-ed (porter-stemmed by the index) and `cjkRuns`
    /// (runs of at least three CJK characters, matched as substrings by the trigram table),
    /// best first by Σ weight·share. `weights` follow words, then cjkRuns (missing ones are 1);
    /// so do the shares.
    [[nodiscard]] Result<std::vector<TextHit>> search(const QStringList &words, const QStringList &cjkRuns,
                                                      int limit, const std::vector<double> &weights = {});
    /// The `each` memories written just before and just after the row (rowid, createdAt),
    /// at most `withinMs` apart from it, nearest first, by creation time then rowid.
    [[nodiscard]] Result<std::vector<TimeNeighbour>> timeNeighbours(std::int64_t rowid, Millis createdAt, int each,
                                                                    Millis withinMs);

    /// At most `limit` memories written in [from, to), by creation time then rowid: what a
    /// query that names a day looks up besides its words.
    /// The rows come as hits without shares.
    [[nodiscard]] Result<std::vector<TextHit>> writtenBetween(Millis from, Millis to, int limit);

    /// FTS5's MATCH expression for `terms`: each one quoted, OR-ed.
    static QString matchExpression(const QStringList &terms);

private:
    /// Best first by Σ shares, then by rowid; at most `limit`.
    static void keepBest(std::vector<TextHit> &hits, int limit);
    /// search() on a team store: PostgreSQL's full-text search (TextSearchServer.cpp).
    [[nodiscard]] Result<std::vector<TextHit>> searchServer(const QStringList &words, const QStringList &cjkRuns,
                                                            int limit, const std::vector<double> &weights);
    /// The hit of the memory on `row` (id, rowid, created_at), added to `hits` when new: the
    /// shares one memory gets from the words and from the CJK runs add up in one hit.
    static TextHit &hitOf(const SqliteStatement &row, std::size_t shareCount, QHash<std::int64_t, std::size_t> &at,
                          std::vector<TextHit> &hits);
    /// One of searchServer()'s two queries (the words', the CJK runs'), its rows added to `hits`.
    [[nodiscard]] Status searchServerPart(const QString &sql, const QStringList &terms, int limit, int firstShare,
                                          const std::vector<double> &weights, std::vector<TextHit> &hits);
    [[nodiscard]] Status searchTable(const char *table, const QStringList &terms, int limit, int firstShare,
                                     const std::vector<double> &weights, std::vector<TextHit> &hits);

    Database &m_db;
};

} // namespace recollector::core
