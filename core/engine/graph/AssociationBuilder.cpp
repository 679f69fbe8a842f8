#include "engine/graph/AssociationBuilder.h"

#include "engine/graph/KeywordIndex.h"
#include "engine/graph/LearnedWeights.h"
#include "engine/graph/LinkTypes.h"
#include "store/AssociationRewrite.h"
#include "store/CheckedWrites.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

Q_LOGGING_CATEGORY(lcAssociations, "recollector.core.engine.associations")

namespace recollector::core {

namespace {

// Below this a temporal link is not kept (kept when > 0.05: docs/scoring.md, "Associations"),
// so memories further apart than window·(1 − min/weight) hours need not be looked at.
double temporalCutoffHours(const Config::Associations &r)
{
    if (r.temporalWeight <= 0)
        return 0;
    return r.temporalWindowHours * std::max(0.0, 1.0 - r.temporalMinWeight / r.temporalWeight);
}

double temporalWeight(const Config::Associations &r, double hoursApart)
{
    if (hoursApart >= r.temporalWindowHours)
        return 0;
    const double w = r.temporalWeight * (1.0 - hoursApart / r.temporalWindowHours);
    return w > r.temporalMinWeight ? w : 0;
}

const char *typeLiteral(std::uint8_t type)
{
    switch (type) {
    case links::Keyword: return "keyword";
    case links::CoTask: return "co-task";
    case links::Temporal: return "temporal";
    case links::CoProject: return "co-project";
    case links::Manual: return "manual";
    case links::Semantic: return "semantic";
    default: return "other";
    }
}

// One derived edge of a full rebuild: 16 bytes, a few million of them. The type rides in
// the top bits of `b` (entry indices stay far below 2^28).
struct Edge
{
    std::uint32_t a;
    std::uint32_t bAndType;
    double weight;
    std::uint32_t b() const { return bAndType & 0x0fffffffu; }
    std::uint8_t type() const { return std::uint8_t(bAndType >> 28); }
};

using Proposal = AssociationBuilder::Proposal;
using Scratch = AssociationBuilder::Scratch;
using Cursors = AssociationBuilder::Cursors;

constexpr std::size_t kSearch = std::size_t(-1); // a position not known: search for it

// The links one entry proposes (AssociationBuilder::propose), rule by rule. Each candidate's
// state is a slot of the reused scratch, stamped with this run's generation.
class Proposer final
{
public:
    Proposer(const KeywordIndex &index, std::uint32_t e, const Config::Associations &rules,
             const AssociationCaps &caps, bool bothSides, Scratch &scratch)
        : m_index(index), m_e(e), m_rules(rules), m_caps(caps), m_bothSides(bothSides), m_s(scratch)
    {
        if (m_s.cells.size() < index.size())
            m_s.cells.resize(index.size());
        if (++m_s.generation == 0) {
            for (auto &slot : m_s.cells)
                slot.stamp = 0;
            m_s.generation = 1;
        }
        m_gen = m_s.generation;
        m_s.touched.clear();
    }

    // Keyword rule: count the keywords each candidate shares with e through the windows,
    // then Jaccard = shared / (|e| + |j| − shared).
    void keywordRule(const Cursors *cursors)
    {
        for (std::uint32_t k : m_index.keywordsOf(m_e)) {
            window(m_index.posting(k), cursors ? cursors->keyword[k] : kSearch, m_caps.keywordWindow,
                   [&](std::uint32_t j) { ++slotOf(j).shared; });
        }
        const auto own = double(m_index.keywordsOf(m_e).size());
        for (std::uint32_t j : m_s.touched) {
            Scratch::Slot &slot = m_s.cells[j];
            const double shared = slot.shared;
            const double jac = shared / (own + double(m_index.keywordsOf(j).size()) - shared);
            if (jac >= m_rules.keywordThreshold) {
                slot.weight = jac;
                slot.type = links::Keyword;
            }
        }
    }

