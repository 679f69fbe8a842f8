#include "engine/conflicts/ConflictDetectorSearch.h"

#include "engine/text/StatementFacts.h"
#include "engine/text/TextTokens.h"

#include <algorithm>
#include <cstdlib>

namespace recollector::core::conflict_search {

using conflict_rule::classifyStatements;
using conflict_rule::mayJudge;
using conflict_rule::olderFirst;
using conflict_rule::pairKey;
using conflict_rule::statementOf;

namespace {

// The rule on two prepared statements, older first as classify() orders them.
bool raises(const Memory &x, const Statement &sx, const Memory &y, const Statement &sy,
    const Config::Conflicts &rules)
{
    const Statement &older = olderFirst(x, y) ? sx : sy;
    const Statement &newer = olderFirst(x, y) ? sy : sx;
    return mayJudge(older, newer)
        || (KeywordIndex::jaccard(x.keywords, y.keywords) >= rules.keywordJaccard
            && classifyStatements(older, newer, rules, nullptr).has_value());
}

} // namespace

void neighboursOf(const KeywordIndex &index, const QStringList &keywords, Millis at, int window,
    QHash<std::uint32_t, int> &out, int &keywordCount, qint64 &visits)
{
    QStringList norm = normalizeKeywords(keywords);
    keywordCount = int(norm.size());
    for (const QString &k : norm) {
        const std::uint32_t kw = index.keywordId(k);
        if (kw == KeywordIndex::kNone)
            continue;
        const auto &list = index.posting(kw);
        const std::size_t pos = index.positionAt(list, at);
        int taken = 0;
        for (std::size_t p = pos; p-- > 0 && taken < window && visits > 0;) {
            --visits;
            if (index.isLive(list[p])) {
                ++out[list[p]];
                ++taken;
            }
        }
        taken = 0;
        for (std::size_t p = pos; p < list.size() && taken < window && visits > 0; ++p) {
            --visits;
            if (index.isLive(list[p])) {
                ++out[list[p]];
                ++taken;
            }
        }
    }
}

bool Caps::admit(const QString &x, const QString &y)
{
    const QString key = pairKey(x, y);
    if (m_existing.contains(key) || m_taken.contains(key))
        return false;
    if (m_total >= ConflictDetector::kMaxCandidates
        || m_perMemory.value(x) >= ConflictDetector::kMaxCandidatesPerMemory
        || m_perMemory.value(y) >= ConflictDetector::kMaxCandidatesPerMemory) {
        ++m_stats.dropped;
        return false;
    }
    return true;
}

void Caps::take(const QString &x, const QString &y)
{
    m_taken.insert(pairKey(x, y));
    ++m_perMemory[x];
    ++m_perMemory[y];
    ++m_total;
    ++m_stats.candidates;
}

Prepared::Prepared(const std::vector<Memory> &memories)
    : statements(memories.size())
    , eligible(memories.size(), 0)
{
    for (std::size_t i = 0; i < memories.size(); ++i) {
        const Memory &m = memories[i];
        if (!ConflictDetector::isEligible(m))
            continue;
        eligible[i] = 1;
        statements[i] = statementOf(m.content, m.projectPath, m.createdAt, false);
    }
}

IncomingSearch::IncomingSearch(const KeywordIndex &index, const std::vector<Memory> &incoming,
    const Config::Conflicts &rules, ConflictDetector::Stats &stats, Caps &caps)
    : m_index(index)
    , m_incoming(incoming)
    , m_rules(rules)
    , m_stats(stats)
    , m_caps(caps)
    , m_mine(incoming)
    , m_storeSide(incoming.size())
    , m_storeEntry(incoming.size(), KeywordIndex::kNone)
{
    for (std::size_t i = 0; i < incoming.size(); ++i)
        m_storeEntry[i] = index.find(incoming[i].id);
}

QStringList IncomingSearch::collectStoreNeighbours()
{
    std::vector<std::uint8_t> toLoad(m_index.size(), 0);
    for (std::size_t i = 0; i < m_incoming.size(); ++i) {
        if (!m_mine.eligible[i])
            continue;
        const Memory &m = m_incoming[i];
        const Statement &mine = m_mine.statements[i];
        const bool judgeable = mine.frameKey != 0 || mine.plans || mine.outcomes || mine.statuses;
        QStringList keywords = m.keywords;
        // A value's rivals ("spaces" for "tabs"), a status's other states ("lives" for "moved
        // to"), find the statements it may contradict.
        if (judgeable)
            keywords += text::StatementFacts::of(m.content).partners;
        QHash<std::uint32_t, int> shared;
        int count = 0;
        qint64 visits = ConflictDetector::kMaxVisitsPerMemory;
        neighboursOf(m_index, keywords, m.createdAt, ConflictDetector::kWindow, shared, count, visits);
        count = int(normalizeKeywords(m.keywords).size());
        m_stats.visits += ConflictDetector::kMaxVisitsPerMemory - visits;
        std::vector<std::uint32_t> &near = m_storeSide[i];
        std::vector<std::uint32_t> weak;
        for (auto it = shared.cbegin(); it != shared.cend(); ++it) {
            const std::uint32_t j = it.key();
            if (j == m_storeEntry[i])
                continue; // its own stored version
            const int inter = it.value();
            const int uni = count + int(m_index.keywordsOf(j).size()) - inter;
            if (uni > 0 && double(inter) / double(uni) >= m_rules.keywordJaccard)
                near.push_back(j);
            else if (judgeable)
                weak.push_back(j); // the judgement rules look past the keyword overlap
        }
        if (visits <= 0 || near.size() > std::size_t(ConflictDetector::kMaxComparisonsPerMemory)) {
            ++m_stats.limited;
            keepNearest(near, m.createdAt, std::size_t(ConflictDetector::kMaxComparisonsPerMemory));
        }
        keepNearest(weak, m.createdAt, kWeakNeighbours);
        near.insert(near.end(), weak.begin(), weak.end());
        std::sort(near.begin(), near.end()); // for comparedInStore()
        for (std::uint32_t j : near)
            toLoad[j] = 1;
    }
    QStringList ids;
    for (std::uint32_t j = 0; j < toLoad.size(); ++j) {
        if (toLoad[j])
            ids << m_index.id(j);
    }
    return ids;
}

void IncomingSearch::compareWithStore(const std::vector<Memory> &stored)
{
    const Prepared theirs(stored);
    std::vector<std::int64_t> loadedAt(m_index.size(), -1);
    for (std::size_t k = 0; k < stored.size(); ++k) {
        if (const std::uint32_t e = m_index.find(stored[k].id); e != KeywordIndex::kNone)
            loadedAt[e] = std::int64_t(k);
    }
    QHash<std::uint32_t, std::size_t> incomingOfEntry; // stored entries that are incoming too
    for (std::size_t i = 0; i < m_incoming.size(); ++i) {
        if (m_storeEntry[i] != KeywordIndex::kNone)
            incomingOfEntry.insert(m_storeEntry[i], i);
    }
    for (std::size_t i = 0; i < m_incoming.size(); ++i) {
        for (std::uint32_t j : m_storeSide[i]) {
            const std::int64_t at = loadedAt[j];
            if (at < 0)
                continue;
            // Both are incoming and stored: the pair was met from the other end already.
            const auto k = incomingOfEntry.constFind(j);
            if (k != incomingOfEntry.constEnd() && *k < i && comparedInStore(*k, i))
                continue;
            ++m_stats.comparisons;
            const Memory &other = stored[std::size_t(at)];
            if (theirs.eligible[std::size_t(at)]
                && raises(
                    m_incoming[i], m_mine.statements[i], other, theirs.statements[std::size_t(at)], m_rules))
                consider(m_incoming[i], other);
        }
    }
}

void IncomingSearch::compareAmongThemselves()
{
    if (m_incoming.size() < 2)
        return;
    const KeywordIndex own = KeywordIndex::fromMemories(m_incoming);
    std::vector<std::size_t> positionOf(own.size(), 0);
    for (std::size_t i = 0; i < m_incoming.size(); ++i)
        positionOf[own.find(m_incoming[i].id)] = i;
    std::vector<std::uint32_t> stamp(own.size(), 0);
    std::uint32_t generation = 0;
    for (std::uint32_t e : own.timeOrder()) {
        const std::size_t i = positionOf[e];
        if (!m_mine.eligible[i])
            continue;
        const bool cut = lookBack(
            own, e, stamp, ++generation, m_rules.keywordJaccard, m_stats,
            [&](std::uint32_t j) { return m_mine.eligible[positionOf[j]] != 0; },
            [&](std::uint32_t j) {
                const std::size_t k = positionOf[j];
                // Already put to the rule against the other's stored version.
                if (comparedInStore(i, k) || comparedInStore(k, i))
                    return;
                ++m_stats.comparisons;
                if (raises(m_incoming[k], m_mine.statements[k], m_incoming[i], m_mine.statements[i], m_rules))
                    consider(m_incoming[k], m_incoming[i]);
            },
            [&](std::uint32_t j) {
                const std::size_t k = positionOf[j];
                if (!comparedInStore(i, k) && !comparedInStore(k, i)
                    && mayJudge(m_mine.statements[k], m_mine.statements[i]))
                    consider(m_incoming[k], m_incoming[i]);
            });
        if (cut)
            ++m_stats.limited;
    }
}

// The nearest in creation time are the likeliest to be about the same thing.
void IncomingSearch::keepNearest(std::vector<std::uint32_t> &near, Millis at, std::size_t most) const
{
    if (near.size() <= most)
        return;
    const auto distance = [&](std::uint32_t j) { return std::abs(m_index.createdAt(j) - at); };
    std::nth_element(near.begin(), near.begin() + std::ptrdiff_t(most), near.end(),
        [&](std::uint32_t a, std::uint32_t b) {
            return distance(a) != distance(b) ? distance(a) < distance(b) : a < b;
        });
    near.resize(most);
}

// Whether incoming[i] was put to the rule against the stored version of incoming[k].
bool IncomingSearch::comparedInStore(std::size_t i, std::size_t k) const
{
    const std::uint32_t e = m_storeEntry[k];
    return e != KeywordIndex::kNone && std::binary_search(m_storeSide[i].begin(), m_storeSide[i].end(), e);
}

// The final verdict (with its reason) for a pair the rule raised, within the caps.
void IncomingSearch::consider(const Memory &x, const Memory &y)
{
    ++m_stats.flagged;
    if (!m_caps.admit(x.id, y.id))
        return;
    ++m_stats.verdicts;
    if (auto c = ConflictDetector::classify(x, y, m_rules)) {
        m_caps.take(x.id, y.id);
        m_out.push_back(std::move(*c));
    }
}

} // namespace recollector::core::conflict_search
