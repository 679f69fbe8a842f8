#include "engine/conflicts/ConflictDetector.h"

#include "engine/conflicts/ConflictDetectorRule.h"
#include "engine/conflicts/ConflictDetectorSearch.h"
#include "engine/decisions/DecisionRecorder.h"
#include "engine/graph/KeywordIndex.h"
#include "engine/decisions/Reinforcement.h"
#include "engine/decisions/WeightLog.h"
#include "engine/text/Judgement.h"
#include "model/MemoryJson.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QHash>
#include <QJsonArray>
#include <QLoggingCategory>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <tuple>

Q_LOGGING_CATEGORY(lcConflicts, "recollector.core.engine.conflicts")

namespace recollector::core {

using conflict_rule::classifyStatements;
using conflict_rule::mayJudge;
using conflict_rule::olderFirst;
using conflict_rule::pairKey;
using conflict_rule::Statement;
using conflict_rule::statementOf;
using conflict_search::Caps;
using conflict_search::IncomingSearch;
using conflict_search::lookBack;

namespace {

// Memories looked at between two progress reports while finding: often enough for a bar and
// a prompt cancel, rarely enough to cost nothing.
constexpr std::size_t kReportEvery = 256;

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

// What the configured automatic handling makes of a candidate: AutoLatestWins,
// AutoProjectWins, or None (it stays open).
ConflictResolution automaticResolution(const ConflictCandidate &c, const Memory &older, const Config::Conflicts &rules)
{
    if (c.type == ConflictType::TemporalShift && c.supersede && rules.onTemporalShift == QLatin1String("latest_wins")
        && !older.permanent)
        return ConflictResolution::AutoLatestWins;
    if (c.type == ConflictType::ScopeOverlap && rules.onScopeOverlap == QLatin1String("project_wins"))
        return ConflictResolution::AutoProjectWins;
    return ConflictResolution::None;
}

// One candidate being recorded: its conflict row (inserted, id set) and the two memories.
struct Recording
{
    DecisionRecorder &recorder;
    const Reinforcement &writes;
    const Conflict &conflict;
    const ConflictCandidate &candidate;
    const Memory &older;
    const Memory &newer;
    Millis now;
};

QJsonObject detectedPayload(const Recording &r, const Memory &self, const Memory &other)
{
    const ConflictCandidate &c = r.candidate;
    QJsonObject payload{{QStringLiteral("conflictId"), double(r.conflict.id)},
                        {QStringLiteral("type"), conflictTypeName(c.type)},
                        {QStringLiteral("other"), other.id},
                        {QStringLiteral("reason"), c.reason},
                        {QStringLiteral("jaccard"), c.jaccard},
                        {QStringLiteral("role"), self.id == c.older ? QStringLiteral("older")
                                                                   : QStringLiteral("newer")}};
    if (self.id == c.older)
        payload.insert(QStringLiteral("conflictCreated"), io::conflictToJson(r.conflict));
    return payload;
}

// `conflict_detected` on both memories; a direct contradiction also takes confidence away.
Status noteDetected(const Recording &r, const Config::Conflicts &rules)
{
    for (const Memory *m : {&r.older, &r.newer}) {
        const Memory &other = m == &r.older ? r.newer : r.older;
        QJsonObject payload = detectedPayload(r, *m, other);
        if (r.candidate.type != ConflictType::DirectContradiction) {
            if (const Status st = r.recorder.note(events::kConflictDetected, m->id, payload); !st)
                return st;
            continue;
        }
        // Both lose confidence and the conflict waits for the user (docs/scoring.md, "Conflicts").
        Memory after = *m;
        after.confidence = m->confidence * rules.directConfidenceFactor;
        r.writes.touch(after, r.now);
        payload.insert(QStringLiteral("automatic"), QStringLiteral("confidence×%1").arg(rules.directConfidenceFactor));
        if (const Status st = r.recorder.change(events::kConflictDetected, *m, after, payload); !st)
            return st;
    }
    return {};
}

// The resolution the automatic handling chose, as events (and rows) on both memories.
Status applyAutomatic(const Recording &r)
{
    const ConflictResolution resolution = r.conflict.resolution;
    const ConflictCandidate &c = r.candidate;
    if (resolution == ConflictResolution::AutoLatestWins) {
        // Newest wins: the older is superseded and C(t) starts now (docs/scoring.md, "Automatic handling").
        Memory oldAfter = r.older;
        oldAfter.superseded = true;
        if (oldAfter.negatedAt == 0)
            oldAfter.negatedAt = r.now;
        r.writes.touch(oldAfter, r.now);
        Memory newAfter = r.newer;
        if (newAfter.supersedesId.isEmpty()) {
            newAfter.supersedesId = r.older.id;
            r.writes.touch(newAfter, r.now);
        }
        const QJsonObject payload{{QStringLiteral("conflictId"), double(r.conflict.id)},
                                  {QStringLiteral("strategy"), conflictResolutionName(resolution)},
                                  {QStringLiteral("type"), conflictTypeName(c.type)}};
        if (const Status st = r.recorder.change(events::kConflictResolved, r.older, oldAfter, payload); !st)
            return st;
        const Status st = newAfter == r.newer ? r.recorder.note(events::kConflictResolved, r.newer.id, payload)
                                              : r.recorder.change(events::kConflictResolved, r.newer, newAfter, payload);
        if (!st)
            return st;
        // docs/scoring.md#automatic-handling: the newest wins and is marked "recently updated" (shown in its history).
        return r.recorder.note(events::kRecentlyUpdated, r.newer.id,
                               QJsonObject{{QStringLiteral("conflictId"), double(r.conflict.id)},
                                           {QStringLiteral("supersedes"), r.older.id}});
    }
    if (resolution == ConflictResolution::AutoProjectWins) {
        // Recorded only: inside the project the project memory wins (Retrieval reads
        // this); outside it nothing changes.
        const Memory &project = r.older.projectPath.isEmpty() ? r.newer : r.older;
        const QJsonObject payload{{QStringLiteral("conflictId"), double(r.conflict.id)},
                                  {QStringLiteral("strategy"), conflictResolutionName(resolution)},
                                  {QStringLiteral("type"), conflictTypeName(c.type)},
                                  {QStringLiteral("winner"), project.id},
                                  {QStringLiteral("project"), project.projectPath}};
        for (const Memory *m : {&r.older, &r.newer}) {
            if (const Status st = r.recorder.note(events::kConflictResolved, m->id, payload); !st)
                return st;
        }
    }
    return {};
}

// What the rule needs of each indexed memory's text, and whether it can take part at all.
Status readStatements(Store &store, const KeywordIndex &index, std::vector<Statement> &statements,
                      std::vector<std::uint8_t> &eligible)
{
    return store.memories().scanConflictInputs([&](const ConflictInputRow &row) {
        const std::uint32_t e = index.find(row.id);
        if (e == KeywordIndex::kNone)
            return true;
        if (row.negated || row.superseded || !row.mergedInto.empty() || row.deletedAt != 0)
            return true;
        const QString content = QString::fromUtf8(row.content.data(), qsizetype(row.content.size()));
        if (content.trimmed().isEmpty())
            return true;
        eligible[e] = 1;
        statements[e] = statementOf(content,
                                    QString::fromUtf8(row.projectPath.data(), qsizetype(row.projectPath.size())),
                                    row.createdAt, false);
        return true;
    });
}

// The flagged pairs (index entries), read in full and put to the whole rule for the verdict
// and its reason.
Result<std::vector<ConflictCandidate>> finalVerdicts(Store &store, const KeywordIndex &index,
                                                     const std::vector<std::pair<std::uint32_t, std::uint32_t>> &flagged,
                                                     const Config::Conflicts &rules, ConflictDetector::Stats &stats)
{
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
    auto memories = store.memories().byIds(ids);
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
        ++stats.verdicts;
        if (auto c = ConflictDetector::classify(*mx, *my, rules))
            out.push_back(std::move(*c));
    }
    return out;
}

// Pairs with the same value frame and no keyword in common ("prefers tabs" / "prefers
// spaces"): grouped by frame, each compared with the few before it in creation order.
void sameFrames(const KeywordIndex &index, const std::vector<Statement> &statements,
                const std::vector<std::uint8_t> &eligible, std::vector<std::pair<std::uint32_t, std::uint32_t>> &maybe)
{
    constexpr std::size_t kPerFrame = 16;
    QSet<quint64> known;
    for (auto [j, e] : maybe)
        known.insert((quint64(j) << 32) | e);
    QHash<std::size_t, std::vector<std::uint32_t>> byFrame;
    for (std::uint32_t e : index.timeOrder()) {
        if (!eligible[e] || statements[e].frameKey == 0)
            continue;
        std::vector<std::uint32_t> &group = byFrame[statements[e].frameKey];
        for (std::size_t k = group.size(); k-- > 0 && group.size() - k <= kPerFrame;) {
            const std::uint32_t j = group[k];
            if (!known.contains((quint64(j) << 32) | e) && mayJudge(statements[j], statements[e])) {
                known.insert((quint64(j) << 32) | e);
                maybe.emplace_back(j, e);
            }
        }
        group.push_back(e);
    }
}

// The few flagged pairs read in full for the final verdict and its reason; then the pairs only
// the judgement rules could raise, which count against the caps once their verdict is known.
Result<std::vector<ConflictCandidate>> allVerdicts(Store &store, const KeywordIndex &index,
                                                   const std::vector<std::pair<std::uint32_t, std::uint32_t>> &flagged,
                                                   const std::vector<std::pair<std::uint32_t, std::uint32_t>> &maybe,
                                                   const Config::Conflicts &rules, ConflictDetector::Stats &stats,
                                                   Caps &caps)
{
    auto out = finalVerdicts(store, index, flagged, rules, stats);
    if (!out)
        return out;
    auto judged = finalVerdicts(store, index, maybe, rules, stats);
    if (!judged)
        return judged;
    for (ConflictCandidate &c : *judged) {
        ++stats.flagged;
        if (caps.admit(c.older, c.newer)) {
            caps.take(c.older, c.newer);
            out->push_back(std::move(c));
        }
    }
    stats.candidates = qint64(out->size());
    return out;
}

} // namespace

