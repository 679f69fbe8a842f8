#include "store/FtsTerms.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace recollector::core {

namespace {

// FTS5's bm25() constants (sqlite/ext/fts5/fts5_aux.c).
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

// What every row of one query shares: the inverse document frequency of each phrase and
// the average row length.
struct QueryStats
{
    std::vector<double> idf;
    double averageLength = 1;
};

int countRow(const Fts5ExtensionApi *, Fts5Context *, void *userData)
{
    ++*static_cast<sqlite3_int64 *>(userData);
    return SQLITE_OK;
}

QueryStats *statsFor(const Fts5ExtensionApi *api, Fts5Context *fts, int *rc)
{
    if (auto *kept = static_cast<QueryStats *>(api->xGetAuxdata(fts, 0)))
        return kept;
    auto *stats = new QueryStats;
    sqlite3_int64 rows = 0;
    sqlite3_int64 tokens = 0;
    *rc = api->xRowCount(fts, &rows);
    if (*rc == SQLITE_OK)
        *rc = api->xColumnTotalSize(fts, -1, &tokens);
    stats->averageLength = rows > 0 ? double(tokens) / double(rows) : 1;
    const int phrases = api->xPhraseCount(fts);
    for (int i = 0; *rc == SQLITE_OK && i < phrases; ++i) {
        sqlite3_int64 hits = 0;
        *rc = api->xQueryPhrase(fts, i, &hits, countRow);
        // Lucene's BM25 idf (BM25Similarity): never below 0, so a word in over half the rows
        // (a person's name in a store about them) still counts a little, where FTS5's own
        // formula would drop it to 1e-6 (docs/scoring.md, "Text index").
        stats->idf.push_back(std::log(1.0 + (double(rows) - double(hits) + 0.5) / (double(hits) + 0.5)));
    }
    if (*rc != SQLITE_OK) {
        delete stats;
        return nullptr;
    }
    *rc = api->xSetAuxdata(fts, stats, [](void *p) { delete static_cast<QueryStats *>(p); });
    return *rc == SQLITE_OK ? stats : nullptr;
}

// How often each query phrase occurs in the current row; false on an error, which is then the
// context's result.
bool frequenciesOf(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, std::size_t phrases,
                   std::vector<double> &frequency)
{
    int instances = 0;
    int rc = api->xInstCount(fts, &instances);
    frequency.assign(phrases, 0.0);
    for (int i = 0; rc == SQLITE_OK && i < instances; ++i) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK && phrase >= 0 && std::size_t(phrase) < frequency.size())
            frequency[std::size_t(phrase)] += 1.0;
    }
    if (rc != SQLITE_OK)
        sqlite3_result_error_code(ctx, rc);
    return rc == SQLITE_OK;
}

// Each phrase's share of the row's score (unweighted) at a row length of `norm`'s.
std::vector<double> sharesAt(const QueryStats &stats, const std::vector<double> &frequency, double norm)
{
    std::vector<double> shares(frequency.size(), 0.0);
    for (std::size_t i = 0; i < frequency.size(); ++i) {
        const double f = frequency[i];
        shares[i] = f > 0 ? stats.idf[i] * f * (kK1 + 1) / (f + norm) : 0.0;
    }
    return shares;
}

// recollector_best(table, collector): offers the row and its shares to the FtsBest bound
// as `collector`; returns NULL. A row whose score could not enter the best even at length 0
// (where BM25 gives the most for its frequencies) is not offered, and its length, a read of
// FTS5's docsize table, is never looked up: the rows kept are the same (MaxScore, Turtle &
// Flood 1995; docs/scoring.md#text-index).
void bestFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int argc,
                  sqlite3_value **argv)
{
    auto *best = argc >= 1 ? static_cast<FtsBest *>(sqlite3_value_pointer(argv[0], FtsBest::kPointerType)) : nullptr;
    if (!best) {
        sqlite3_result_error(ctx, "recollector_best: no collector bound", -1);
        return;
    }
    int rc = SQLITE_OK;
    const QueryStats *stats = statsFor(api, fts, &rc);
    if (!stats) {
        sqlite3_result_error_code(ctx, rc);
        return;
    }
    std::vector<double> frequency;
    if (!frequenciesOf(api, fts, ctx, stats->idf.size(), frequency))
        return;
    const std::int64_t rowid = api->xRowid(fts);
    if (!best->couldEnter(rowid, sharesAt(*stats, frequency, kK1 * (1 - kB)))) {
        sqlite3_result_null(ctx);
        return;
    }
    int length = 0;
    rc = api->xColumnSize(fts, -1, &length);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(ctx, rc);
        return;
    }
    best->offer(rowid, sharesAt(*stats, frequency, kK1 * (1 - kB + kB * double(length) / stats->averageLength)));
    sqlite3_result_null(ctx);
}

fts5_api *ftsApiOf(sqlite3 *db)
{
    fts5_api *api = nullptr;
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, nullptr) != SQLITE_OK)
        return nullptr;
    sqlite3_bind_pointer(stmt, 1, static_cast<void *>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return api;
}

} // namespace

bool FtsTerms::registerOn(sqlite3 *db)
{
    fts5_api *api = ftsApiOf(db);
    if (!api)
        return false;
    return api->xCreateFunction(api, "recollector_best", nullptr, bestFunction, nullptr) == SQLITE_OK;
}

namespace {

// Heap order: the worse row first (lower score; on a tie, the larger rowid).
bool worse(const FtsBest::Row &a, const FtsBest::Row &b)
{
    return a.score != b.score ? a.score < b.score : a.rowid > b.rowid;
}

} // namespace

double FtsBest::scoreOf(const std::vector<double> &shares) const
{
    double score = 0;
    for (std::size_t i = 0; i < shares.size(); ++i)
        score += shares[i] * (i < m_weights.size() ? m_weights[i] : 1.0);
    return score;
}

bool FtsBest::couldEnter(std::int64_t rowid, const std::vector<double> &mostShares) const
{
    if (int(m_heap.size()) < m_limit)
        return true;
    if (m_limit <= 0)
        return false;
    // A negative weight takes the most from a share when the share is 0 (a very long row).
    double most = 0;
    for (std::size_t i = 0; i < mostShares.size(); ++i) {
        const double w = i < m_weights.size() ? m_weights[i] : 1.0;
        most += w > 0 ? w * mostShares[i] : 0.0;
    }
    return worse(m_heap.front(), Row{rowid, most, {}});
}

void FtsBest::offer(std::int64_t rowid, std::vector<double> &&shares)
{
    const double score = scoreOf(shares);
    Row row{rowid, score, std::move(shares)};
    const auto heapOrder = [](const Row &a, const Row &b) { return worse(b, a); };
    if (int(m_heap.size()) < m_limit) {
        m_heap.push_back(std::move(row));
        std::push_heap(m_heap.begin(), m_heap.end(), heapOrder);
    } else if (m_limit > 0 && worse(m_heap.front(), row)) {
        std::pop_heap(m_heap.begin(), m_heap.end(), heapOrder);
        m_heap.back() = std::move(row);
        std::push_heap(m_heap.begin(), m_heap.end(), heapOrder);
    }
}

std::vector<FtsBest::Row> FtsBest::take()
{
    std::vector<Row> rows = std::move(m_heap);
    m_heap.clear();
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return worse(b, a); });
    return rows;
}

} // namespace recollector::core
