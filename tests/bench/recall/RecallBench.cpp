#include "RecallBench.h"

#include "Fts5Baseline.h"

#include "config/Config.h"
#include "engine/capture/MemoryCapture.h"
#include "engine/recall/Retrieval.h"
#include "engine/text/QueryTerms.h"
#include "scoring/ScoringProfile.h"
#include "store/Store.h"
#include "store/TextSearch.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTemporaryDir>

#include <algorithm>

namespace recollector::bench {

using namespace recollector::core;

void RecallTally::add(int category, const QSet<QString> &evidence, const std::vector<QSet<QString>> &resultTurns)
{
    for (std::size_t c = 0; c < kCuts.size(); ++c) {
        QSet<QString> covered;
        for (std::size_t i = 0; i < resultTurns.size() && int(i) < kCuts[c]; ++i)
            covered.unite(resultTurns[i]);
        const double share = double((covered & evidence).size()) / double(evidence.size());
        sums[category][c] += share;
        sums[0][c] += share;
    }
    ++questions[category];
    ++questions[0];
}

double RecallTally::recall(int category, int cut) const
{
    const auto n = questions.find(category);
    if (n == questions.end() || n->second == 0)
        return 0;
    return sums.at(category)[std::size_t(cut)] / double(n->second);
}

namespace {

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

} // namespace

QString RecallBench::run(const LocomoConversation &conversation)
{
    QTemporaryDir dir;
    auto store = Store::open(dir.filePath(QStringLiteral("locomo.recollector")));
    if (!store)
        return store.error().message;
    const Config config = Config::defaults();
    const auto profile = makeProfile(QStringLiteral("ebbinghaus"), config);
    Fts5Baseline baseline;
    if (!baseline.isOpen())
        return QStringLiteral("SQLite has no FTS5");
    MemoryCapture capture(**store, config, QStringLiteral("ebbinghaus"));
    QHash<QString, QSet<QString>> turnsOfId;
    QStringList ids;
    for (const LocomoConversation::Observation &o : conversation.observations) {
        NewMemory input;
        input.content = o.text; // keywords taken from the text (KeywordExtractor)
        input.actor = QStringLiteral("assistant");
        auto added = capture.add(input, o.at);
        if (!added)
            return added.error().message;
        // A restatement is taken as the memory it restates (docs/scoring.md#restatements): that
        // memory now stands for the turns of both.
        turnsOfId[added->memory.id].unite(o.turns);
        ids << added->memory.id;
        baseline.add(o.order, o.text);
    }
    Retrieval retrieval(**store, config, *profile);
    RetrievalOptions options;
    options.mode = QueryMode::Review;
    options.preview = true;
    options.maxResults = 10;
    // Asked when the conversation ends, a day after its last session.
    const Millis now = conversation.lastSession + kMsPerDay;
    for (const LocomoConversation::Question &q : conversation.questions) {
        QElapsedTimer timer;
        timer.start();
        auto results = retrieval.retrieve(q.text, options, now);
        m_recollector.latenciesMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!results)
            return results.error().message;
        std::vector<QSet<QString>> turns;
        for (const RetrievalResult &r : *results)
            turns.push_back(turnsOfId.value(r.id));
        m_recollector.add(q.category, q.evidence, turns);

        timer.restart();
        const auto rows = baseline.top(TextSearch::matchExpression(text::queryTerms(q.text).words), 10);
        m_baseline.latenciesMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        turns.clear();
        for (long long row : rows)
            turns.push_back(conversation.observations.at(int(row)).turns);
        m_baseline.add(q.category, q.evidence, turns);
    }
    return askOwnWords(**store, retrieval, ids, now);
}

QString RecallBench::askOwnWords(Store &store, Retrieval &retrieval, const QStringList &ids, Millis now)
{
    // The memories the store holds: an observation taken as a restatement added none of its own
    // (its words are not in the store), so it is the memory it restated that is asked for.
    QStringList stored;
    for (const QString &id : ids) {
        if (!stored.contains(id))
            stored << id;
    }
    auto memories = store.memories().byIds(stored);
    if (!memories)
        return memories.error().message;
    // How many memories the index finds for a word: as it stems ("supported" finds "support"),
    // so a word rare as written but common as the index reads it is not taken as distinctive.
    QHash<QString, qsizetype> found;
    const auto matches = [&](const QString &word) -> qsizetype {
        if (const auto it = found.constFind(word); it != found.cend())
            return *it;
        auto hits = TextSearch(store.database()).search({word}, {}, int(stored.size()));
        return found[word] = hits ? qsizetype(hits->size()) : 0;
    };
    RetrievalOptions options;
    options.mode = QueryMode::Review;
    options.preview = true;
    for (const Memory &m : *memories) {
        const QStringList words = text::queryTerms(m.content).words;
        if (words.isEmpty())
            continue;
        QString rarest;
        for (const QString &w : words) {
            if (rarest.isEmpty() || matches(w) < matches(rarest))
                rarest = w;
        }
        auto results = retrieval.retrieve(rarest, options, now);
        if (!results)
            return results.error().message;
        ++m_ownWordAsked;
        m_ownWordFound += std::any_of(results->begin(), results->end(),
                                      [&](const RetrievalResult &r) { return r.id == m.id; });
    }
    return {};
}

QString RecallBench::table() const
{
    static const char *names[] = {"all", "1 multi-hop", "2 temporal", "3 open-domain", "4 single-hop"};
    QString out = QStringLiteral("| questions | n | Recollector R@1 | R@5 | R@10 | FTS5 bm25 R@1 | R@5 | R@10 |\n"
                                 "|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int category : {1, 2, 3, 4, 0}) {
        out += QStringLiteral("| %1 | %2 |").arg(QLatin1String(names[category]))
                   .arg(m_recollector.questions.count(category) ? m_recollector.questions.at(category) : 0);
        for (const RecallTally *t : {&m_recollector, &m_baseline}) {
            for (int c = 0; c < 3; ++c)
                out += QStringLiteral(" %1 |").arg(t->recall(category, c), 0, 'f', 3);
        }
        out += QLatin1Char('\n');
    }
    out += QStringLiteral("\nOne recall: Recollector p50 %1 ms, p95 %2 ms; FTS5 bm25 p50 %3 ms, p95 %4 ms\n")
               .arg(percentile(m_recollector.latenciesMs, 0.5), 0, 'f', 2)
               .arg(percentile(m_recollector.latenciesMs, 0.95), 0, 'f', 2)
               .arg(percentile(m_baseline.latenciesMs, 0.5), 0, 'f', 2)
               .arg(percentile(m_baseline.latenciesMs, 0.95), 0, 'f', 2);
    out += QStringLiteral("Each memory asked for by its own rarest word (as the index reads it): %1 of %2 in the top 10\n")
               .arg(m_ownWordFound)
               .arg(m_ownWordAsked);
    return out;
}

} // namespace recollector::bench