ConflictDetector::ConflictDetector(Store &store, const Config &config) : m_store(store), m_config(config) {}

Status ConflictDetector::step(Phase phase, std::size_t done, std::size_t total) const
{
    if (!m_step || m_step(phase, int(done), int(total)))
        return {};
    return Error::make(Error::Code::Cancelled,
                       QStringLiteral("%1: conflict detection cancelled; nothing was written").arg(m_store.path()));
}

bool ConflictDetector::isEligible(const Memory &m)
{
    return !m.isDeleted() && !m.negated && !m.superseded && m.mergedInto.isEmpty() && !m.content.trimmed().isEmpty();
}

namespace {

std::optional<text::Judgement::Verdict> judgedPair(const text::StatementFacts &older, const text::StatementFacts &newer,
                                                  const Statement &so, const Statement &sn)
{
    // A plan carried out is reported as done, often with a moment that is over ("went
    // camping last week"): the plan rule runs before the moment rules. Values and statuses
    // only clash about the same moment (docs/scoring.md#detection).
    if (auto v = text::Judgement::byPlan(older, newer))
        return v;
    if (so.past || sn.past)
        return std::nullopt;
    if ((so.dated || sn.dated) && !(so.dated && sn.dated && so.datedKey == sn.datedKey))
        return std::nullopt;
    return text::Judgement::byValue(older, newer);
}

} // namespace

