#include "engine/recall/TextRecall.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/graph/SpreadingActivation.h"
#include "engine/text/QueryTerms.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"
#include "store/TextSearch.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <iterator>
#include <cmath>

namespace recollector::core {

namespace {

// docs/scoring.md, "Recall ranking": every constant below is in its table.
constexpr int kCandidates = 50;          // text hits read per query
constexpr int kSeeds = 3;                // best hits that seed the spread
constexpr int kTimeNeighbours = 2;       // memories written just before / after each seed
constexpr double kTimeLinkWeight = 0.5;  // activation passed to the next memory written
constexpr double kTimeStepDecay = 0.5;   // per further memory
constexpr double kStrengthWeight = 0.1;
constexpr double kConfidenceWeight = 0.05;
constexpr double kProjectBonus = 0.1;
constexpr double kRecencyWeight = 0.05;
constexpr double kRecencyHalfLifeDays = 30;
constexpr double kSpreadWeight = 1.0;
constexpr double kNameWeight = 2.0;      // a proper name of the query counts twice
constexpr double kDateWeight = 1.0;      // written on a day the query names
constexpr double kSubjectWeight = 0.1;   // its subject is a name the query names

double round6(double v) { return std::round(v * 1e6) / 1e6; }

/// A memory the ranking looks at, with the terms of its score.
struct Scored
{
    Memory memory;
    Score score;
    std::vector<double> shares; ///< empty unless a text hit
    double text = 0;            ///< bm25 / the best bm25 of the query
    double direct = 0;          ///< text + the memory's own terms (0 unless a text hit)
    double recency = 0;
    bool dated = false;         ///< written on a day the query names
    bool subject = false;       ///< its subject is one of the query's names
    double spread = 0;
    QString via;                ///< the seed the spread came from
    QString link;               ///< "time" or the stored link's path
    QStringList path;
    int depth = 0;
    bool allowed = false;
    /// A memory the spread alone reached gets the subject's weight here; a text hit has it in
    /// `direct`, which its seed activation is given by.
    double total() const
    {
        const bool reachedOnly = direct == 0 && spread > 0;
        return direct + kSpreadWeight * spread + (reachedOnly && subject ? kSubjectWeight : 0.0);
    }
};

/// Recency of use: a memory never recalled, reinforced or confirmed has none, its age being
/// already in its strength (docs/scoring.md#recall-ranking).
double recencyOf(const Memory &m, Millis now)
{
    if (m.lastAccessedAt <= 0)
        return 0;
    return std::pow(0.5, std::max(0.0, time::daysBetween(m.lastAccessedAt, now)) / kRecencyHalfLifeDays);
}

struct Context
{
    Store &store;
    const ScoringProfile &profile;
    const RetrievalOptions &options;
    const QSet<QString> &losers;
    Millis now;
    const QStringList &names;
};

/// The statement's first word, lower-cased, a possessive "'s" dropped: in "Maria's dog is
/// named Biscuit" or "Maria adopted a dog", whom it is about.
QString subjectOf(const QString &content)
{
    static const QRegularExpression firstWord(QStringLiteral("^\\W*(\\w+)"));
    return firstWord.match(content).captured(1).toLower();
}

/// Reads the memories of `ids` not read yet into `scored`.
Status load(const Context &c, const QStringList &ids, QHash<QString, Scored> &scored)
{
    QStringList unread;
    for (const QString &id : ids) {
        if (!scored.contains(id) && !unread.contains(id))
            unread << id;
    }
    if (unread.isEmpty())
        return {};
    auto memories = c.store.memories().byIds(unread);
    if (!memories)
        return memories.error();
    for (Memory &m : *memories) {
        Scored s;
        s.score = c.profile.evaluate(m, c.now);
        s.allowed = Retrieval::passesMode(m, s.score.tier, c.options.mode) && !c.losers.contains(m.id);
        s.subject = c.names.contains(subjectOf(m.content));
        s.memory = std::move(m);
        scored.insert(s.memory.id, std::move(s));
    }
    return {};
}

/// `hit` null: a memory found by its date alone.
void scoreDirect(Scored &s, const TextHit *hit, double best, const Context &c)
{
    if (hit) {
        s.shares = hit->shares;
        s.text = hit->bm25 / best;
    }
    s.recency = recencyOf(s.memory, c.now);
    const bool ownProject = !c.options.project.isEmpty() && s.memory.projectPath == c.options.project;
    s.direct = s.text + (s.subject ? kSubjectWeight : 0) + (s.dated ? kDateWeight : 0)
        + kStrengthWeight * s.score.strength / 100.0 + kConfidenceWeight * s.memory.confidence
        + (ownProject ? kProjectBonus : 0) + kRecencyWeight * s.recency;
}

void reach(Scored &s, double activation, const QString &via, const QString &link, const QStringList &path)
{
    if (activation <= s.spread)
        return;
    s.spread = activation;
    s.via = via;
    s.link = link;
    s.path = path;
    s.depth = int(path.size());
}

/// The memories written just before and after each seed (docs/scoring.md, "Recall ranking":
/// the turn next to the one that matched).
Status spreadInTime(const Context &c, const Config &config, const std::vector<const TextHit *> &seeds,
                    const QHash<QString, double> &seedActivation, QHash<QString, Scored> &scored)
{
    TextSearch search(c.store.database());
    const Millis window = Millis(config.associations.temporalWindowHours * double(kMsPerHour));
    for (const TextHit *seed : seeds) {
        auto near = search.timeNeighbours(seed->rowid, seed->createdAt, kTimeNeighbours, window);
        if (!near)
            return near.error();
        QStringList ids;
        for (const TimeNeighbour &n : *near)
            ids << n.id;
        if (const Status st = load(c, ids, scored); !st)
            return st;
        // Two memories of a day the query names are not reached in time from one another: the
        // day already counts for each (docs/scoring.md#recall-ranking).
        const auto from = scored.constFind(seed->id);
        const bool seedDated = from != scored.cend() && from->dated;
        for (const TimeNeighbour &n : *near) {
            auto it = scored.find(n.id);
            if (it == scored.end() || !it->allowed || (it->dated && seedDated))
                continue;
            const double a = seedActivation.value(seed->id) * kTimeLinkWeight * std::pow(kTimeStepDecay, n.steps - 1);
            reach(*it, a, seed->id, QStringLiteral("time"), {seed->id});
        }
    }
    return {};
}

/// Spreading activation over the stored links from the seeds.
Status spreadOverLinks(const Context &c, const Config &config, const QHash<QString, double> &seedActivation,
                       QHash<QString, Scored> &scored)
{
    const SpreadingActivation::Options spread = SpreadingActivation::Options::from(config);
    auto graph = AssociationGraph::loadAround(c.store, seedActivation.keys(), spread.maxDepth);
    if (!graph)
        return graph.error();
    QStringList ids;
    for (std::uint32_t n = 0; n < graph->nodeCount(); ++n)
        ids << graph->id(n);
    if (const Status st = load(c, ids, scored); !st)
        return st;
    std::vector<std::uint8_t> allowed(graph->nodeCount(), 0);
    for (std::uint32_t n = 0; n < graph->nodeCount(); ++n)
        allowed[n] = scored.value(graph->id(n)).allowed;
    std::vector<SpreadingActivation::Seed> starts;
    for (auto it = seedActivation.cbegin(); it != seedActivation.cend(); ++it) {
        if (const std::uint32_t node = graph->find(it.key()); node != AssociationGraph::kNone)
            starts.push_back({node, it.value()});
    }
    SpreadingActivation activation;
    for (const SpreadingActivation::Hit &hit : activation.run(*graph, starts, spread, &allowed)) {
        QStringList path;
        for (std::uint32_t p : hit.path)
            path << graph->id(p);
        reach(scored[graph->id(hit.node)], hit.activation, path.value(0), QStringLiteral("link"), path);
    }
    return {};
}

/// The memories written on the days `dates` names (the day in local time, as the user wrote
/// it), at most kCandidates a day: docs/scoring.md#recall-ranking.
Result<std::vector<TextHit>> writtenOn(Store &store, const QList<QDate> &dates)
{
    std::vector<TextHit> out;
    for (const QDate &day : dates) {
        auto written = TextSearch(store.database())
                           .writtenBetween(day.startOfDay().toMSecsSinceEpoch(),
                                           day.addDays(1).startOfDay().toMSecsSinceEpoch(), kCandidates);
        if (!written)
            return written.error();
        std::move(written->begin(), written->end(), std::back_inserter(out));
    }
    return out;
}

QJsonObject factorsOf(const Scored &s, const QStringList &terms, const QString &project)
{
    QJsonArray matched;
    for (std::size_t i = 0; i < s.shares.size() && i < std::size_t(terms.size()); ++i) {
        if (s.shares[i] > 0)
            matched.append(QJsonObject{{QStringLiteral("word"), terms[int(i)]},
                                       {QStringLiteral("weight"), round6(s.shares[i])}});
    }
    const bool ownProject = !project.isEmpty() && s.memory.projectPath == project;
    QJsonObject f{{QStringLiteral("ranking"), QStringLiteral("text")},
                  {QStringLiteral("words"), matched},
                  {QStringLiteral("text"), round6(s.text)},
                  {QStringLiteral("strength"), round6(s.score.strength)},
                  {QStringLiteral("confidence"), round6(s.memory.confidence)},
                  {QStringLiteral("projectBonus"), ownProject && !s.shares.empty() ? kProjectBonus : 0.0},
                  {QStringLiteral("recency"), round6(s.recency)},
                  {QStringLiteral("date"), s.dated ? kDateWeight : 0.0},
                  {QStringLiteral("subject"), s.subject ? kSubjectWeight : 0.0},
                  {QStringLiteral("direct"), round6(s.direct)},
                  {QStringLiteral("spread"), round6(s.spread)}};
    if (!s.via.isEmpty()) {
        f.insert(QStringLiteral("via"), s.via);
        f.insert(QStringLiteral("link"), s.link);
    }
    return f;
}

/// The best `options.maxResults` of `scored`, each with its terms. `bestDirect`: the first
/// seed's direct score, which a direct hit's activation is given against (0: no seed).
std::vector<RetrievalResult> ranked(const QHash<QString, Scored> &scored, double bestDirect, const QStringList &terms,
                                    const RetrievalOptions &options)
{
    std::vector<const Scored *> ranked;
    for (const Scored &s : scored) {
        if (s.allowed && s.total() > 0)
            ranked.push_back(&s);
    }
    std::sort(ranked.begin(), ranked.end(), [](const Scored *a, const Scored *b) {
        return a->total() != b->total() ? a->total() > b->total() : a->memory.id < b->memory.id;
    });
    if (int(ranked.size()) > options.maxResults)
        ranked.resize(std::size_t(std::max(0, options.maxResults)));
    std::vector<RetrievalResult> results;
    for (const Scored *s : ranked) {
        RetrievalResult r;
        r.id = s->memory.id;
        r.score = round6(s->total());
        r.direct = s->direct > 0;
        r.activation = round6(s->direct > 0 && bestDirect > 0 ? s->direct / bestDirect : s->spread);
        r.depth = r.direct ? 0 : s->depth;
        r.path = r.direct ? QStringList() : s->path;
        r.factors = factorsOf(*s, terms, options.project);
        r.memory = s->memory;
        results.push_back(std::move(r));
    }
    return results;
}

} // namespace

TextRecall::TextRecall(Store &store, const Config &config, const ScoringProfile &profile)
    : m_store(store), m_config(config), m_profile(profile)
{
}

Result<std::vector<RetrievalResult>> TextRecall::run(const QString &query, const RetrievalOptions &options,
                                                     const QSet<QString> &losers, Millis now)
{
    const text::QueryTerms terms = text::queryTerms(query);
    m_terms = terms.all();
    std::vector<RetrievalResult> results;
    if (terms.isEmpty() && terms.dates.isEmpty())
        return results;
    const Context c{m_store, m_profile, options, losers, now, terms.names};
    const QStringList words = terms.searchWords();
    std::vector<double> weights;
    for (const QString &w : words)
        weights.push_back(terms.names.contains(w) ? kNameWeight : 1.0);
    auto hits = TextSearch(m_store.database()).search(words, terms.cjkRuns, kCandidates, weights);
    if (!hits)
        return hits.error();
    QHash<QString, Scored> scored;
    QStringList ids;
    for (const TextHit &h : *hits)
        ids << h.id;

    auto dated = writtenOn(m_store, terms.dates);
    if (!dated)
        return dated.error();
    for (const TextHit &h : *dated)
        ids << h.id;
    if (const Status st = load(c, ids, scored); !st)
        return st.error();
    for (const TextHit &h : *dated) {
        if (auto it = scored.find(h.id); it != scored.end())
            it->dated = true;
    }

    // 1. Direct: the text score fused with what the store knows of the memory.
    std::vector<const TextHit *> seeds;
    const double best = hits->empty() ? 1.0 : hits->front().bm25;
    for (const TextHit &h : *hits) {
        auto it = scored.find(h.id);
        if (it == scored.end() || !it->allowed || h.bm25 <= 0)
            continue;
        scoreDirect(*it, &h, best, c);
        seeds.push_back(&h);
    }
    for (const TextHit &h : *dated) {
        auto it = scored.find(h.id);
        if (it == scored.end() || !it->allowed || it->direct > 0)
            continue;
        scoreDirect(*it, nullptr, best, c);
        seeds.push_back(&h);
    }
    std::stable_sort(seeds.begin(), seeds.end(),
                     [&](const TextHit *a, const TextHit *b) { return scored[a->id].direct > scored[b->id].direct; });
    if (int(seeds.size()) > kSeeds)
        seeds.resize(kSeeds);
    QHash<QString, double> seedActivation;
    for (const TextHit *s : seeds)
        seedActivation.insert(s->id, scored[s->id].direct / scored[seeds.front()->id].direct);

    // 2. Spreading activation from the seeds: in time, then over the stored links.
    if (!seeds.empty()) {
        if (const Status st = spreadInTime(c, m_config, seeds, seedActivation, scored); !st)
            return st.error();
        if (const Status st = spreadOverLinks(c, m_config, seedActivation, scored); !st)
            return st.error();
    }

    const double bestDirect = seeds.empty() ? 0.0 : scored[seeds.front()->id].direct;
    results = ranked(scored, bestDirect, m_terms, options);
    return results;
}

} // namespace recollector::core
