#include "store/TextSearch.h"

#include "store/Engine.h"
#include "store/FtsTerms.h"
#include "store/SqliteStatement.h"
#include "store/TextIndexSchema.h"

#include <QHash>

#include <algorithm>

namespace recollector::core {

QString TextSearch::matchExpression(const QStringList &terms)
{
    QStringList quoted;
    for (const QString &t : terms) {
        QString q = t;
        q.replace(QLatin1Char('"'), QLatin1String("\"\""));
        quoted << QLatin1Char('"') + q + QLatin1Char('"');
    }
    return quoted.join(QLatin1String(" OR "));
}

Status TextSearch::searchTable(const char *table, const QStringList &terms, int limit, int firstShare,
                               const std::vector<double> &weights, std::vector<TextHit> &hits)
{
    if (terms.isEmpty())
        return {};
    const int shareCount = int(weights.size());
    // FtsBest keeps the best rows and their shares as FTS5 visits each match: one pass, no
    // sort of every match (docs/scoring.md#text-index).
    FtsBest best(std::vector<double>(weights.begin() + firstShare, weights.begin() + firstShare + terms.size()),
                 limit);
    {
        SqliteStatement q(m_db,
                          std::string("SELECT recollector_best(") + table + ", ?2) FROM " + table + " WHERE " + table
                              + " MATCH ?1",
                          QStringLiteral("searching the text index"));
        if (!q.isValid())
            return q.error();
        q.bind(1, matchExpression(terms));
        q.bindPointer(2, &best, FtsBest::kPointerType);
        if (const Status st = q.forEachRow([](const SqliteStatement &) { return true; }); !st)
            return st;
    }
    const std::vector<FtsBest::Row> rows = best.take();
    if (rows.empty())
        return {};
    QHash<std::int64_t, std::size_t> at;
    for (std::size_t i = 0; i < hits.size(); ++i)
        at.insert(hits[i].rowid, i);
    QHash<std::int64_t, const FtsBest::Row *> byRowid;
    QStringList rowids;
    for (const FtsBest::Row &r : rows) {
        byRowid.insert(r.rowid, &r);
        rowids << QString::number(r.rowid);
    }
    SqliteStatement q(m_db,
                      "SELECT id, rowid, created_at FROM memories WHERE rowid IN (" + rowids.join(QLatin1Char(','))
                          .toStdString() + ")",
                      QStringLiteral("reading the memories the text index found"));
    if (!q.isValid())
        return q.error();
    return q.forEachRow([&](const SqliteStatement &row) {
        TextHit &hit = hitOf(row, std::size_t(shareCount), at, hits);
        const FtsBest::Row &r = *byRowid.value(hit.rowid);
        for (std::size_t i = 0; i < r.shares.size() && firstShare + int(i) < shareCount; ++i) {
            const double share = r.shares[i] * weights[std::size_t(firstShare) + i];
            hit.shares[std::size_t(firstShare) + i] += share;
            hit.bm25 += share;
        }
        return true;
    });
}

TextHit &TextSearch::hitOf(const SqliteStatement &row, std::size_t shareCount, QHash<std::int64_t, std::size_t> &at,
                           std::vector<TextHit> &hits)
{
    const std::int64_t rowid = row.int64(1);
    auto found = at.constFind(rowid);
    if (found == at.cend()) {
        TextHit hit;
        hit.id = row.qstring(0);
        hit.rowid = rowid;
        hit.createdAt = row.int64(2);
        hit.shares.assign(shareCount, 0.0);
        found = at.insert(rowid, hits.size());
        hits.push_back(std::move(hit));
    }
    return hits[*found];
}

Result<std::vector<TextHit>> TextSearch::search(const QStringList &words, const QStringList &cjkRuns, int limit,
                                                const std::vector<double> &weights)
{
    std::vector<TextHit> hits;
    std::vector<double> w = weights;
    w.resize(std::size_t(words.size() + cjkRuns.size()), 1.0);
    if (isServer(m_db))
        return searchServer(words, cjkRuns, limit, w);
    if (const Status st = searchTable(schema::kTextTable, words, limit, 0, w, hits); !st)
        return st.error();
    if (const Status st = searchTable(schema::kCjkTable, cjkRuns, limit, int(words.size()), w, hits); !st)
        return st.error();
    keepBest(hits, limit);
    return hits;
}

void TextSearch::keepBest(std::vector<TextHit> &hits, int limit)
{
    std::sort(hits.begin(), hits.end(), [](const TextHit &a, const TextHit &b) {
        return a.bm25 != b.bm25 ? a.bm25 > b.bm25 : a.rowid < b.rowid;
    });
    if (int(hits.size()) > limit)
        hits.resize(std::size_t(std::max(0, limit)));
}

Result<std::vector<TimeNeighbour>> TextSearch::timeNeighbours(std::int64_t rowid, Millis createdAt, int each,
                                                              Millis withinMs)
{
    // Both sides walk the memories_created index (created_at, then rowid) from the row.
    static constexpr const char *kBefore =
        "SELECT id, created_at FROM memories WHERE (created_at < ?1 OR (created_at = ?1 AND rowid < ?2)) "
        "AND created_at >= ?3 ORDER BY created_at DESC, rowid DESC LIMIT ?4";
    static constexpr const char *kAfter =
        "SELECT id, created_at FROM memories WHERE (created_at > ?1 OR (created_at = ?1 AND rowid > ?2)) "
        "AND created_at <= ?3 ORDER BY created_at, rowid LIMIT ?4";
    std::vector<TimeNeighbour> out;
    for (const char *sql : {kBefore, kAfter}) {
        SqliteStatement q(m_db, sql, QStringLiteral("reading the memories written near a match"));
        if (!q.isValid())
            return q.error();
        q.bind(1, std::int64_t(createdAt));
        q.bind(2, rowid);
        q.bind(3, std::int64_t(sql == kBefore ? createdAt - withinMs : createdAt + withinMs));
        q.bind(4, std::int64_t(each));
        int steps = 0;
        const Status st = q.forEachRow([&](const SqliteStatement &row) {
            out.push_back(TimeNeighbour{row.qstring(0), row.int64(1), ++steps});
            return true;
        });
        if (!st)
            return st.error();
    }
    return out;
}

Result<std::vector<TextHit>> TextSearch::writtenBetween(Millis from, Millis to, int limit)
{
    SqliteStatement q(m_db,
                      "SELECT id, rowid, created_at FROM memories WHERE created_at >= ?1 AND created_at < ?2 "
                      "ORDER BY created_at, rowid LIMIT ?3",
                      QStringLiteral("reading the memories written on a day"));
    if (!q.isValid())
        return q.error();
    q.bind(1, std::int64_t(from));
    q.bind(2, std::int64_t(to));
    q.bind(3, std::int64_t(limit));
    std::vector<TextHit> out;
    const Status st = q.forEachRow([&](const SqliteStatement &row) {
        out.push_back(TextHit{row.qstring(0), row.int64(1), row.int64(2), 0, {}});
        return true;
    });
    if (!st)
        return st.error();
    return out;
}

} // namespace recollector::core