std::optional<ConflictCandidate> ConflictDetector::classify(const Memory &x, const Memory &y,
                                                            const Config::Conflicts &rules)
{
    if (x.id == y.id || !isEligible(x) || !isEligible(y))
        return std::nullopt;
    const double jaccard = KeywordIndex::jaccard(x.keywords, y.keywords);
    const Memory &older = olderFirst(x, y) ? x : y;
    const Memory &newer = olderFirst(x, y) ? y : x;
    const Statement so = statementOf(older.content, older.projectPath, older.createdAt, true);
    const Statement sn = statementOf(newer.content, newer.projectPath, newer.createdAt, true);
    if (so.textKey == sn.textKey)
        return std::nullopt;
    if (mayJudge(so, sn)) {
        const text::StatementFacts fo = text::StatementFacts::of(older.content);
        const text::StatementFacts fn = text::StatementFacts::of(newer.content);
        if (auto verdict = judgedPair(fo, fn, so, sn))
            return ConflictCandidate{older.id, newer.id, verdict->kind == text::Judgement::Kind::Update
                                                             ? ConflictType::TemporalShift
                                                             : ConflictType::DirectContradiction,
                                     verdict->why, jaccard, verdict->supersede};
    }
    if (jaccard < rules.keywordJaccard)
        return std::nullopt;
    QString reason;
    const auto type = classifyStatements(so, sn, rules, &reason);
    if (!type)
        return std::nullopt;
    ConflictCandidate c{older.id, newer.id, *type, reason, jaccard, false};
    // A flip of polarity the newer says is a change ("no longer", "now"): an update.
    if (*type == ConflictType::DirectContradiction && so.negative != sn.negative) {
        const text::StatementFacts fn = text::StatementFacts::of(newer.content);
        if (fn.change) {
            c.type = ConflictType::TemporalShift;
            c.supersede = true;
            c.reason = QStringLiteral("a change: the newer says '%1', the older '%2'")
                           .arg(fn.changeQuote, older.content.simplified().left(80));
        }
    }
    return c;
}