    // Co-task and co-project: every member of e's groups within the windows.
    void groupRules(const Cursors *cursors)
    {
        if (const std::int32_t task = m_index.taskOf(m_e); task != KeywordIndex::kNoGroup)
            window(m_index.taskMembers(task), cursors ? cursors->task[std::size_t(task)] : kSearch,
                   m_caps.taskWindow, [&](std::uint32_t j) { consider(j, m_rules.coTaskWeight, links::CoTask); });
        if (const std::int32_t project = m_index.projectOf(m_e); project != KeywordIndex::kNoGroup)
            window(m_index.projectMembers(project), cursors ? cursors->project[std::size_t(project)] : kSearch,
                   m_caps.projectWindow,
                   [&](std::uint32_t j) { consider(j, m_rules.coProjectWeight, links::CoProject); });
    }

    // Temporal rule: neighbours in creation order while they are close enough to matter.
    void temporalRule(const Cursors *cursors)
    {
        const double cutoff = temporalCutoffHours(m_rules);
        if (cutoff <= 0 || m_index.createdAt(m_e) == 0)
            return;
        const std::size_t pos = cursors ? cursors->time : m_index.positionIn(m_index.timeOrder(), m_e);
        if (pos > 0)
            temporalSide([](std::size_t p) { return p == 0 ? std::size_t(-1) : p - 1; }, pos - 1, cutoff);
        if (m_bothSides)
            temporalSide([](std::size_t p) { return p + 1; }, pos, cutoff);
    }

    // The strongest maxLinksPerMemory candidates; ties go to the nearest in time, then the
    // lower entry.
    void keepStrongest(std::vector<Proposal> &out) const
    {
        for (std::uint32_t j : m_s.touched) {
            const Scratch::Slot &slot = m_s.cells[j];
            if (slot.weight > 0)
                out.push_back(Proposal{j, slot.weight, slot.type});
        }
        const Millis at = m_index.createdAt(m_e);
        auto stronger = [&](const Proposal &x, const Proposal &y) {
            if (x.weight != y.weight)
                return x.weight > y.weight;
            const Millis dx = std::abs(m_index.createdAt(x.other) - at);
            const Millis dy = std::abs(m_index.createdAt(y.other) - at);
            if (dx != dy)
                return dx < dy;
            return x.other < y.other;
        };
        const auto keep = std::min<std::size_t>(out.size(), std::size_t(std::max(0, m_caps.maxLinksPerMemory)));
        std::partial_sort(out.begin(), out.begin() + std::ptrdiff_t(keep), out.end(), stronger);
        out.resize(keep);
    }

private:
    Scratch::Slot &slotOf(std::uint32_t j)
    {
        Scratch::Slot &slot = m_s.cells[j];
        if (slot.stamp != m_gen) {
            slot.stamp = m_gen;
            slot.shared = 0;
            slot.type = links::Other;
            slot.weight = 0;
            m_s.touched.push_back(j);
        }
        return slot;
    }

    void consider(std::uint32_t j, double w, std::uint8_t t)
    {
        Scratch::Slot &slot = slotOf(j);
        if (w > slot.weight) {
            slot.weight = w;
            slot.type = t;
        }
    }

    // Walks up to `limit` live members of a (createdAt, entry)-sorted list on each side of
    // e. Dead members are skipped but counted towards a scan bound so that a list of
    // deleted memories cannot make this loop long. `at` is e's position when known.
    template <typename Visit>
    void window(const std::vector<std::uint32_t> &list, std::size_t at, int limit, Visit &&visit)
    {
        const std::size_t pos = at != kSearch ? at : m_index.positionIn(list, m_e);
        const int maxScan = limit * 4;
        int taken = 0, scanned = 0;
        for (std::size_t p = pos; p-- > 0 && taken < limit && scanned < maxScan;) {
            ++scanned;
            const std::uint32_t j = list[p];
            if (j != m_e && m_index.isLive(j)) {
                visit(j);
                ++taken;
            }
        }
        if (!m_bothSides)
            return;
        taken = scanned = 0;
        for (std::size_t p = pos; p < list.size() && taken < limit && scanned < maxScan; ++p) {
            const std::uint32_t j = list[p];
            if (j == m_e)
                continue;
            ++scanned;
            if (m_index.isLive(j)) {
                visit(j);
                ++taken;
            }
        }
    }

