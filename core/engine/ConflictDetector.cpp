#include "engine/ConflictDetector.h"

#include "engine/DecisionRecorder.h"
#include "engine/KeywordIndex.h"
#include "engine/NegationCues.h"
#include "engine/RawSqlite.h"
#include "engine/Reinforcement.h"
#include "engine/TextTokens.h"
#include "engine/TimeAnchors.h"
#include "engine/WeightLog.h"
#include "io/MemoryJson.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QHash>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QSet>

#include <algorithm>
#include <cmath>

Q_LOGGING_CATEGORY(lcConflicts, "engram.core.engine.conflicts")

namespace engram::core {

namespace {

const QString kDirect = QStringLiteral("direct_contradiction");
const QString kScope = QStringLiteral("scope_overlap");
const QString kTemporal = QStringLiteral("temporal_shift");

// What the rule needs of one statement, computed once per memory.
struct Statement
{
    bool negative = false;
    bool past = false;          ///< about a moment that is over (TimeAnchors::Kind::Past)
    bool dated = false;         ///< about a named day / period
    std::size_t datedKey = 0;   ///< which ones
    std::size_t textKey = 0;
    std::size_t scopeKey = 0;   ///< 0 = global
    Millis createdAt = 0;
    QStringList negations;      ///< kept only when a reason is wanted
    QStringList anchors;        ///< past and dated ones, likewise
};

// Letters and digits only, lower-cased: "I like coffee." and "i like coffee" are one text.
QString textKeyOf(const QString &content)
{
    QString key;
    key.reserve(content.size());
    for (QChar c : content) {
        if (c.isLetterOrNumber())
            key += c.toLower();
    }
    return key;
}

Statement statementOf(const QString &content, const QString &project, Millis createdAt, bool keepWords)
{
    Statement s;
    const NegationCues::Analysis negation = NegationCues::analyse(content);
    QStringList dated;
    QStringList anchors;
    for (const TimeAnchors::Anchor &a : TimeAnchors::find(content)) {
        if (a.kind == TimeAnchors::Kind::Present)
            continue; // "now" is what a standing statement claims anyway
        s.past = s.past || a.kind == TimeAnchors::Kind::Past;
        if (a.kind == TimeAnchors::Kind::Dated)
            dated << a.text;
        anchors << a.text;
    }
    s.negative = negation.isNegative();
    s.dated = !dated.isEmpty();
    dated.sort();
    s.datedKey = qHash(dated.join(QLatin1Char('|')));
    s.textKey = qHash(textKeyOf(content));
    s.scopeKey = project.isEmpty() ? 0 : (qHash(project) | 1);
    s.createdAt = createdAt;
    if (keepWords) {
        s.negations = negation.cues;
        s.anchors = anchors;
    }
    return s;
}

QString quoted(const QStringList &words)
{
    QStringList q;
    for (const QString &w : words)
        q << QLatin1Char('\'') + w + QLatin1Char('\'');
    return q.join(QStringLiteral(", "));
}

// The rule of the class comment, on two statements (older first).
std::optional<QString> classifyStatements(const Statement &older, const Statement &newer,
                                          const Config::Conflicts &rules, QString *reason)
{
    if (older.textKey == newer.textKey)
        return std::nullopt;
    const double daysApart = std::abs(time::daysBetween(older.createdAt, newer.createdAt));
    // A statement about a moment that is over stays true of it (note 002); statements about
    // named days only clash about the same day, said the same day.
    if (older.past || newer.past)
        return std::nullopt;
    if (older.dated || newer.dated) {
        const bool sameMoment = older.dated && newer.dated && older.datedKey == newer.datedKey && daysApart < 1.0;
        if (!sameMoment)
            return std::nullopt;
    }
    if (older.scopeKey != newer.scopeKey) {
        if (older.scopeKey != 0 && newer.scopeKey != 0)
            return std::nullopt;
        if (reason)
            *reason = QStringLiteral("a global and a project-scoped memory of the same subject say different things");
        return kScope;
    }
    if (daysApart >= rules.temporalShiftDays) {
        if (reason)
            *reason = QStringLiteral("same subject, different statement, written %1 days apart")
                          .arg(QString::number(std::floor(daysApart), 'f', 0));
        return kTemporal;
    }
    if (older.negative != newer.negative) {
        if (reason) {
            const Statement &neg = older.negative ? older : newer;
            *reason = QStringLiteral("opposite polarity in the same period: %1 in the %2 one")
                          .arg(quoted(neg.negations), older.negative ? QStringLiteral("older") : QStringLiteral("newer"));
        }
        return kDirect;
    }
    return std::nullopt;
}

bool olderFirst(const Memory &x, const Memory &y)
{
    return x.createdAt != y.createdAt ? x.createdAt < y.createdAt : x.id < y.id;
}

QString pairKey(const QString &x, const QString &y)
{
    return x < y ? x + QChar(0) + y : y + QChar(0) + x;
}

Result<QSet<QString>> existingPairs(Store &store)
{
    auto all = store.conflicts().list();
    if (!all)
        return all.error();
    QSet<QString> pairs;
    for (const Conflict &c : *all)
        pairs.insert(pairKey(c.a, c.b));
    return pairs;
}

// Entries of `index` sharing a keyword with a memory created at `at`: at most `window`
// live ones each side in creation order per keyword, with their keyword intersection. Looks
// at no more than `visits` posting entries in all (decremented).
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

// The per-memory and per-call caps on raised pairs (see the class comment), and the pairs
// that already have a conflict row.
class Caps
{
public:
    Caps(ConflictDetector::Stats &stats, const QSet<QString> &existing)
        : m_stats(stats)
        , m_existing(existing)
    {
    }