Result<std::vector<ConflictCandidate>> ConflictDetector::findAll(const KeywordIndex *given)
{
    m_stats = {};
    if (const Status st = step(Phase::Finding, 0, 0); !st)
        return st.error();
    std::optional<KeywordIndex> built;
    if (!given) {
        auto index = KeywordIndex::build(m_store);
        if (!index)
            return index.error();
        built.emplace(std::move(*index));
        given = &*built;
    }
    const KeywordIndex &index = *given;
    if (const Status st = step(Phase::Finding, 0, index.size()); !st)
        return st.error();
    const Config::Conflicts &rules = m_config.conflicts;

    // One streaming pass for what the rule needs of each text; no Memory objects.
    std::vector<Statement> statements(index.size());
    std::vector<std::uint8_t> eligible(index.size(), 0);
    if (const Status st = readStatements(m_store, index, statements, eligible); !st)
        return st.error();
    auto existing = existingPairs(m_store);
    if (!existing)
        return existing.error();
    Caps caps(m_stats, *existing);

    // Each pair is looked at once, from its younger end, through the keywords it shares.
    std::vector<std::uint32_t> stamp(index.size(), 0);
    std::uint32_t generation = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> flagged;
    // Pairs only the judgement rules could raise, read in full before the caps count them.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> maybe;
    std::size_t looked = 0;
    for (std::uint32_t e : index.timeOrder()) {
        if (++looked % kReportEvery == 0) {
            if (const Status st = step(Phase::Finding, looked, index.size()); !st)
                return st.error();
        }
        if (!eligible[e])
            continue;
        const bool cut = lookBack(
            index, e, stamp, ++generation, rules.keywordJaccard, m_stats,
            [&](std::uint32_t j) { return eligible[j] != 0; },
            [&](std::uint32_t j) {
                ++m_stats.comparisons;
                if (!classifyStatements(statements[j], statements[e], rules, nullptr)) {
                    if (mayJudge(statements[j], statements[e]))
                        maybe.emplace_back(j, e);
                    return;
                }
                ++m_stats.flagged;
                if (caps.admit(index.id(j), index.id(e))) {
                    caps.take(index.id(j), index.id(e)); // the final verdict below agrees: same rule
                    flagged.emplace_back(j, e);
                }
            },
            [&](std::uint32_t j) {
                if (mayJudge(statements[j], statements[e]))
                    maybe.emplace_back(j, e);
            });
        if (cut)
            ++m_stats.limited;
        if (m_stopAtCap && caps.full()) {
            // Every later pair would be dropped by the run's cap: the pairs found are final.
            // At a million memories this is most of the comparisons (detect_conflicts_s).
            m_stats.stoppedAtCap = true;
            break;
        }
    }
    if (!m_stats.stoppedAtCap)
        sameFrames(index, statements, eligible, maybe);

    if (const Status st = step(Phase::Finding, index.size(), index.size()); !st)
        return st.error();
    return allVerdicts(m_store, index, flagged, maybe, rules, m_stats, caps);
}

