// TextSearch's PostgreSQL half (docs/team-store.md#text-search): PostgreSQL's own full-text
// search in place of SQLite's FTS5 tables, which a team store does not have. Each query word
// is an English tsquery (stemmed as the porter tokenizer stems), its share the ts_rank of that
// word alone; a CJK run is a substring of the text, its share 1.
#include "store/TextSearch.h"

#include "store/SqliteStatement.h"

namespace recollector::core {

namespace {

QString serverSql(int words, int cjkRuns)
{
    QStringList queries;
    QStringList shares;
    QStringList any;
    for (int i = 1; i <= words; ++i) {
        queries << QStringLiteral("plainto_tsquery('english', ?) AS q%1").arg(i);
        shares << QStringLiteral("CASE WHEN m.v @@ q.q%1 THEN ts_rank(m.v, q.q%1) ELSE 0 END").arg(i);
        any << QStringLiteral("q.q%1").arg(i);
    }
    for (int i = 1; i <= cjkRuns; ++i)
        shares << QStringLiteral("CASE WHEN strpos(m.content || m.keywords, ?) > 0 THEN 1.0 ELSE 0 END");
    QString sql = QStringLiteral("SELECT m.id, m.rowid, m.created_at, %1 FROM (SELECT id, rowid, created_at, content, "
                                 "keywords, to_tsvector('english', content || ' ' || keywords) AS v FROM memories "
                                 "WHERE sensitivity < 3) m")
                      .arg(shares.join(QStringLiteral(", ")));
    if (!queries.isEmpty())
        sql += QStringLiteral(", (SELECT %1) q").arg(queries.join(QStringLiteral(", ")));
    QStringList matched;
    if (!any.isEmpty())
        matched << QStringLiteral("m.v @@ (%1)").arg(any.join(QStringLiteral(" || ")));
    for (int i = 0; i < cjkRuns; ++i)
        matched << QStringLiteral("strpos(m.content || m.keywords, ?) > 0");
    return sql + QStringLiteral(" WHERE ") + matched.join(QStringLiteral(" OR "));
}

} // namespace

Result<std::vector<TextHit>> TextSearch::searchServer(const QStringList &words, const QStringList &cjkRuns, int limit,
                                                      const std::vector<double> &weights)
{
    std::vector<TextHit> hits;
    if (words.isEmpty() && cjkRuns.isEmpty())
        return hits;
    const QByteArray sql = serverSql(int(words.size()), int(cjkRuns.size())).toUtf8();
    SqliteStatement q(m_db, std::string_view(sql.constData(), std::size_t(sql.size())),
                      QStringLiteral("searching the text"));
    if (!q.isValid())
        return q.error();
    // Placeholders in the order of the text: the CJK shares, the word queries, the CJK matches.
    int at = 1;
    for (const QString &run : cjkRuns)
        q.bind(at++, run);
    for (const QString &word : words)
        q.bind(at++, word);
    for (const QString &run : cjkRuns)
        q.bind(at++, run);
    const std::size_t terms = std::size_t(words.size() + cjkRuns.size());
    const Status st = q.forEachRow([&](const SqliteStatement &row) {
        TextHit hit;
        hit.id = row.qstring(0);
        hit.rowid = row.int64(1);
        hit.createdAt = row.int64(2);
        hit.shares.assign(terms, 0.0);
        // The word columns come first in the text, then the CJK ones: shares follow words, then runs.
        for (std::size_t i = 0; i < terms; ++i) {
            const double share = row.real(int(3 + i)) * weights[i];
            hit.shares[i] = share;
            hit.bm25 += share;
        }
        hits.push_back(std::move(hit));
        return true;
    });
    if (!st)
        return st.error();
    keepBest(hits, limit);
    return hits;
}

} // namespace recollector::core
