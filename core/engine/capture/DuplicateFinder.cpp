#include "engine/capture/DuplicateFinder.h"

#include "engine/conflicts/ConflictDetector.h"
#include "engine/text/NegationCues.h"
#include "engine/text/Restatement.h"
#include "engine/text/StatementWords.h"
#include "store/ScanRows.h"
#include "store/Store.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cstdint>

namespace recollector::core {

namespace {

struct Entry
{
    QString id;
    std::uint32_t group = 0;            ///< first word and project, hashed: only they share buckets
    text::Restatement::Words words;     ///< step 1's words: their stems and WordNet senses, hashed;
                                        ///< the stems, sorted, are the MinHash input
};

// One of the kBands * kRows MinHash functions (a multiply-xorshift mix of the word hash with a
// seed per function): the smallest value over the memory's words.
std::uint32_t minHash(const std::vector<std::uint32_t> &words, std::uint32_t seed)
{
    std::uint32_t best = 0xffffffffu;
    for (const std::uint32_t w : words) {
        std::uint32_t h = (w ^ seed) * 0x9e3779b1u;
        h ^= h >> 15;
        h *= 0x85ebca77u;
        h ^= h >> 13;
        best = std::min(best, h);
    }
    return best;
}

Result<std::vector<Entry>> readEntries(Store &store, const DuplicateFinder::Progress &progress, qint64 total)
{
    std::vector<Entry> out;
    qint64 seen = 0;
    bool stopped = false;
    const Status scanned = store.memories().scanConflictInputs([&](const ConflictInputRow &row) {
        if (++seen % 4096 == 0 && progress && !progress(seen, total * 3)) {
            stopped = true;
            return false;
        }
        if (row.deletedAt != 0 || row.negated || row.superseded || !row.mergedInto.empty() || row.content.empty())
            return true;
        const QString content = QString::fromUtf8(row.content.data(), qsizetype(row.content.size()));
        if (content.startsWith(QLatin1String("enc1:")))
            return true; // sealed text: not read here
        QString owner;
        QStringList words = text::Restatement::searchWords(content, &owner);
        if (words.size() < 2)
            return true;
        Entry e;
        e.id = QString::fromUtf8(row.id.data(), qsizetype(row.id.size()));
        e.group = std::uint32_t(qHash(owner) ^ (qHash(QByteArray(row.projectPath.data(), qsizetype(row.projectPath.size()))) * 31u));
        words.sort();
        words.removeDuplicates();
        e.words = text::Restatement::wordsOf(words, content);
        out.push_back(std::move(e));
        return true;
    });
    if (!scanned)
        return scanned.error();
    if (stopped)
        return Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled"));
    return out;
}

// Candidate pairs (indexes into `entries`, lower first) whose words overlap enough.
Result<std::vector<std::pair<std::uint32_t, std::uint32_t>>> candidatePairs(const std::vector<Entry> &entries,
                                                                             const DuplicateFinder::Progress &progress,
                                                                             qint64 total)
{
    // A pair met in several bands is checked again there (a merge of two short sorted lists
    // costs less than remembering every pair met); the pairs kept are made unique at the end.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keys(entries.size());
    for (int band = 0; band < DuplicateFinder::kBands; ++band) {
        if (progress && !progress(total + total * band / DuplicateFinder::kBands, total * 3))
            return Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled"));
        for (std::size_t i = 0; i < entries.size(); ++i) {
            std::uint64_t key = entries[i].group;
            for (int r = 0; r < DuplicateFinder::kRows; ++r) {
                const auto seed = std::uint32_t(band * DuplicateFinder::kRows + r + 1) * 0x27d4eb2fu;
                key = key * 0x100000001b3ull ^ minHash(entries[i].words.stems, seed);
            }
            keys[i] = {key, std::uint32_t(i)};
        }
        std::sort(keys.begin(), keys.end());
        for (std::size_t i = 0; i < keys.size(); ++i) {
            for (std::size_t k = i + 1; k < keys.size() && k <= i + DuplicateFinder::kBucketReach && keys[k].first == keys[i].first; ++k) {
                const std::uint32_t a = std::min(keys[i].second, keys[k].second);
                const std::uint32_t b = std::max(keys[i].second, keys[k].second);
                if (text::Restatement::overlap(entries[a].words, entries[b].words) > 0)
                    out.emplace_back(a, b);
            }
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

struct Checked
{
    Memory memory;
    text::StatementFacts facts;
    text::Restatement::Marks marks;
    bool negative = false;
    QStringList denied;
};

// The check of `add` on one candidate pair, older first.
double restates(const Checked &x, const Checked &y)
{
    const bool olderFirst = x.memory.createdAt != y.memory.createdAt ? x.memory.createdAt < y.memory.createdAt
                                                                       : x.memory.id < y.memory.id;
    const Checked &older = olderFirst ? x : y;
    const Checked &newer = olderFirst ? y : x;
    if (older.memory.category != newer.memory.category || older.memory.projectPath != newer.memory.projectPath)
        return 0;
    const bool sameDenial = older.negative == newer.negative && older.denied == newer.denied;
    return text::Restatement::share(older.facts, older.marks, newer.facts, newer.marks, sameDenial);
}

Result<QHash<QString, Checked>> loadChecked(Store &store, const QStringList &ids)
{
    QHash<QString, Checked> out;
    for (qsizetype from = 0; from < ids.size(); from += 500) {
        auto memories = store.memories().byIds(ids.mid(from, 500));
        if (!memories)
            return memories.error();
        for (Memory &m : *memories) {
            if (!ConflictDetector::isEligible(m))
                continue;
            Checked c;
            c.facts = text::StatementFacts::of(m.content);
            c.marks = text::Restatement::marksOf(c.facts);
            c.negative = NegationCues::analyse(m.content).isNegative();
            c.denied = text::StatementWords::deniedWords(m.content);
            c.memory = std::move(m);
            out.insert(c.memory.id, std::move(c));
        }
    }
    return out;
}

struct Accepted
{
    double share = 0;
    const Checked *a = nullptr;
    const Checked *b = nullptr;
};

// Groups from the pairs that restate, surest first. A memory joins a group only when it
// restates every member, and two groups are never joined: "in Boston" and "in Denver" may
// each restate "volunteers at a shelter", but they are not one fact.
std::vector<DuplicateCluster> grouped(std::vector<Accepted> &pairs)
{
    std::sort(pairs.begin(), pairs.end(), [](const Accepted &x, const Accepted &y) {
        if (x.share != y.share)
            return x.share > y.share;
        return std::pair(x.a->memory.id, x.b->memory.id) < std::pair(y.a->memory.id, y.b->memory.id);
    });
    std::vector<std::vector<const Checked *>> groups;
    std::vector<QString> why;
    QHash<const Checked *, std::size_t> groupOf;
    for (const Accepted &p : pairs) {
        const auto ga = groupOf.constFind(p.a);
        const auto gb = groupOf.constFind(p.b);
        if (ga == groupOf.constEnd() && gb == groupOf.constEnd()) {
            groupOf.insert(p.a, groups.size());
            groupOf.insert(p.b, groups.size());
            groups.push_back({p.a, p.b});
            const bool aOlder = p.a->memory.createdAt <= p.b->memory.createdAt;
            why.push_back(text::Restatement::why((aOlder ? p.a : p.b)->memory.content, p.share));
            continue;
        }
        if (ga != groupOf.constEnd() && gb != groupOf.constEnd())
            continue;
        const std::size_t g = ga != groupOf.constEnd() ? *ga : *gb;
        const Checked *joining = ga != groupOf.constEnd() ? p.b : p.a;
        std::vector<const Checked *> &members = groups[g];
        if (std::all_of(members.cbegin(), members.cend(), [&](const Checked *m) { return restates(*m, *joining) > 0; })) {
            members.push_back(joining);
            groupOf.insert(joining, g);
        }
    }
    std::vector<DuplicateCluster> out;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        DuplicateCluster c;
        c.why = why[g];
        for (const Checked *m : groups[g])
            c.memories.push_back(m->memory);
        std::sort(c.memories.begin(), c.memories.end(), [](const Memory &a, const Memory &b) {
            return a.strength != b.strength ? a.strength > b.strength : a.id < b.id;
        });
        out.push_back(std::move(c));
    }
    std::sort(out.begin(), out.end(), [](const DuplicateCluster &a, const DuplicateCluster &b) {
        if (a.memories.size() != b.memories.size())
            return a.memories.size() > b.memories.size();
        return a.memories.front().strength != b.memories.front().strength
            ? a.memories.front().strength > b.memories.front().strength
            : a.memories.front().id < b.memories.front().id;
    });
    return out;
}

} // namespace

Result<std::vector<DuplicateCluster>> DuplicateFinder::find(Store &store, const Progress &progress)
{
    auto total = store.memories().count();
    if (!total)
        return total.error();
    const qint64 steps = std::max<qint64>(1, *total);
    auto entries = readEntries(store, progress, steps);
    if (!entries)
        return entries.error();
    auto pairs = candidatePairs(*entries, progress, steps);
    if (!pairs)
        return pairs.error();
    QSet<QString> involved;
    for (const auto &[a, b] : *pairs) {
        involved.insert((*entries)[a].id);
        involved.insert((*entries)[b].id);
    }
    auto checked = loadChecked(store, QStringList(involved.begin(), involved.end()));
    if (!checked)
        return checked.error();
    std::vector<Accepted> accepted;
    for (std::size_t n = 0; n < pairs->size(); ++n) {
        if (n % 1024 == 0 && progress && !progress(steps * 2 + steps * qint64(n) / qint64(pairs->size()), steps * 3))
            return Error::make(Error::Code::Cancelled, QStringLiteral("Cancelled"));
        const auto x = checked->constFind((*entries)[(*pairs)[n].first].id);
        const auto y = checked->constFind((*entries)[(*pairs)[n].second].id);
        if (x == checked->constEnd() || y == checked->constEnd())
            continue;
        if (const double share = restates(*x, *y); share > 0)
            accepted.push_back({share, &*x, &*y});
    }
    return grouped(accepted);
}

} // namespace recollector::core