    /// Whether a pair the rule raised may become a candidate: not recorded already, and
    /// neither memory nor the call at its cap. Counts what it drops.
    bool admit(const QString &x, const QString &y)
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
    /// Counts an admitted pair that became a candidate.
    void take(const QString &x, const QString &y)
    {
        m_taken.insert(pairKey(x, y));
        ++m_perMemory[x];
        ++m_perMemory[y];
        ++m_total;
        ++m_stats.candidates;
    }

private:
    ConflictDetector::Stats &m_stats;
    const QSet<QString> &m_existing;
    QSet<QString> m_taken;
    QHash<QString, int> m_perMemory;
    int m_total = 0;
};

} // namespace

ConflictDetector::ConflictDetector(Store &store, const Config &config) : m_store(store), m_config(config) {}

bool ConflictDetector::isEligible(const Memory &m)
{
    return !m.isDeleted() && !m.negated && !m.superseded && m.mergedInto.isEmpty() && !m.content.trimmed().isEmpty();
}

std::optional<ConflictCandidate> ConflictDetector::classify(const Memory &x, const Memory &y,
                                                            const Config::Conflicts &rules)
{
    if (x.id == y.id || !isEligible(x) || !isEligible(y))
        return std::nullopt;
    const double jaccard = KeywordIndex::jaccard(x.keywords, y.keywords);
    if (jaccard < rules.keywordJaccard)
        return std::nullopt;
    const Memory &older = olderFirst(x, y) ? x : y;
    const Memory &newer = olderFirst(x, y) ? y : x;
    const Statement so = statementOf(older.content, older.projectPath, older.createdAt, true);
    const Statement sn = statementOf(newer.content, newer.projectPath, newer.createdAt, true);
    QString reason;
    const auto type = classifyStatements(so, sn, rules, &reason);
    if (!type)
        return std::nullopt;
    return ConflictCandidate{older.id, newer.id, *type, reason, jaccard};
}

Result<std::vector<ConflictCandidate>> ConflictDetector::findAll(const KeywordIndex *given)
{
    m_stats = {};
    std::optional<KeywordIndex> built;
    if (!given) {
        auto index = KeywordIndex::build(m_store);
        if (!index)
            return index.error();
        built.emplace(std::move(*index));
        given = &*built;
    }
    const KeywordIndex &index = *given;
    const Config::Conflicts &rules = m_config.conflicts;

    // One streaming pass for what the rule needs of each text; no Memory objects.
    std::vector<Statement> statements(index.size());
    std::vector<std::uint8_t> eligible(index.size(), 0);
    raw::Statement q;
    if (const Status st = q.prepare(raw::handleOf(m_store.database()),
                                    "SELECT id, content, project_path, created_at, negated, superseded, merged_into, "
                                    "deleted_at FROM memories",
                                    m_store.path(), QStringLiteral("reading memories for conflict detection"));
        !st)
        return st.error();
    while (q.next()) {
        const std::uint32_t e = index.find(q.text(0));
        if (e == KeywordIndex::kNone)
            continue;
        const QString content = q.qstring(1);
        const bool ok = q.int64(4) == 0 && q.int64(5) == 0 && q.text(6).empty() && q.int64(7) == 0
            && !content.trimmed().isEmpty();
        if (!ok)
            continue;
        eligible[e] = 1;
        statements[e] = statementOf(content, q.qstring(2), q.int64(3), false);
    }
    if (q.failed())
        return q.error();
    auto existing = existingPairs(m_store);
    if (!existing)
        return existing.error();
    Caps caps(m_stats, *existing);

    // Each pair is looked at once, from its younger end, through the keywords it shares.
    std::vector<std::uint32_t> stamp(index.size(), 0);
    std::uint32_t generation = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flagged;
    for (std::uint32_t e : index.timeOrder()) {
        if (!eligible[e])
            continue;
        ++generation;
        qint64 visits = kMaxVisitsPerMemory;
        int compared = 0;
        for (std::uint32_t kw : index.keywordsOf(e)) {
            const auto &list = index.posting(kw);
            const std::size_t pos = index.positionIn(list, e);
            int taken = 0;
            for (std::size_t p = pos;
                 p-- > 0 && taken < kWindow && visits > 0 && compared < kMaxComparisonsPerMemory;) {
                --visits;
                ++m_stats.visits;
                const std::uint32_t j = list[p];
                if (!eligible[j] || stamp[j] == generation)
                    continue;
                stamp[j] = generation;
                ++taken;
                if (index.jaccard(e, j) < rules.keywordJaccard)
                    continue;
                ++compared;
                ++m_stats.comparisons;
                if (!classifyStatements(statements[j], statements[e], rules, nullptr))
                    continue;
                ++m_stats.flagged;
                if (caps.admit(index.id(j), index.id(e))) {
                    caps.take(index.id(j), index.id(e)); // the final verdict below agrees: same rule
                    flagged.emplace_back(j, e);
                }
            }
        }
        if (visits <= 0 || compared >= kMaxComparisonsPerMemory)
            ++m_stats.limited;
    }

    // The few flagged pairs are read in full for the final verdict and its reason.
    QStringList ids;
    QSet<QString> wanted;
    for (auto [x, y] : flagged) {
        for (std::uint32_t e : {x, y}) {
            const QString id = index.id(e);
            if (!wanted.contains(id)) {
                wanted.insert(id);
                ids << id;
            }
        }
    }
    auto memories = m_store.memories().byIds(ids);
    if (!memories)
        return memories.error();
    QHash<QString, const Memory *> byId;
    for (const Memory &m : *memories)
        byId.insert(m.id, &m);
    std::vector<ConflictCandidate> out;
    for (auto [x, y] : flagged) {
        const Memory *mx = byId.value(index.id(x));
        const Memory *my = byId.value(index.id(y));
        if (!mx || !my)
            continue;
        ++m_stats.verdicts;
        if (auto c = classify(*mx, *my, rules))
            out.push_back(std::move(*c));
    }
    m_stats.candidates = qint64(out.size());
    return out;
}

Result<std::vector<ConflictCandidate>> ConflictDetector::findFor(const Memory &memory, const KeywordIndex *given)
{
    return findIncoming({memory}, given);
}

namespace {

// What the rule needs of each memory of a list, computed once; `eligible` marks the ones
// that take part.
struct Prepared
{
    std::vector<Statement> statements;
    std::vector<std::uint8_t> eligible;

