#include "store/FtsTerms.h"

#include <sqlite3.h>

#include <cmath>
#include <string>
#include <vector>

namespace recollector::core {

namespace {

// FTS5's bm25() constants (sqlite/ext/fts5/fts5_aux.c): recall keeps them so the shares add
// up to the rank FTS5 sorted by.
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
        double idf = std::log((double(rows) - double(hits) + 0.5) / (double(hits) + 0.5));
        stats->idf.push_back(idf <= 0 ? 1e-6 : idf); // as FTS5 does for words in over half the rows
    }
    if (*rc != SQLITE_OK) {
        delete stats;
        return nullptr;
    }
    *rc = api->xSetAuxdata(fts, stats, [](void *p) { delete static_cast<QueryStats *>(p); });
    return *rc == SQLITE_OK ? stats : nullptr;
}

void termsFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int, sqlite3_value **)
{
    int rc = SQLITE_OK;
    const QueryStats *stats = statsFor(api, fts, &rc);
    int instances = 0;
    if (rc == SQLITE_OK)
        rc = api->xInstCount(fts, &instances);
    std::vector<double> frequency(stats ? stats->idf.size() : 0, 0.0);
    for (int i = 0; rc == SQLITE_OK && i < instances; ++i) {
        int phrase = 0, column = 0, offset = 0;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK && phrase >= 0 && std::size_t(phrase) < frequency.size())
            frequency[std::size_t(phrase)] += 1.0;
    }
    int length = 0;
    if (rc == SQLITE_OK)
        rc = api->xColumnSize(fts, -1, &length);
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(ctx, rc);
        return;
    }
    const double norm = kK1 * (1 - kB + kB * double(length) / stats->averageLength);
    std::string out;
    for (std::size_t i = 0; i < frequency.size(); ++i) {
        const double f = frequency[i];
        const double share = f > 0 ? stats->idf[i] * f * (kK1 + 1) / (f + norm) : 0.0;
        if (i > 0)
            out += ' ';
        out += std::to_string(share);
    }
    sqlite3_result_text(ctx, out.c_str(), int(out.size()), SQLITE_TRANSIENT);
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
    return api->xCreateFunction(api, "recollector_terms", nullptr, termsFunction, nullptr) == SQLITE_OK;
}

} // namespace recollector::core
