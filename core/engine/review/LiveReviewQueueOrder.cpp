// LiveReviewQueue's order: sorted lists of rows that an update changes row by row
// (docs/scoring.md, "Review queue"). The order is ReviewQueue::build's: promote reviews (highest
// importance first), decay reviews (lowest first), then one cleanup item per memory, by kind
// (purge, delete, compress, archive), score and id; the budgets (docs/scoring.md#cleanup) cut the weakest of
// each group (Cleanup's planBudgets), and the episodes cut from the active budget count in the
// compressed one.
#include "engine/review/LiveReviewQueue.h"

#include "engine/review/CleanupRules.h"
#include "snapshot/MemorySnapshot.h"

#include <algorithm>
#include <compare>
#include <iterator>
#include <string_view>
#include <thread>

namespace recollector::core {

using cleanup_rules::BudgetGroup;

namespace {

enum What : std::uint8_t { kPromote = 1, kDecay = 2, kOwnRule = 3, kBudget = 4 };

constexpr int kActive = int(BudgetGroup::ActiveEpisode);
constexpr int kCompressed = int(BudgetGroup::CompressedEpisode);
constexpr int kSemantic = int(BudgetGroup::SemanticRule);

std::uint8_t bit(int group) { return std::uint8_t(1u << group); }

int kindOrder(int kind)
{
    switch (CleanupKind(kind)) {
    case CleanupKind::Purge: return 0;
    case CleanupKind::Delete: return 1;
    case CleanupKind::Compress: return 2;
    case CleanupKind::Archive: return 3;
    }
    return 4;
}

/// Sorts rows by a key taken once per row (a million rows sort faster by keys side by side
/// than through the per-row columns); `tie` orders equal keys.
template <typename Key, typename KeyOf, typename Tie>
void sortByKey(std::vector<std::uint32_t> &rows, KeyOf keyOf, Tie tie)
{
    std::vector<std::pair<Key, std::uint32_t>> keyed;
    keyed.reserve(rows.size());
    for (const std::uint32_t row : rows)
        keyed.emplace_back(keyOf(row), row);
    std::sort(keyed.begin(), keyed.end(), [&](const auto &a, const auto &b) {
        if (a.first < b.first)
            return true;
        if (b.first < a.first)
            return false;
        return tie(a.second, b.second);
    });
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = keyed[i].second;
}

/// The first 16 bytes of an id as two big-endian numbers (zeros past its end): comparing two
/// prefixes orders ids as comparing their bytes does, or ties when the prefixes are equal.
struct IdPrefix
{
    std::uint64_t high = 0;
    std::uint64_t low = 0;

