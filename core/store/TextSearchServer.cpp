// TextSearch's PostgreSQL half (docs/team-store.md#text-search): PostgreSQL's own full-text
// search in place of SQLite's FTS5 tables, which a team store does not have. Each query word
// is an English tsquery (stemmed as the porter tokenizer stems), its share the ts_rank of that
// word alone times the word's rarity (BM25's idf); a CJK run is a substring of the text, its
// share 1. The words are looked up through the GIN index on the same vector (PgSchema,
// memories_text), and the server sends only the best rows, as FtsBest keeps only those on
// SQLite.
#include "store/TextSearch.h"

#include "store/PgSchema.h"
#include "store/SqliteStatement.h"

#include <QHash>

namespace recollector::core {

namespace {

// The memories matching any of `terms` (parameters ?1 … ?terms), one share column per term,
// the best `limit` first by the weighted sum (weights ?terms+1 …, the limit the last parameter).
QString bestOf(const QString &from, const QStringList &shares, int terms)
{
    QStringList named, score;
    for (int i = 1; i <= terms; ++i) {
        named << QStringLiteral("%1 AS s%2").arg(shares[i - 1]).arg(i);
        score << QStringLiteral("r.s%1 * ?%2").arg(i).arg(terms + i);
    }
    return QStringLiteral("SELECT r.* FROM (SELECT id, rowid, created_at, %1 FROM %2) r ORDER BY %3 DESC, r.rowid "
                          "LIMIT ?%4")
        .arg(named.join(QStringLiteral(", ")), from, score.join(QStringLiteral(" + ")))
        .arg(2 * terms + 1);
}

QString wordsSql(int words)
{
    QStringList queries, shares, any;
    for (int i = 1; i <= words; ++i) {
        queries << QStringLiteral("plainto_tsquery('english', ?%1) AS q%1").arg(i);
        // ts_rank knows nothing of the other memories: weighed by how rare the word is, as
        // BM25 weighs it on SQLite (its idf: the memories holding the word, counted over the
        // matches; all memories, the planner's count, or the matches when it has none).
        const QString holding = QStringLiteral("count(*) FILTER (WHERE m.v @@ q.q%1) OVER ()").arg(i);
        // ts_rank gives one match 0.0607927 (its weight of an unlabelled word, 0.1, through
        // its frequency curve), two 0.076: divided by the first, one match counts 1 and more
        // saturate, as BM25's term frequency does on SQLite at an average length. The shares
        // (the words' weights a recall shows) are then of one scale on both engines, and a
        // word weighs as much beside a CJK run (share 1) as it does there.
        shares << QStringLiteral("CASE WHEN m.v @@ q.q%1 THEN ts_rank(m.v, q.q%1) / 0.0607927 ELSE 0 END * "
                                 "ln(1.0 + (greatest(q.n, count(*) OVER ()) - %2 + 0.5) / (%2 + 0.5))")
                      .arg(i)
                      .arg(holding);
        any << QStringLiteral("plainto_tsquery('english', ?%1)").arg(i);
    }
    queries << QStringLiteral("(SELECT greatest(reltuples, 1)::float8 FROM pg_class WHERE oid = 'memories'::regclass) AS n");
    // OFFSET 0 keeps the subquery whole: each row's vector made once, not once per use.
    const QString from = QStringLiteral("(SELECT id, rowid, created_at, %1 AS v FROM memories WHERE sensitivity < 3 "
                                        "AND %1 @@ (%2) OFFSET 0) m, (SELECT %3) q")
                             .arg(pg_schema::textVector(), any.join(QStringLiteral(" || ")), queries.join(QStringLiteral(", ")));
    return bestOf(from, shares, words);
}

QString cjkSql(int runs)
{
    QStringList shares, any;
    for (int i = 1; i <= runs; ++i) {
        shares << QStringLiteral("CASE WHEN strpos(m.t, ?%1) > 0 THEN 1.0 ELSE 0 END").arg(i);
        any << QStringLiteral("strpos(a.t, ?%1) > 0").arg(i);
    }
    // Each row's text made once (OFFSET 0 keeps the inner query whole), not once per run.
    const QString from = QStringLiteral("(SELECT a.* FROM (SELECT id, rowid, created_at, %1 AS t FROM memories "
                                        "WHERE sensitivity < 3 OFFSET 0) a WHERE %2) m")
                             .arg(pg_schema::textFields(), any.join(QStringLiteral(" OR ")));
    return bestOf(from, shares, runs);
}

} // namespace

Status TextSearch::searchServerPart(const QString &sql, const QStringList &terms, int limit, int firstShare,
                                    const std::vector<double> &weights, std::vector<TextHit> &hits)
{
    if (terms.isEmpty())
        return {};
    const QByteArray text = sql.toUtf8();
    SqliteStatement q(m_db, std::string_view(text.constData(), std::size_t(text.size())),
                      QStringLiteral("searching the text"));
    if (!q.isValid())
        return q.error();
    const int n = int(terms.size());
    for (int i = 0; i < n; ++i) {
        q.bind(1 + i, terms[i]);
        q.bind(1 + n + i, weights[std::size_t(firstShare + i)]);
    }
    q.bind(2 * n + 1, std::int64_t(limit));
    QHash<std::int64_t, std::size_t> at;
    for (std::size_t i = 0; i < hits.size(); ++i)
        at.insert(hits[i].rowid, i);
    return q.forEachRow([&](const SqliteStatement &row) {
        TextHit &hit = hitOf(row, weights.size(), at, hits);
        for (int i = 0; i < n; ++i) {
            const double share = row.real(3 + i) * weights[std::size_t(firstShare + i)];
            hit.shares[std::size_t(firstShare + i)] += share;
            hit.bm25 += share;
        }
        return true;
    });
}

Result<std::vector<TextHit>> TextSearch::searchServer(const QStringList &words, const QStringList &cjkRuns, int limit,
                                                      const std::vector<double> &weights)
{
    std::vector<TextHit> hits;
    if (const Status st = searchServerPart(wordsSql(int(words.size())), words, limit, 0, weights, hits); !st)
        return st.error();
    if (const Status st = searchServerPart(cjkSql(int(cjkRuns.size())), cjkRuns, limit, int(words.size()), weights, hits);
        !st)
        return st.error();
    keepBest(hits, limit);
    return hits;
}

} // namespace recollector::core