    explicit Prepared(const std::vector<Memory> &memories)
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
};

// The rule on two prepared statements, older first as classify() orders them.
bool raises(const Memory &x, const Statement &sx, const Memory &y, const Statement &sy,
    const Config::Conflicts &rules)
{
    return olderFirst(x, y) ? classifyStatements(sx, sy, rules, nullptr).has_value()
                            : classifyStatements(sy, sx, rules, nullptr).has_value();
}

} // namespace

Result<std::vector<ConflictCandidate>> ConflictDetector::findIncoming(const std::vector<Memory> &incoming,
                                                                      const KeywordIndex *given)
{
    m_stats = {};
    std::optional<KeywordIndex> built;
    if (!given) {
        auto index = KeywordIndex::build(m_store);
        if (!index)
            return index.error();
        built.emplace(std::move(*index));
        given = &*built;
    }
    const KeywordIndex &index = *given;
    const Config::Conflicts &rules = m_config.conflicts;
    auto existing = existingPairs(m_store);
    if (!existing)
        return existing.error();
    Caps caps(m_stats, *existing);
    const Prepared mine(incoming);

    std::vector<ConflictCandidate> out;
    // The final verdict (with its reason) for a pair the rule raised, within the caps.
    auto consider = [&](const Memory &x, const Memory &y) {
        ++m_stats.flagged;
        if (!caps.admit(x.id, y.id))
            return;
        ++m_stats.verdicts;
        if (auto c = classify(x, y, rules)) {
            caps.take(x.id, y.id);
            out.push_back(std::move(*c));
        }
    };

    // Against the store: the keyword overlap is known from the index, so only pairs that
    // reach the Jaccard threshold are read from the table. Per incoming memory, the stored
    // entries put to the rule, ascending (also: which pairs the second pass must not repeat).
    std::vector<std::vector<std::uint32_t>> storeSide(incoming.size());
    std::vector<std::uint8_t> toLoad(index.size(), 0);
    for (std::size_t i = 0; i < incoming.size(); ++i) {
        const Memory &m = incoming[i];
        if (!mine.eligible[i])
            continue;
        QHash<std::uint32_t, int> shared;
        int count = 0;
        qint64 visits = kMaxVisitsPerMemory;
        neighboursOf(index, m.keywords, m.createdAt, kWindow, shared, count, visits);
        m_stats.visits += kMaxVisitsPerMemory - visits;
        std::vector<std::uint32_t> &near = storeSide[i];
        for (auto it = shared.cbegin(); it != shared.cend(); ++it) {
            const std::uint32_t j = it.key();
            if (index.id(j) == m.id)
                continue; // its own stored version
            const int inter = it.value();
            const int uni = count + int(index.keywordsOf(j).size()) - inter;
            if (uni <= 0 || double(inter) / double(uni) < rules.keywordJaccard)
                continue;
            near.push_back(j);
        }
        if (visits <= 0 || near.size() > std::size_t(kMaxComparisonsPerMemory))
            ++m_stats.limited;
        if (near.size() > std::size_t(kMaxComparisonsPerMemory)) {
            // The nearest in creation time are the likeliest to be about the same thing.
            const auto distance = [&](std::uint32_t j) { return std::abs(index.createdAt(j) - m.createdAt); };
            std::nth_element(near.begin(), near.begin() + kMaxComparisonsPerMemory, near.end(),
                [&](std::uint32_t a, std::uint32_t b) {
                    return distance(a) != distance(b) ? distance(a) < distance(b) : a < b;
                });
            near.resize(std::size_t(kMaxComparisonsPerMemory));
        }
        std::sort(near.begin(), near.end());
        for (std::uint32_t j : near)
            toLoad[j] = 1;
    }
    QStringList loadIds;
    for (std::uint32_t j = 0; j < toLoad.size(); ++j) {
        if (toLoad[j])
            loadIds << index.id(j);
    }
    auto stored = m_store.memories().byIds(loadIds);
    if (!stored)
        return stored.error();
    const Prepared theirs(*stored);
    QHash<QString, std::size_t> storedAt;
    for (std::size_t k = 0; k < stored->size(); ++k)
        storedAt.insert((*stored)[k].id, k);
    QHash<QString, std::size_t> incomingAt;
    for (std::size_t i = 0; i < incoming.size(); ++i)
        incomingAt.insert(incoming[i].id, i);
    // Whether incoming[i] was put to the rule against the stored version of incoming[k].
    auto comparedInStore = [&](std::size_t i, std::size_t k) {
        const std::uint32_t e = index.find(incoming[k].id);
        return e != KeywordIndex::kNone && std::binary_search(storeSide[i].begin(), storeSide[i].end(), e);
    };
    for (std::size_t i = 0; i < incoming.size(); ++i) {
        const Memory &m = incoming[i];
        for (std::uint32_t j : storeSide[i]) {
            const auto at = storedAt.constFind(index.id(j));
            if (at == storedAt.constEnd())
                continue;
            const Memory &other = (*stored)[*at];
            // Both are incoming and stored: the pair was met from the other end already.
            const auto k = incomingAt.constFind(other.id);
            if (k != incomingAt.constEnd() && *k < i && comparedInStore(*k, i))
                continue;
            ++m_stats.comparisons;
            if (theirs.eligible[*at] && raises(m, mine.statements[i], other, theirs.statements[*at], rules))
                consider(m, other);
        }
    }

    // Among the incoming memories themselves, through an index of their own: each pair
    // once, from its younger end, as findAll() does.
    if (incoming.size() > 1) {
        const KeywordIndex own = KeywordIndex::fromMemories(incoming);
        std::vector<std::size_t> positionOf(own.size(), 0);
        for (std::size_t i = 0; i < incoming.size(); ++i)
            positionOf[own.find(incoming[i].id)] = i;
        std::vector<std::uint32_t> stamp(own.size(), 0);
        std::uint32_t generation = 0;
        for (std::uint32_t e : own.timeOrder()) {
            const std::size_t i = positionOf[e];
            if (!mine.eligible[i])
                continue;
            ++generation;
            qint64 visits = kMaxVisitsPerMemory;
            int compared = 0;
            for (std::uint32_t kw : own.keywordsOf(e)) {
                const auto &list = own.posting(kw);
                const std::size_t pos = own.positionIn(list, e);
                int taken = 0;
                for (std::size_t p = pos;
                     p-- > 0 && taken < kWindow && visits > 0 && compared < kMaxComparisonsPerMemory;) {
                    --visits;
                    ++m_stats.visits;
                    const std::uint32_t j = list[p];
                    const std::size_t k = positionOf[j];
                    if (!mine.eligible[k] || stamp[j] == generation)
                        continue;
                    stamp[j] = generation;
                    ++taken;
                    if (own.jaccard(e, j) < rules.keywordJaccard)
                        continue;
                    ++compared;
                    // Already put to the rule against the other's stored version.
                    if (comparedInStore(i, k) || comparedInStore(k, i))
                        continue;
                    ++m_stats.comparisons;
                    if (raises(incoming[k], mine.statements[k], incoming[i], mine.statements[i], rules))
                        consider(incoming[k], incoming[i]);
                }
            }
            if (visits <= 0 || compared >= kMaxComparisonsPerMemory)
                ++m_stats.limited;
        }
    }
    return out;
}

Result<std::vector<Conflict>> ConflictDetector::record(const std::vector<ConflictCandidate> &candidates, Millis now)
{
    std::vector<Conflict> recorded;
    if (candidates.empty())
        return recorded;
    const Config::Conflicts &rules = m_config.conflicts;
    const Reinforcement writes(m_config);
    const auto weights = weightLogFor(m_store, m_config);
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    for (const ConflictCandidate &c : candidates) {
        auto between = m_store.conflicts().between(c.older, c.newer);
        if (!between)
            return between.error();
        if (!between->empty())
            continue;
        auto older = m_store.memories().get(c.older);
        auto newer = m_store.memories().get(c.newer);
        if (!older || !newer) {
            const Error &e = !older ? older.error() : newer.error();
            if (e.code == Error::Code::NotFound)
                continue;
            return e;
        }
        if (!isEligible(*older) || !isEligible(*newer))
            continue;

        // The automatic handling decides the row's final state, written once: a revert of
        // this detection (conflictCreated) then finds exactly that row.
        QString resolution;
        if (c.type == kTemporal && rules.onTemporalShift == QLatin1String("latest_wins") && !older->permanent)
            resolution = QStringLiteral("auto:latest_wins");
        else if (c.type == kScope && rules.onScopeOverlap == QLatin1String("project_wins"))
            resolution = QStringLiteral("auto:project_wins");
        Conflict conflict;
        conflict.a = c.older;
        conflict.b = c.newer;
        conflict.type = c.type;
        conflict.detectedAt = now;
        if (!resolution.isEmpty()) {
            conflict.status = QStringLiteral("resolved");
            conflict.resolution = resolution;
            conflict.resolvedAt = now;
        }
        if (const Status st = m_store.conflicts().insert(conflict); !st)
            return st.error();

        DecisionRecorder recorder(m_store, m_config, weights.get(), QStringLiteral("system"), now);
        recorder.addConflict(conflict.id);
        auto detected = [&](const Memory &self, const Memory &other) {
            QJsonObject payload{{QStringLiteral("conflictId"), double(conflict.id)},
                                {QStringLiteral("type"), c.type},
                                {QStringLiteral("other"), other.id},
                                {QStringLiteral("reason"), c.reason},
                                {QStringLiteral("jaccard"), c.jaccard},
                                {QStringLiteral("role"), self.id == c.older ? QStringLiteral("older")
                                                                           : QStringLiteral("newer")}};
            if (self.id == c.older)
                payload.insert(QStringLiteral("conflictCreated"), io::conflictToJson(conflict));
            return payload;
        };

        if (c.type == kDirect) {
            // Both lose confidence and the conflict waits for the user (note 003).
            for (const Memory *m : {&*older, &*newer}) {
                Memory after = *m;
                after.confidence = m->confidence * rules.directConfidenceFactor;
                writes.touch(after, now);
                QJsonObject payload = detected(*m, m == &*older ? *newer : *older);
                payload.insert(QStringLiteral("automatic"),
                               QStringLiteral("confidence×%1").arg(rules.directConfidenceFactor));
                if (const Status st = recorder.change(events::kConflictDetected, *m, after, payload); !st)
                    return st.error();
            }
        } else {
            for (const Memory *m : {&*older, &*newer}) {
                if (const Status st = recorder.note(events::kConflictDetected, m->id,
                                                    detected(*m, m == &*older ? *newer : *older));
                    !st)
                    return st.error();
            }
        }
        if (resolution == QLatin1String("auto:latest_wins")) {
            // Newest wins: the older is superseded and C(t) starts now (SPEC §6).
            Memory oldAfter = *older;
            oldAfter.superseded = true;
            if (oldAfter.negatedAt == 0)
                oldAfter.negatedAt = now;
            writes.touch(oldAfter, now);
            Memory newAfter = *newer;
            if (newAfter.supersedesId.isEmpty()) {
                newAfter.supersedesId = older->id;
                writes.touch(newAfter, now);
            }
            const QJsonObject payload{{QStringLiteral("conflictId"), double(conflict.id)},
                                      {QStringLiteral("strategy"), resolution},
                                      {QStringLiteral("type"), c.type}};
            if (const Status st = recorder.change(events::kConflictResolved, *older, oldAfter, payload); !st)
                return st.error();
            const Status st = newAfter == *newer ? recorder.note(events::kConflictResolved, newer->id, payload)
                                                 : recorder.change(events::kConflictResolved, *newer, newAfter, payload);
            if (!st)
                return st.error();
        } else if (resolution == QLatin1String("auto:project_wins")) {
            // Recorded only: inside the project the project memory wins (Retrieval reads
            // this); outside it nothing changes.
            const Memory &project = older->projectPath.isEmpty() ? *newer : *older;
            const QJsonObject payload{{QStringLiteral("conflictId"), double(conflict.id)},
                                      {QStringLiteral("strategy"), resolution},
                                      {QStringLiteral("type"), c.type},
                                      {QStringLiteral("winner"), project.id},
                                      {QStringLiteral("project"), project.projectPath}};
            for (const Memory *m : {&*older, &*newer}) {
                if (const Status st = recorder.note(events::kConflictResolved, m->id, payload); !st)
                    return st.error();
            }
        }
        recorded.push_back(conflict);
    }
    if (const Status st = tx.commit(); !st)
        return st.error();
    qCDebug(lcConflicts) << "recorded" << recorded.size() << "conflicts";
    return recorded;
}

Result<std::vector<Conflict>> ConflictDetector::detectAll(Millis now, const KeywordIndex *index)
{
    auto found = findAll(index);
    if (!found)
        return found.error();
    return record(*found, now);
}

Result<std::vector<Conflict>> ConflictDetector::detectFor(const QString &id, Millis now, const KeywordIndex *index)
{
    auto memory = m_store.memories().get(id);
    if (!memory)
        return memory.error();
    auto found = findFor(*memory, index);
    if (!found)
        return found.error();
    return record(*found, now);
}

QString ConflictDetector::capsNote(const Stats &stats)
{
    QStringList parts;
    if (stats.dropped > 0)
        parts << QStringLiteral("%1 further contradictions not raised (at most %2 per memory, %3 per run; "
                                "run 'conflicts --detect' again to raise more)")
                     .arg(QString::number(stats.dropped), QString::number(kMaxCandidatesPerMemory),
                         QString::number(kMaxCandidates));
    if (stats.limited > 0)
        parts << QStringLiteral("%1 memories with very common keywords compared with their nearest %2 only")
                     .arg(QString::number(stats.limited), QString::number(kMaxComparisonsPerMemory));
    if (parts.isEmpty())
        return {};
    return QStringLiteral("contradiction detection was bounded: ") + parts.join(QStringLiteral("; "));
}

IncomingConflictCheck incomingConflictCheck(Store &store, const Config &config)
{
    return [&store, config](const std::vector<Memory> &incoming) {
        ConflictDetector detector(store, config);
        return detector.findIncoming(incoming);
    };
}

} // namespace engram::core