    explicit IdPrefix(std::string_view id)
    {
        for (std::size_t i = 0; i < 16 && i < id.size(); ++i)
            (i < 8 ? high : low) |= std::uint64_t(std::uint8_t(id[i])) << (8 * (7 - i % 8));
    }
    auto operator<=>(const IdPrefix &) const = default;
};

/// Sorts `items` by `before`: a list of `splitFrom` items or more in two halves on two
/// threads, then merged.
template <typename T, typename Before>
void sortOnTwoThreads(std::vector<T> &items, std::size_t splitFrom, Before before)
{
    if (items.size() < splitFrom) {
        std::sort(items.begin(), items.end(), before);
        return;
    }
    const auto middle = items.begin() + std::ptrdiff_t(items.size() / 2);
    {
        std::jthread firstHalf([&] { std::sort(items.begin(), middle, before); });
        std::sort(middle, items.end(), before);
    }
    std::vector<T> merged;
    merged.reserve(items.size());
    std::merge(items.begin(), middle, middle, items.end(), std::back_inserter(merged), before);
    items = std::move(merged);
}

/// Sorts rows of one key by id.
void sortById(std::uint32_t *begin, std::uint32_t *end, const MemorySnapshot &snapshot)
{
    std::vector<std::pair<IdPrefix, std::uint32_t>> prefixed;
    prefixed.reserve(std::size_t(end - begin));
    for (const std::uint32_t *row = begin; row != end; ++row)
        prefixed.emplace_back(IdPrefix(snapshot.idBytes(*row)), *row);
    std::sort(prefixed.begin(), prefixed.end(), [&](const auto &a, const auto &b) {
        if (a.first != b.first)
            return a.first < b.first;
        return snapshot.idBytes(a.second) < snapshot.idBytes(b.second);
    });
    for (const auto &[prefix, row] : prefixed)
        *begin++ = row;
}

/// sortByKey with ties ordered by the rows' ids. Hundreds of thousands of rows can share one
/// key (every archived memory scores 0), and their ids differ only after a common prefix
/// ("mem_01J…"): each run of one key is sorted on its own, by the ids' first 16 bytes and
/// only where those agree by the whole ids. A list of `splitFrom` rows or more is sorted on two
/// threads.
template <typename Key, typename KeyOf>
void sortByKeyThenId(std::vector<std::uint32_t> &rows, const MemorySnapshot &snapshot, std::size_t splitFrom,
                     KeyOf keyOf)
{
    std::vector<std::pair<Key, std::uint32_t>> keyed;
    keyed.reserve(rows.size());
    for (const std::uint32_t row : rows)
        keyed.emplace_back(keyOf(row), row);
    sortOnTwoThreads(keyed, splitFrom, [](const auto &a, const auto &b) { return a.first < b.first; });
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = keyed[i].second;
    // The runs of one key, each sorted by id: those in the first half of the list on another
    // thread.
    const auto sortRuns = [&](std::size_t begin, std::size_t stop) {
        while (begin < stop) {
            std::size_t end = begin + 1;
            while (end < keyed.size() && !(keyed[begin].first < keyed[end].first))
                ++end;
            if (end - begin > 1)
                sortById(rows.data() + begin, rows.data() + end, snapshot);
            begin = end;
        }
    };
    if (keyed.size() < splitFrom) {
        sortRuns(0, keyed.size());
        return;
    }
    // The second thread starts at the first run that begins in the second half.
    std::size_t half = keyed.size() / 2;
    while (half < keyed.size() && !(keyed[half - 1].first < keyed[half].first))
        ++half;
    std::jthread firstHalf([&] { sortRuns(0, half); });
    sortRuns(half, keyed.size());
}

template <typename Less>
void insertSorted(std::vector<std::uint32_t> &rows, std::uint32_t row, Less less)
{
    rows.insert(std::lower_bound(rows.begin(), rows.end(), row, less), row);
}

// Keys are unique (ties end on the row's id), so the row is where its key says.
template <typename Less>
void eraseSorted(std::vector<std::uint32_t> &rows, std::uint32_t row, Less less)
{
    const auto it = std::lower_bound(rows.begin(), rows.end(), row, less);
    if (it != rows.end() && *it == row)
        rows.erase(it);
}

} // namespace

bool LiveReviewQueue::promoteBefore(std::uint32_t a, std::uint32_t b) const
{
    const double x = m_verdicts[a].reviewScore, y = m_verdicts[b].reviewScore;
    return x != y ? x > y : m_snapshot->rowid(a) < m_snapshot->rowid(b);
}

bool LiveReviewQueue::decayBefore(std::uint32_t a, std::uint32_t b) const
{
    const double x = m_verdicts[a].reviewScore, y = m_verdicts[b].reviewScore;
    return x != y ? x < y : m_snapshot->rowid(a) < m_snapshot->rowid(b);
}

bool LiveReviewQueue::weaker(std::uint32_t x, std::uint32_t y) const
{
    const Verdict &a = m_verdicts[x];
    const Verdict &b = m_verdicts[y];
    if (a.score != b.score)
        return a.score < b.score;
    if (a.lastReinforcedAt != b.lastReinforcedAt)
        return a.lastReinforcedAt < b.lastReinforcedAt;
    return m_snapshot->idBytes(x) < m_snapshot->idBytes(y);
}

bool LiveReviewQueue::cleanupBefore(std::uint32_t x, std::uint32_t y) const
{
    const int kx = kindOrder(m_placed[x].kind), ky = kindOrder(m_placed[y].kind);
    if (kx != ky)
        return kx < ky;
    const double sx = m_verdicts[x].score, sy = m_verdicts[y].score;
    if (sx != sy)
        return sx < sy;
    return m_snapshot->idBytes(x) < m_snapshot->idBytes(y);
}

int LiveReviewQueue::budgetOf(int group) const
{
    switch (BudgetGroup(group)) {
    case BudgetGroup::ActiveEpisode: return m_config.budgets.activeEpisodes;
    case BudgetGroup::CompressedEpisode: return m_config.budgets.compressed;
    case BudgetGroup::SemanticRule: return m_config.budgets.semanticRules;
    case BudgetGroup::None: break;
    }
    return 0;
}

LiveReviewQueue::Placed LiveReviewQueue::placeOf(std::uint32_t row) const
{
    // Cleanup's actions for the row in its order (its own rule, then the budgets: episodes,
    // compressed, semantic rules); a delete is dropped for a never-deleted memory (docs/scoring.md#cleanup);
    // the strongest kind left is kept, the first of it on a tie.
    const Verdict &v = m_verdicts[row];
    Placed best;
    int bestOrder = 4;
    const auto offer = [&](CleanupKind kind, std::uint8_t what, int group) {
        if (kind == CleanupKind::Delete && v.neverDeleted)
            return;
        if (const int o = kindOrder(int(kind)); o < bestOrder) {
            bestOrder = o;
            best = Placed{std::int8_t(kind), what, std::uint8_t(group)};
        }
    };
    if (!v.live)
        return best;
    if (v.action >= 0)
        offer(CleanupKind(v.action), kOwnRule, 0);
    const std::uint8_t cut = m_cut[row];
    if (cut & bit(kActive))
        offer(CleanupKind::Compress, kBudget, kActive);
    if (cut & bit(kCompressed))
        offer(CleanupKind::Delete, kBudget, kCompressed);
    if (cut & bit(kSemantic))
        offer(CleanupKind::Delete, kBudget, kSemantic);
    return best;
}

void LiveReviewQueue::orderAll()
{
    const auto n = std::uint32_t(m_verdicts.size());
    m_promote.clear();
    m_decay.clear();
    m_cleanup.clear();
    for (Rows &g : m_groups)
        g.clear();
    m_cut.assign(n, 0);
    m_placed.assign(n, Placed{});
    for (std::uint32_t row = 0; row < n; ++row) {
        const Verdict &v = m_verdicts[row];
        if (!v.live)
            continue;
        if (v.review == kPromote)
            m_promote.push_back(row);
        else if (v.review == kDecay)
            m_decay.push_back(row);
        if (v.group != std::uint8_t(BudgetGroup::None))
            m_groups[v.group].push_back(row);
    }
    const auto byRowid = [this](auto a, auto b) { return m_snapshot->rowid(a) < m_snapshot->rowid(b); };
    sortByKey<double>(m_promote, [this](auto row) { return -m_verdicts[row].reviewScore; }, byRowid);
    sortByKey<double>(m_decay, [this](auto row) { return m_verdicts[row].reviewScore; }, byRowid);
    const auto weakness = [this](auto row) {
        return std::pair<double, Millis>(m_verdicts[row].score, m_verdicts[row].lastReinforcedAt);
    };
    for (const int g : {kActive, kCompressed, kSemantic}) {
        Rows &group = m_groups[g];
        if (g == kCompressed) {
            // The episodes over the active budget are compressed: they count here too.
            for (std::int64_t i = 0; i < m_excess[kActive]; ++i)
                group.push_back(m_groups[kActive][std::size_t(i)]);
        }
        sortByKeyThenId<std::pair<double, Millis>>(group, *m_snapshot, m_splitFrom, weakness);
        m_excess[g] = std::max<std::int64_t>(0, std::int64_t(group.size()) - budgetOf(g));
        for (std::int64_t i = 0; i < m_excess[g]; ++i)
            m_cut[group[std::size_t(i)]] |= bit(g);
    }
    for (std::uint32_t row = 0; row < n; ++row) {
        m_placed[row] = placeOf(row);
        if (m_placed[row].kind >= 0)
            m_cleanup.push_back(row);
    }
    sortByKeyThenId<std::pair<int, double>>(m_cleanup, *m_snapshot, m_splitFrom, [this](auto row) {
        return std::pair<int, double>(kindOrder(m_placed[row].kind), m_verdicts[row].score);
    });
}

void LiveReviewQueue::withdraw(std::uint32_t row, int ops[4])
{
    const Verdict &v = m_verdicts[row];
    if (v.review == kPromote)
        eraseSorted(m_promote, row, [this](auto a, auto b) { return promoteBefore(a, b); });
    else if (v.review == kDecay)
        eraseSorted(m_decay, row, [this](auto a, auto b) { return decayBefore(a, b); });
    const auto weakerThan = [this](auto a, auto b) { return weaker(a, b); };
    if (v.group != std::uint8_t(BudgetGroup::None)) {
        eraseSorted(m_groups[v.group], row, weakerThan);
        ++ops[v.group];
    }
    if (m_cut[row] & bit(kActive)) {
        eraseSorted(m_groups[kCompressed], row, weakerThan);
        ++ops[kCompressed];
    }
    if (m_placed[row].kind >= 0)
        eraseSorted(m_cleanup, row, [this](auto a, auto b) { return cleanupBefore(a, b); });
    m_cut[row] = 0;
    m_placed[row] = Placed{};
}

void LiveReviewQueue::enter(std::uint32_t row, int ops[4])
{
    const Verdict &v = m_verdicts[row];
    if (!v.live)
        return;
    if (v.review == kPromote)
        insertSorted(m_promote, row, [this](auto a, auto b) { return promoteBefore(a, b); });
    else if (v.review == kDecay)
        insertSorted(m_decay, row, [this](auto a, auto b) { return decayBefore(a, b); });
    if (v.group != std::uint8_t(BudgetGroup::None)) {
        insertSorted(m_groups[v.group], row, [this](auto a, auto b) { return weaker(a, b); });
        ++ops[v.group];
    }
}

void LiveReviewQueue::recut(int group, std::int64_t oldExcess, int ops, const Rows &inserted, Rows &crossed)
{
    const Rows &rows = m_groups[group];
    const auto weakerThan = [this](auto a, auto b) { return weaker(a, b); };
    const std::int64_t excess = std::max<std::int64_t>(0, std::int64_t(rows.size()) - budgetOf(group));
    m_excess[group] = excess;
    const std::uint8_t b = bit(group);
    for (const std::uint32_t row : inserted) {
        const auto at = std::lower_bound(rows.begin(), rows.end(), row, weakerThan) - rows.begin();
        if (at < excess)
            m_cut[row] |= b;
    }
    // A row that was not inserted moved by at most `ops` places, and the cut by
    // |excess - oldExcess|: only rows near the cut can have crossed it.
    const std::int64_t from = std::max<std::int64_t>(0, std::min(oldExcess, excess) - ops);
    const std::int64_t to = std::min<std::int64_t>(std::int64_t(rows.size()), std::max(oldExcess, excess) + ops);
    for (std::int64_t at = from; at < to; ++at) {
        const std::uint32_t row = rows[std::size_t(at)];
        const bool cut = at < excess;
        if (bool(m_cut[row] & b) != cut) {
            m_cut[row] ^= b;
            crossed.push_back(row);
        }
    }
}

void LiveReviewQueue::place(std::uint32_t row)
{
    const auto before = [this](auto a, auto b) { return cleanupBefore(a, b); };
    if (m_placed[row].kind >= 0)
        eraseSorted(m_cleanup, row, before);
    m_placed[row] = placeOf(row);
    if (m_placed[row].kind >= 0)
        insertSorted(m_cleanup, row, before);
}

} // namespace recollector::core