    template <typename Step>
    void temporalSide(Step step, std::size_t start, double cutoff)
    {
        const auto &order = m_index.timeOrder();
        const Millis own = m_index.createdAt(m_e);
        int taken = 0, scanned = 0;
        for (std::size_t p = start;
             p < order.size() && taken < m_caps.temporalWindow && scanned < m_caps.temporalWindow * 4; p = step(p)) {
            const std::uint32_t j = order[p];
            if (j == m_e)
                continue;
            ++scanned;
            const double hours = std::abs(time::hoursBetween(m_index.createdAt(j), own));
            if (hours >= cutoff || m_index.createdAt(j) == 0)
                break;
            if (!m_index.isLive(j))
                continue;
            const double w = temporalWeight(m_rules, hours);
            if (w > 0)
                consider(j, w, links::Temporal);
            ++taken;
        }
    }

    const KeywordIndex &m_index;
    const std::uint32_t m_e;
    const Config::Associations &m_rules;
    const AssociationCaps &m_caps;
    const bool m_bothSides;
    Scratch &m_s;
    std::uint32_t m_gen = 0;
};


Error cancelledError()
{
    return Error::make(Error::Code::Cancelled, QStringLiteral("rebuilding associations was cancelled"));
}

// A full rebuild's proposals: each memory proposes links to memories created before it
// only, so every pair is considered once, from its younger end. Progress runs over the
// first half (the writing is the second). `memories` counts the live memories.
Result<std::vector<Edge>> proposeAll(const KeywordIndex &index, const Config::Associations &rules,
                                     const AssociationCaps &caps, const AssociationBuilder::Progress &progress,
                                     qint64 &memories)
{
    const auto &order = index.timeOrder();
    const qint64 total = qint64(order.size());
    std::vector<Edge> edges;
    edges.reserve(order.size() * std::size_t(std::max(1, caps.maxLinksPerMemory)));
    Scratch scratch;
    Cursors cursors(index);
    std::vector<Proposal> proposals;
    qint64 done = 0;
    for (std::uint32_t e : order) {
        if (progress && (++done & 0xfff) == 0 && !progress(done, total * 2))
            return cancelledError();
        const bool live = index.isLive(e);
        if (live)
            AssociationBuilder::propose(index, e, rules, caps, false, scratch, proposals, &cursors);
        cursors.advance(index, e);
        if (!live)
            continue;
        ++memories;
        for (const Proposal &p : proposals) {
            std::uint32_t a = e, b = p.other;
            if (index.idBytes(b) < index.idBytes(a))
                std::swap(a, b);
            edges.push_back(Edge{a, b | (std::uint32_t(p.type) << 28), p.weight});
        }
    }
    return edges;
}

// Insert in the table's key order: the (a, b) B-tree then grows at its right edge instead
// of taking random page writes all over a file of hundreds of megabytes.
void sortInKeyOrder(const KeywordIndex &index, std::vector<Edge> &edges)
{
    std::vector<std::uint32_t> rank(index.size());
    {
        std::vector<std::uint32_t> byId(index.size());
        std::iota(byId.begin(), byId.end(), 0u);
        std::sort(byId.begin(), byId.end(),
                  [&](std::uint32_t x, std::uint32_t y) { return index.idBytes(x) < index.idBytes(y); });
        for (std::uint32_t r = 0; r < byId.size(); ++r)
            rank[byId[r]] = r;
    }
    std::sort(edges.begin(), edges.end(), [&](const Edge &x, const Edge &y) {
        return rank[x.a] != rank[y.a] ? rank[x.a] < rank[y.a] : rank[x.b()] < rank[y.b()];
    });
}

std::uint64_t entryPairKey(std::uint32_t x, std::uint32_t y)
{
    return (std::uint64_t(std::min(x, y)) << 32) | std::max(x, y);
}

// The learned boosts (docs/scoring.md, "Learned weights") by pair of index entries; pairs
// whose memories are gone are left out.
Result<std::unordered_map<std::uint64_t, double>> learnedByEntries(Store &store, const KeywordIndex &index)
{
    auto learned = LearnedWeights::read(store);
    if (!learned)
        return learned.error();
    std::unordered_map<std::uint64_t, double> out;
    for (auto it = learned->cbegin(); it != learned->cend(); ++it) {
        const qsizetype nul = it.key().indexOf(QChar(0));
        const std::uint32_t x = index.find(it.key().left(nul));
        const std::uint32_t y = index.find(it.key().mid(nul + 1));
        if (x != KeywordIndex::kNone && y != KeywordIndex::kNone)
            out[entryPairKey(x, y)] = it.value();
    }
    return out;
}

// One transaction: the table emptied, the derived links written in key order (none over a
// pair the user linked) with what they learned added back, the user's links put back as
// drawn (they win over any rule, and hold their boosts already), the `b` index built again.
// Progress runs over the second half.
//
// `readAt`, when given, is the store's data_version from before the index was read. If no other
// connection has committed since (checked once this transaction holds the write lock), every
// link written joins two memories that exist, and SQLite's own foreign-key lookups (10 million
// at 1M) are left out; otherwise nothing is written and it gives false: the caller runs the
// rebuild again with them.
Result<bool> writeEdges(Store &store, const KeywordIndex &index, const std::vector<Edge> &edges,
                  const AssociationBuilder::Progress &progress, AssociationBuilder::Stats &stats, QElapsedTimer &phase,
                  std::optional<qint64> readAt)
{
    Database &db = store.database();
    std::optional<CheckedWrites> checked;
    if (readAt)
        checked.emplace(db);
    Transaction tx(db);
    if (!tx.isActive())
        return tx.error();
    if (readAt && db.dataVersion() != *readAt)
        return false;
    auto manual = store.associations().manual();
    if (!manual)
        return manual.error();
    // Read in this transaction, so no boost can land between the reading and the writing.
    auto learned = learnedByEntries(store, index);
    if (!learned)
        return learned.error();
    QSet<QString> manualPairs;
    for (const Association &a : *manual)
        manualPairs.insert(a.a + QChar(0) + a.b);
    qCDebug(lcAssociations) << "reading the user's links and what links learned:" << phase.restart() << "ms";
    AssociationRewrite rewrite(db);
    if (const Status st = rewrite.begin(); !st)
        return st.error();
    qCDebug(lcAssociations) << "emptying the table:" << phase.restart() << "ms";
    const qint64 total = qint64(index.size());
    const Millis now = time::nowMs();
    qint64 written = 0;
    for (const Edge &edge : edges) {
        const std::string_view a = index.idBytes(edge.a);
        const std::string_view b = index.idBytes(edge.b());
        if (!manualPairs.isEmpty()
            && manualPairs.contains(QString::fromUtf8(a.data(), qsizetype(a.size())) + QChar(0)
                                    + QString::fromUtf8(b.data(), qsizetype(b.size()))))
            continue;
        double weight = edge.weight;
        if (!learned->empty()) {
            if (const auto it = learned->find(entryPairKey(edge.a, edge.b())); it != learned->end()) {
                weight = std::min(1.0, weight + it->second); // docs/scoring.md#learned-weights: capped at 1.0
                ++stats.learned;
            }
        }
        if (const Status st = rewrite.insert(LinkValues{a, b, weight, typeLiteral(edge.type()), now}); !st)
            return st.error();
        ++stats.derived;
        if (progress && (++written & 0xffff) == 0
            && !progress(total + qint64(double(written) / double(edges.size()) * double(total)), total * 2))
            return cancelledError();
    }
    for (const Association &a : *manual) {
        if (const Status st = store.associations().put(a); !st)
            return st.error();
    }
    qCDebug(lcAssociations) << "writing:" << phase.restart() << "ms";
    if (const Status st = rewrite.finish(); !st)
        return st.error();
    qCDebug(lcAssociations) << "indexing:" << phase.restart() << "ms";
    stats.total = stats.derived + qint64(manual->size());
    if (const Status st = tx.commit(); !st)
        return st.error();
    qCDebug(lcAssociations) << "commit:" << phase.restart() << "ms";
    return true;
}

} // namespace

AssociationBuilder::AssociationBuilder(Store &store, const Config &config, AssociationCaps caps)
    : m_store(store), m_rules(config.associations), m_caps(caps)
{
}

std::optional<Association> AssociationBuilder::linkBetween(const Memory &x, const Memory &y,
                                                           const Config::Associations &r)
{
    if (x.id == y.id)
        return std::nullopt;
    double best = 0;
    std::uint8_t type = links::Other;
    auto consider = [&](double w, std::uint8_t t) {
        if (w > best) {
            best = w;
            type = t;
        }
    };
    const double j = KeywordIndex::jaccard(x.keywords, y.keywords);
    if (j >= r.keywordThreshold)
        consider(j, links::Keyword);
    if (!x.source.taskId.isEmpty() && x.source.taskId == y.source.taskId)
        consider(r.coTaskWeight, links::CoTask);
    if (x.createdAt != 0 && y.createdAt != 0)
        consider(temporalWeight(r, std::abs(time::hoursBetween(x.createdAt, y.createdAt))), links::Temporal);
    if (!x.projectPath.isEmpty() && x.projectPath == y.projectPath)
        consider(r.coProjectWeight, links::CoProject);
    if (best <= 0)
        return std::nullopt;
    const auto [a, b] = orderedPair(x.id, y.id);
    return Association{a, b, best, links::typeName(type), 0};
}

AssociationBuilder::Cursors::Cursors(const KeywordIndex &index)
    : keyword(index.keywordCount(), 0), task(index.taskCount(), 0), project(index.projectCount(), 0)
{
}

void AssociationBuilder::Cursors::advance(const KeywordIndex &index, std::uint32_t e)
{
    for (std::uint32_t k : index.keywordsOf(e))
        ++keyword[k];
    if (index.taskOf(e) != KeywordIndex::kNoGroup)
        ++task[std::size_t(index.taskOf(e))];
    if (index.projectOf(e) != KeywordIndex::kNoGroup)
        ++project[std::size_t(index.projectOf(e))];
    ++time;
}

void AssociationBuilder::propose(const KeywordIndex &index, std::uint32_t e, const Config::Associations &r,
                                 const AssociationCaps &caps, bool bothSides, Scratch &s, std::vector<Proposal> &out,
                                 const Cursors *cursors)
{
    out.clear();
    if (!index.isLive(e))
        return;
    Proposer proposer(index, e, r, caps, bothSides, s);
    proposer.keywordRule(cursors);
    proposer.groupRules(cursors);
    proposer.temporalRule(cursors);
    proposer.keepStrongest(out);
}

Result<AssociationBuilder::Stats> AssociationBuilder::rebuildAll(const KeywordIndex *given, const Progress &progress)
{
    QElapsedTimer phase;
    phase.start();
    if (given) {
        auto stats = rebuildWith(*given, std::nullopt, progress, phase);
        if (!stats)
            return stats.error();
        return **stats; // without readAt it is always written
    }
    // The store's state is noted before the index is read (writeEdges' fast path). Should
    // another connection commit before the rewrite, the rebuild runs again, checked by SQLite.
    for (const bool checkedBySqlite : {false, true}) {
        std::optional<qint64> readAt;
        if (!checkedBySqlite) {
            if (const qint64 version = m_store.database().dataVersion(); version >= 0)
                readAt = version;
        }
        auto index = KeywordIndex::build(m_store);
        if (!index)
            return index.error();
        qCDebug(lcAssociations) << "keyword index:" << phase.restart() << "ms";
        auto stats = rebuildWith(*index, readAt, progress, phase);
        if (!stats)
            return stats.error();
        if (*stats)
            return **stats;
        qCDebug(lcAssociations) << "the store changed while its links were computed; once more";
    }
    // Not reached: the second pass has no readAt, so it writes or fails.
    return Error::make(Error::Code::Conflict, QStringLiteral("%1: the store kept changing while its links were computed")
                                                  .arg(m_store.path()));
}

Result<std::optional<AssociationBuilder::Stats>> AssociationBuilder::rebuildWith(const KeywordIndex &index, std::optional<qint64> readAt,
                                                                   const Progress &progress, QElapsedTimer &phase)
{
    if (index.size() >= (1u << 28))
        return Error::make(Error::Code::Validation,
                           QStringLiteral("%1: too many memories to link in one pass").arg(m_store.path()));
    Stats stats;
    auto edges = proposeAll(index, m_rules, m_caps, progress, stats.memories);
    if (!edges)
        return edges.error();
    qCDebug(lcAssociations) << "proposals:" << phase.restart() << "ms," << edges->size() << "links";
    sortInKeyOrder(index, *edges);
    qCDebug(lcAssociations) << "sorting:" << phase.restart() << "ms";
    auto written = writeEdges(m_store, index, *edges, progress, stats, phase, readAt);
    if (!written)
        return written.error();
    if (!*written)
        return std::optional<Stats>();
    const qint64 total = qint64(index.size());
    if (progress)
        progress(total * 2, total * 2);
    qCDebug(lcAssociations) << "rebuilt" << stats.derived << "derived links for" << stats.memories << "memories";
    return std::optional<Stats>(stats);
}

Result<int> AssociationBuilder::updateFor(const QString &id, const KeywordIndex &index, Millis now)
{
    auto existing = m_store.associations().of(id);
    if (!existing)
        return existing.error();
    std::vector<Proposal> proposals;
    const std::uint32_t e = index.find(id);
    if (e != KeywordIndex::kNone) {
        Scratch scratch;
        propose(index, e, m_rules, m_caps, true, scratch, proposals);
    }
    // What this memory's links learned from use goes back on top of the rules' weights, as
    // a rebuild does (docs/scoring.md, "Learned weights"), so an edit does not unlearn it.
    auto learned = LearnedWeights::ofMemory(m_store, id);
    if (!learned)
        return learned.error();
    Transaction tx(m_store.database());
    if (!tx.isActive())
        return tx.error();
    // Derived links are recomputed from their rules: the old ones go, the new ones come.
    // Manual links stay as drawn, and a pair with a manual link gets no derived one.
    QSet<QString> manual;
    for (const Association &a : *existing) {
        if (a.type == QLatin1String("manual")) {
            manual.insert(a.other(id));
            continue;
        }
        if (const Status st = m_store.associations().remove(a.a, a.b); !st)
            return st.error();
    }
    int linked = 0;
    for (const Proposal &p : proposals) {
        const QString other = index.id(p.other);
        if (manual.contains(other))
            continue;
        const auto [a, b] = orderedPair(id, other);
        const double weight = std::min(1.0, p.weight + learned->value(other, 0.0));
        if (const Status st = m_store.associations().put(Association{a, b, weight, links::typeName(p.type), now});
            !st)
            return st.error();
        ++linked;
    }
    if (const Status st = tx.commit(); !st)
        return st.error();
    return linked;
}

Result<std::optional<double>> AssociationBuilder::boost(const QString &x, const QString &y, double delta)
{
    auto link = m_store.associations().get(x, y);
    if (!link)
        return link.error();
    if (!link->has_value())
        return std::optional<double>{};
    Association a = **link;
    a.weight = std::min(1.0, a.weight + delta);
    if (const Status st = m_store.associations().put(a); !st)
        return st.error();
    return std::optional<double>{a.weight};
}

} // namespace recollector::core
