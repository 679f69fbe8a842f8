#include "engine/recall/Retrieval.h"

#include "engine/recall/TextRecall.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/decisions/DecisionRecorder.h"
#include "engine/graph/KeywordIndex.h"
#include "engine/decisions/Reinforcement.h"
#include "engine/decisions/Unarchive.h"
#include "engine/graph/SpreadingActivation.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace recollector::core {

namespace {

constexpr double kKeywordWeight = 2.0;     // computeRelevanceScore, docs/scoring.md, "Retrieval"
constexpr double kStrengthWeight = 0.5;
constexpr double kProjectBonus = 0.3;
constexpr double kConfidenceWeight = 0.3;
constexpr double kAssocKeywordWeight = 0.6; // associativeRetrieve (same section)
constexpr double kAssocActivationWeight = 0.4;
constexpr int kLoadBatch = 128;

double round6(double v) { return std::round(v * 1e6) / 1e6; }

struct Candidate
{
    Memory memory;
    Score score;
    double overlap = 0;
    double relevance = 0;
};

double overlapOf(const Memory &m, const QSet<QString> &queryKeywords)
{
    if (queryKeywords.isEmpty())
        return 0;
    int hits = 0;
    for (const QString &k : normalizeKeywords(m.keywords)) {
        if (queryKeywords.contains(k))
            ++hits;
    }
    return double(hits) / double(queryKeywords.size());
}

// Global memories that lost a scope_overlap to a memory of `project` (the project memory
// wins inside its project: docs/scoring.md, "Retrieval").
Result<QSet<QString>> scopeLosers(Store &store, const QString &project)
{
    QSet<QString> losers;
    if (project.isEmpty())
        return losers;
    auto resolved = store.conflicts().list(ConflictStatus::Resolved);
    if (!resolved)
        return resolved.error();
    QStringList ids;
    for (const Conflict &c : *resolved) {
        if (c.type == ConflictType::ScopeOverlap && c.resolution == ConflictResolution::AutoProjectWins)
            ids << c.a << c.b;
    }
    if (ids.isEmpty())
        return losers;
    auto memories = store.memories().byIds(ids);
    if (!memories)
        return memories.error();
    QHash<QString, QString> projectOf;
    for (const Memory &m : *memories)
        projectOf.insert(m.id, m.projectPath);
    for (const Conflict &c : *resolved) {
        if (c.type != ConflictType::ScopeOverlap || c.resolution != ConflictResolution::AutoProjectWins)
            continue;
        if (projectOf.value(c.a) == project && projectOf.value(c.b).isEmpty())
            losers.insert(c.b);
        else if (projectOf.value(c.b) == project && projectOf.value(c.a).isEmpty())
            losers.insert(c.a);
    }
    return losers;
}

/// What one retrieve() call reads with.
struct QueryContext
{
    Store &store;
    const ScoringProfile &profile;
    const RetrievalOptions &options;
    const QSet<QString> &keywords; ///< the query keywords
    const QSet<QString> &losers;   ///< scopeLosers(): never recalled
    Millis now;
};

/// The seeds, and every memory read so far (by id) with its score and overlap.
struct DirectHits
{
    std::vector<Candidate> seeds; ///< sorted, best first, at most maxSeeds
    QHash<QString, Candidate> loaded;
};

/// Entries sharing a query keyword (deleted ones only in debug mode) as (shared keyword
/// count, entry), most shared first, then by entry.
std::vector<std::pair<int, std::uint32_t>> entriesByOverlap(const KeywordIndex &index,
                                                            const std::vector<std::uint32_t> &keywordIds,
                                                            QueryMode mode)
{
    QHash<std::uint32_t, int> shared;
    for (std::uint32_t k : keywordIds) {
        for (std::uint32_t e : index.posting(k)) {
            if (mode == QueryMode::Debug || !index.isDeleted(e))
                ++shared[e];
        }
    }
    std::vector<std::pair<int, std::uint32_t>> byOverlap;
    byOverlap.reserve(std::size_t(shared.size()));
    for (auto it = shared.cbegin(); it != shared.cend(); ++it)
        byOverlap.emplace_back(it.value(), it.key());
    std::sort(byOverlap.begin(), byOverlap.end(), [](const auto &x, const auto &y) {
        return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    return byOverlap;
}

double projectBonus(const Memory &m, const QString &project)
{
    return (!project.isEmpty() && m.projectPath == project) ? kProjectBonus : 0;
}

/// Direct hits: keyword overlap from the postings, then rows read best-overlap first until no
/// unread candidate could still make the top (its relevance is at most
/// overlap·2 + 0.5 + 0.3 + 0.3).
Result<DirectHits> directHits(const QueryContext &q, const KeywordIndex &index,
                              const std::vector<std::uint32_t> &keywordIds)
{
    const std::vector<std::pair<int, std::uint32_t>> byOverlap = entriesByOverlap(index, keywordIds, q.options.mode);
    const double queryCount = double(keywordIds.size());
    const double bonusCeiling = kStrengthWeight + (q.options.project.isEmpty() ? 0 : kProjectBonus) + kConfidenceWeight;
    const int seedCount = std::max(1, q.options.maxSeeds);
    DirectHits hits;
    std::vector<Candidate> &seeds = hits.seeds;
    auto better = [](const Candidate &x, const Candidate &y) {
        if (x.relevance != y.relevance)
            return x.relevance > y.relevance;
        return x.memory.id < y.memory.id;
    };
    for (std::size_t start = 0; start < byOverlap.size(); start += kLoadBatch) {
        const double bestLeft = kKeywordWeight * byOverlap[start].first / queryCount + bonusCeiling;
        if (int(seeds.size()) >= seedCount && bestLeft < seeds.back().relevance)
            break;
        QStringList ids;
        for (std::size_t i = start; i < std::min(byOverlap.size(), start + kLoadBatch); ++i)
            ids << index.id(byOverlap[i].second);
        auto memories = q.store.memories().byIds(ids);
        if (!memories)
            return memories.error();
        for (Memory &m : *memories) {
            Candidate c;
            c.score = q.profile.evaluate(m, q.now);
            if (!Retrieval::passesMode(m, c.score.tier, q.options.mode) || q.losers.contains(m.id))
                continue;
            c.overlap = overlapOf(m, q.keywords);
            if (c.overlap <= 0)
                continue;
            c.relevance = c.overlap * kKeywordWeight + c.score.strength / 100.0 * kStrengthWeight
                + projectBonus(m, q.options.project) + m.confidence * kConfidenceWeight;
            c.memory = std::move(m);
            hits.loaded.insert(c.memory.id, c);
            seeds.insert(std::upper_bound(seeds.begin(), seeds.end(), c, better), c);
            if (int(seeds.size()) > seedCount)
                seeds.pop_back();
        }
    }
    return hits;
}

/// The seeds as results: activation = relevance / the best relevance.
std::vector<RetrievalResult> seedResults(const std::vector<Candidate> &seeds, const QString &project)
{
    std::vector<RetrievalResult> results;
    for (const Candidate &s : seeds) {
        RetrievalResult r;
        r.id = s.memory.id;
        r.score = round6(s.relevance);
        r.direct = true;
        r.activation = round6(s.relevance / seeds.front().relevance);
        r.factors = QJsonObject{{QStringLiteral("keywordOverlap"), round6(s.overlap)},
                                {QStringLiteral("strength"), round6(s.score.strength)},
                                {QStringLiteral("projectBonus"), projectBonus(s.memory, project)},
                                {QStringLiteral("confidence"), round6(s.memory.confidence)},
                                {QStringLiteral("relevance"), round6(s.relevance)}};
        r.memory = s.memory;
        results.push_back(std::move(r));
    }
    return results;
}

/// Reads the graph nodes not read yet into `hits.loaded`; which nodes the mode lets the
/// spread pass (1) or stop at (0), indexed by graph node.
Result<std::vector<std::uint8_t>> loadSpreadNodes(const QueryContext &q, const AssociationGraph &graph,
                                                   DirectHits &hits)
{
    QStringList unread;
    for (std::uint32_t n = 0; n < graph.nodeCount(); ++n) {
        if (!hits.loaded.contains(graph.id(n)))
            unread << graph.id(n);
    }
    auto more = q.store.memories().byIds(unread);
    if (!more)
        return more.error();
    for (Memory &m : *more) {
        Candidate c;
        c.score = q.profile.evaluate(m, q.now);
        c.overlap = overlapOf(m, q.keywords);
        c.memory = std::move(m);
        hits.loaded.insert(c.memory.id, std::move(c));
    }
    std::vector<std::uint8_t> allowed(graph.nodeCount(), 0);
    for (std::uint32_t n = 0; n < graph.nodeCount(); ++n) {
        const auto it = hits.loaded.constFind(graph.id(n));
        allowed[n] = it != hits.loaded.cend() && Retrieval::passesMode(it->memory, it->score.tier, q.options.mode)
            && !q.losers.contains(it->memory.id);
    }
    return allowed;
}

/// Spreading activation from the seed results over the links around them: the associative
/// results, best score first (ties in the order the spread reached them).
Result<std::vector<RetrievalResult>> associativeResults(const QueryContext &q, const Config &config,
                                                        DirectHits &hits,
                                                        const std::vector<RetrievalResult> &seedResults)
{
    const SpreadingActivation::Options spread = SpreadingActivation::Options::from(config);
    QStringList seedIds;
    for (const Candidate &s : hits.seeds)
        seedIds << s.memory.id;
    auto graph = AssociationGraph::loadAround(q.store, seedIds, spread.maxDepth);
    if (!graph)
        return graph.error();
    auto allowed = loadSpreadNodes(q, *graph, hits);
    if (!allowed)
        return allowed.error();
    std::vector<SpreadingActivation::Seed> starts;
    for (const RetrievalResult &r : seedResults)
        starts.push_back({graph->find(r.id), r.activation});
    SpreadingActivation activation;
    std::vector<RetrievalResult> associative;
    for (const SpreadingActivation::Hit &hit : activation.run(*graph, starts, spread, &*allowed)) {
        const Candidate &c = hits.loaded[graph->id(hit.node)];
        RetrievalResult r;
        r.id = c.memory.id;
        r.direct = false;
        r.activation = hit.activation;
        r.depth = hit.depth;
        for (std::uint32_t p : hit.path)
            r.path << graph->id(p);
        r.score = round6((c.overlap * kAssocKeywordWeight + hit.activation * kAssocActivationWeight)
                         * c.score.strength / 100.0);
        r.factors = QJsonObject{{QStringLiteral("keywordScore"), round6(c.overlap)},
                                {QStringLiteral("activation"), hit.activation},
                                {QStringLiteral("strength"), round6(c.score.strength)}};
        r.memory = c.memory;
        associative.push_back(std::move(r));
    }
    std::stable_sort(associative.begin(), associative.end(),
                     [](const RetrievalResult &x, const RetrievalResult &y) { return x.score > y.score; });
    return associative;
}

} // namespace

QString queryModeName(QueryMode mode)
{
    switch (mode) {
    case QueryMode::Normal: return QStringLiteral("normal");
    case QueryMode::Review: return QStringLiteral("review");
    case QueryMode::Debug: return QStringLiteral("debug");
    }
    return {};
}

std::optional<QueryMode> queryModeFromName(const QString &name)
{
    for (QueryMode m : {QueryMode::Normal, QueryMode::Review, QueryMode::Debug}) {
        if (queryModeName(m) == name)
            return m;
    }
    return std::nullopt;
}

QString rankingName(Ranking ranking)
{
    return ranking == Ranking::Keywords ? QStringLiteral("keywords") : QStringLiteral("text");
}

std::optional<Ranking> rankingFromName(const QString &name)
{
    for (Ranking r : {Ranking::Text, Ranking::Keywords}) {
        if (rankingName(r) == name)
            return r;
    }
    return std::nullopt;
}

QString RetrievalResult::explanation() const
{
    auto n = [this](const char *key) { return QString::number(factors.value(QLatin1String(key)).toDouble(), 'f', 3); };
    if (factors.value(QLatin1String("ranking")).toString() == QLatin1String("text")) {
        QStringList words;
        for (const QJsonValue &w : factors.value(QLatin1String("words")).toArray())
            words << QStringLiteral("%1 %2").arg(w.toObject().value(QLatin1String("word")).toString(),
                                                 QString::number(w.toObject().value(QLatin1String("weight")).toDouble(), 'f', 3));
        QString line;
        if (direct)
            line = QStringLiteral("words %1 → text %2 + strength %3/100×0.1 + confidence %4×0.05 + project %5 "
                                  "+ recency %6×0.05 = %7")
                       .arg(words.join(QStringLiteral(", ")), n("text"), n("strength"), n("confidence"),
                            n("projectBonus"), n("recency"), n("direct"));
        if (!factors.value(QLatin1String("via")).toString().isEmpty())
            line += (line.isEmpty() ? QString() : QStringLiteral("; "))
                + QStringLiteral("spread %1 via %2 (%3)")
                      .arg(n("spread"), (path + QStringList{id}).join(QStringLiteral(" → ")),
                           factors.value(QLatin1String("link")).toString() == QLatin1String("time")
                               ? QStringLiteral("written next to it")
                               : QStringLiteral("over the links"));
        return line + QStringLiteral(" → %1").arg(QString::number(score, 'f', 3));
    }
    if (direct)
        return QStringLiteral("direct: overlap %1×2 + strength %2/100×0.5 + project %3 + confidence %4×0.3 = %5")
            .arg(n("keywordOverlap"), n("strength"), n("projectBonus"), n("confidence"),
                 QString::number(score, 'f', 3));
    return QStringLiteral("associative via %1: (keywords %2×0.6 + activation %3×0.4) × strength %4/100 = %5")
        .arg(path.join(QStringLiteral(" → ")) + QStringLiteral(" → ") + id, n("keywordScore"), n("activation"),
             n("strength"), QString::number(score, 'f', 3));
}

Retrieval::Retrieval(Store &store, const Config &config, const ScoringProfile &profile)
    : m_store(store), m_config(config), m_profile(profile)
{
}

Retrieval::~Retrieval() = default;

bool Retrieval::isCurrent(const Memory &m)
{
    // docs/scoring.md, "Query modes": what normal mode never returns, whatever its score.
    return !m.isDeleted() && !m.negated && !m.superseded;
}

bool Retrieval::passesMode(const Memory &m, Tier tier, QueryMode mode)
{
    switch (mode) {
    case QueryMode::Debug:
        return true;
    case QueryMode::Review:
        return !m.isDeleted();
    case QueryMode::Normal:
        // Below the profile's weak line nothing is recalled (docs/scoring.md#retrieval).
        return isCurrent(m) && (m.level == MemoryLevel::Full || m.level == MemoryLevel::Summary)
            && tier != Tier::Weak && tier != Tier::Forgotten;
    }
    return false;
}

Result<const KeywordIndex *> Retrieval::keywordIndex()
{
    if (m_index)
        return m_index;
    if (!m_ownIndex) {
        auto built = KeywordIndex::build(m_store);
        if (!built)
            return built.error();
        m_ownIndex = std::make_unique<KeywordIndex>(std::move(*built));
    }
    return static_cast<const KeywordIndex *>(m_ownIndex.get());
}

Result<std::vector<RetrievalResult>> Retrieval::retrieve(const QString &query, const RetrievalOptions &options,
                                                         Millis now)
{
    if (options.ranking == Ranking::Text)
        return retrieveByText(query, options, now);
    auto index = keywordIndex();
    if (!index)
        return index.error();
    std::vector<RetrievalResult> results;
    const std::vector<std::uint32_t> keywordIds = (*index)->matchQuery(query);
    const QSet<QString> querySet = takeQueryKeywords(**index, keywordIds);
    if (keywordIds.empty())
        return results;
    auto losers = scopeLosers(m_store, options.project);
    if (!losers)
        return losers.error();
    const QueryContext context{m_store, m_profile, options, querySet, *losers, now};

    // 1. Direct hits; the best maxSeeds seed the spread.
    auto direct = directHits(context, **index, keywordIds);
    if (!direct)
        return direct.error();
    if (direct->seeds.empty())
        return results;
    results = seedResults(direct->seeds, options.project);

    // 2. Spreading activation over the links around the seeds.
    auto associative = associativeResults(context, m_config, *direct, results);
    if (!associative)
        return associative.error();
    for (RetrievalResult &r : *associative)
        results.push_back(std::move(r));
    if (int(results.size()) > options.maxResults)
        results.resize(std::size_t(std::max(0, options.maxResults)));
    if (options.preview)
        return results;

    // 3. Record the accesses and strengthen links between memories recalled together.
    if (const Status st = recordAccesses(query, options, now, results); !st)
        return st.error();
    return results;
}

Result<std::vector<RetrievalResult>> Retrieval::retrieveByText(const QString &query, const RetrievalOptions &options,
                                                               Millis now)
{
    auto losers = scopeLosers(m_store, options.project);
    if (!losers)
        return losers.error();
    TextRecall recall(m_store, m_config, m_profile);
    auto results = recall.run(query, options, *losers, now);
    m_queryKeywords = recall.terms();
    m_queryKeywords.sort();
    if (!results || options.preview || results->empty())
        return results;
    if (const Status st = recordAccesses(query, options, now, *results); !st)
        return st.error();
    return results;
}

QSet<QString> Retrieval::takeQueryKeywords(const KeywordIndex &index, const std::vector<std::uint32_t> &keywordIds)
{
    m_queryKeywords.clear();
    QSet<QString> querySet;
    for (std::uint32_t k : keywordIds) {
        m_queryKeywords << index.keywordName(k);
        querySet.insert(index.keywordName(k));
    }
    m_queryKeywords.sort();
    return querySet;
}

Status Retrieval::reactivateIfArchived(DecisionRecorder &recorder, const RetrievalOptions &options, Millis now,
                                       Memory &memory)
{
    // docs/scoring.md#unarchive: a compressed or archived memory that is recalled is re-activated.
    // Only a review-mode recall reaches one; a memory merged away stays with its merge.
    if (options.mode != QueryMode::Review || m_profile.name() != QLatin1String("lifecycle")
        || !Unarchive::applies(memory) || !memory.mergedInto.isEmpty())
        return {};
    auto original = Unarchive::originalOf(m_store, memory);
    if (!original)
        return original.error();
    const Memory before = memory;
    Unarchive::apply(memory, *original, now, true);
    Reinforcement(m_config).touch(memory, now);
    return recorder.change(events::kUnarchive, before, memory,
                           QJsonObject{{QStringLiteral("trigger"), QStringLiteral("retrieval")},
                                       {QStringLiteral("restoredOriginal"), original->content.has_value()}});
}

Status Retrieval::recordAccesses(const QString &query, const RetrievalOptions &options, Millis now,
                                 std::vector<RetrievalResult> &results)
{
    const Reinforcement writes(m_config);
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    // The weight change log is kept under every profile (the recorder's own model).
    DecisionRecorder recorder(m_store, m_config, nullptr, QStringLiteral("assistant"), now);
    for (RetrievalResult &r : results) {
        Memory after = r.memory;
        // The importance decay so far goes back into importance before the access clock restarts,
        // as a reinforcement does (docs/scoring.md, "Importance"): a recall must not forgive it.
        after.importance = writes.importanceAt(after, now);
        after.accessCount += 1;
        after.lastAccessedAt = now;
        after.strength = writes.strengthAt(after, now);
        QJsonObject payload{{QStringLiteral("query"), query},
                            {QStringLiteral("mode"), queryModeName(options.mode)},
                            {QStringLiteral("score"), r.score},
                            {QStringLiteral("direct"), r.direct},
                            {QStringLiteral("activation"), r.activation},
                            {QStringLiteral("path"), QJsonArray::fromStringList(r.path)}};
        if (!options.project.isEmpty())
            payload.insert(QStringLiteral("project"), options.project);
        if (const Status st = recorder.change(events::kAccess, r.memory, after, payload); !st)
            return st.error();
        r.memory = after;
        if (const Status st = reactivateIfArchived(recorder, options, now, r.memory); !st)
            return st.error();
    }
    if (const Status st = reinforceAssociativeHits(recorder, now, results); !st)
        return st;
    if (const Status st = boostCoRetrieved(recorder, results); !st)
        return st;
    return tx.commit();
}

Status Retrieval::reinforceAssociativeHits(DecisionRecorder &recorder, Millis now,
                                           std::vector<RetrievalResult> &results) const
{
    // docs/scoring.md#reinforcement's association-hit (×1.1): the memories this recorded retrieval returns
    // because activation reached them from its seeds, and only those (docs/scoring.md,
    // "Reinforcement"). The access above already counted the use.
    const Reinforcement writes(m_config);
    for (RetrievalResult &r : results) {
        if (r.direct || r.path.isEmpty() || r.memory.isDeleted())
            continue;
        Memory after = r.memory;
        const Reinforcement::Applied applied =
            writes.apply(after, ReinforceEvent::AssociationHit, now, 0, /*countsUse=*/false);
        const QJsonObject extra{{QStringLiteral("event"), Reinforcement::eventName(applied.event)},
                                {QStringLiteral("multiplier"), applied.multiplier},
                                {QStringLiteral("via"), r.path.last()},
                                {QStringLiteral("activation"), r.activation}};
        if (const Status st = recorder.change(events::kReinforce, r.memory, after, extra); !st)
            return st;
        r.memory = after;
    }
    return {};
}

Status Retrieval::boostCoRetrieved(DecisionRecorder &recorder, const std::vector<RetrievalResult> &results) const
{
    // docs/scoring.md#learned-weights: two memories recalled together, already linked, +0.05; each boost an
    // event so a rebuild of the links keeps it (docs/scoring.md, "Learned weights").
    for (std::size_t i = 0; i < results.size(); ++i) {
        for (std::size_t j = i + 1; j < results.size(); ++j) {
            const auto [a, b] = orderedPair(results[i].id, results[j].id);
            auto boosted = recorder.boostLink(a, b, m_config.associations.coRetrievalBoost,
                                              QStringLiteral("co_retrieval"));
            if (!boosted)
                return boosted.error();
        }
    }
    return {};
}

} // namespace recollector::core