Result<std::vector<ConflictCandidate>> ConflictDetector::findFor(const Memory &memory, const KeywordIndex *given)
{
    return findIncoming({memory}, given);
}

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
    auto existing = existingPairs(m_store);
    if (!existing)
        return existing.error();
    Caps caps(m_stats, *existing);
    IncomingSearch search(*given, incoming, m_config.conflicts, m_stats, caps);
    auto stored = m_store.memories().byIds(search.collectStoreNeighbours());
    if (!stored)
        return stored.error();
    search.compareWithStore(*stored);
    search.compareAmongThemselves();
    std::vector<ConflictCandidate> out = search.takeResult();
    // The neighbours come out of hash tables whose order changes from run to run; recording
    // is order-sensitive (a recorded pair changes what later ones see), so the same import
    // must always offer the same candidates in the same order.
    std::sort(out.begin(), out.end(), [](const ConflictCandidate &x, const ConflictCandidate &y) {
        return std::tie(x.older, x.newer) < std::tie(y.older, y.newer);
    });
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
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (const Status st = step(Phase::Recording, i, candidates.size()); !st)
            return st.error(); // tx rolls back
        const ConflictCandidate &c = candidates[i];
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
        Conflict conflict;
        conflict.a = c.older;
        conflict.b = c.newer;
        conflict.type = c.type;
        conflict.detectedAt = now;
        if (const ConflictResolution resolution = automaticResolution(c, *older, rules);
            resolution != ConflictResolution::None) {
            conflict.status = ConflictStatus::Resolved;
            conflict.resolution = resolution;
            conflict.resolvedAt = now;
        }
        if (const Status st = m_store.conflicts().insert(conflict); !st)
            return st.error();

        DecisionRecorder recorder(m_store, m_config, weights.get(), QStringLiteral("system"), now);
        recorder.addConflict(conflict.id);
        const Recording one{recorder, writes, conflict, c, *older, *newer, now};
        if (const Status st = noteDetected(one, rules); !st)
            return st.error();
        if (const Status st = applyAutomatic(one); !st)
            return st.error();
        recorded.push_back(conflict);
    }
    // The commit hook: the last chance to stop; after it the conflicts are in the store.
    if (const Status st = step(Phase::Committing, candidates.size(), candidates.size()); !st)
        return st.error(); // tx rolls back
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
    if (stats.stoppedAtCap)
        parts << QStringLiteral("the search stopped at %1 contradictions, the cap per run; run 'conflicts --detect' "
                                "again to raise more")
                     .arg(QString::number(ConflictDetector::kMaxCandidates));
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

} // namespace recollector::core
