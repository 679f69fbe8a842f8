#include "snapshot/SnapshotView.h"

#include "model/VectorState.h"

#include <QCollator>

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>

namespace recollector::core {

namespace {

// Maps a double onto an unsigned key with the same order (IEEE-754 trick).
std::uint64_t orderedDouble(double value)
{
    const auto bits = std::bit_cast<std::uint64_t>(value);
    return (bits & 0x8000000000000000ull) ? ~bits : (bits | 0x8000000000000000ull);
}

std::uint64_t orderedInt(std::int64_t value) { return std::uint64_t(value) ^ 0x8000000000000000ull; }

// First 8 bytes, big-endian, so comparing keys compares the strings' prefixes bytewise.
std::uint64_t prefixKey(std::string_view text)
{
    std::uint64_t key = 0;
    for (std::size_t i = 0; i < 8; ++i)
        key = (key << 8) | (i < text.size() ? static_cast<unsigned char>(text[i]) : 0u);
    return key;
}

bool containsBytes(std::string_view haystack, const std::string &needle)
{
    return ::memmem(haystack.data(), haystack.size(), needle.data(), needle.size()) != nullptr;
}

std::vector<std::uint32_t> ranksOf(const QStringList &names)
{
    std::vector<std::uint32_t> index(std::size_t(names.size()));
    std::iota(index.begin(), index.end(), 0u);
    QCollator collator;
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    std::stable_sort(index.begin(), index.end(), [&](std::uint32_t a, std::uint32_t b) {
        return collator.compare(names[qsizetype(a)], names[qsizetype(b)]) < 0;
    });
    std::vector<std::uint32_t> rank(index.size());
    for (std::uint32_t r = 0; r < index.size(); ++r)
        rank[index[r]] = r;
    return rank;
}

} // namespace

QString modeName(SnapshotFilter::Mode mode)
{
    switch (mode) {
    case SnapshotFilter::Mode::Normal: return QStringLiteral("normal");
    case SnapshotFilter::Mode::Review: return QStringLiteral("review");
    case SnapshotFilter::Mode::Debug: return QStringLiteral("debug");
    }
    return {};
}

std::optional<SnapshotFilter::Mode> modeFromName(const QString &name)
{
    for (auto mode : {SnapshotFilter::Mode::Normal, SnapshotFilter::Mode::Review, SnapshotFilter::Mode::Debug}) {
        if (modeName(mode) == name)
            return mode;
    }
    return std::nullopt;
}

void SnapshotView::setSnapshot(const MemorySnapshot *snapshot)
{
    m_snapshot = snapshot;
    m_score.clear();
    m_strength.clear();
    m_tier.clear();
    m_keys.clear();
    m_order.clear();
    m_prepared = {};
    markPositionsDirty();
}

void SnapshotView::evaluate(const ScoringProfile &profile, Millis now)
{
    const std::size_t n = m_snapshot ? m_snapshot->size() : 0;
    m_score.resize(n);
    m_strength.resize(n);
    m_tier.resize(n);
    const ScoreInput *inputs = n ? m_snapshot->inputs().data() : nullptr;
    resetVectorState();
    for (std::size_t row = 0; row < n; ++row) {
        const Score s = profile.evaluate(inputs[row], now);
        m_score[row] = float(s.score);
        m_strength[row] = float(s.strength);
        m_tier[row] = std::uint8_t(s.tier);
    }
    m_evaluatedAt = now;
}

void SnapshotView::evaluateRows(const ScoringProfile &profile, Millis now, const std::vector<std::uint32_t> &rows)
{
    const std::size_t n = m_snapshot ? m_snapshot->size() : 0;
    if (m_score.size() != n) {
        // New rows were appended: give them a score too.
        const std::size_t old = m_score.size();
        m_score.resize(n);
        m_strength.resize(n);
        m_tier.resize(n);
        m_keys.resize(n, 0);
        std::vector<std::uint32_t> added(n - std::min(old, n));
        std::iota(added.begin(), added.end(), std::uint32_t(old));
        if (!added.empty())
            evaluateRows(profile, now, added);
    }
    for (std::uint32_t row : rows) {
        const Score s = profile.evaluate(m_snapshot->input(row), now);
        m_score[row] = float(s.score);
        m_strength[row] = float(s.strength);
        m_tier[row] = std::uint8_t(s.tier);
    }
}

std::array<qint64, kTierCount> SnapshotView::tierCounts() const
{
    std::array<qint64, kTierCount> counts{};
    if (!m_snapshot || !isEvaluated())
        return counts;
    for (std::size_t row = 0; row < m_snapshot->size(); ++row) {
        if (m_snapshot->flags(row) & (MemorySnapshot::Removed | MemorySnapshot::Deleted))
            continue;
        ++counts[m_tier[row]];
    }
    return counts;
}

void SnapshotView::setFilter(const SnapshotFilter &filter)
{
    m_filter = filter;
    m_prepared = {};
}

void SnapshotView::setSort(SortKey key, bool descending)
{
    m_sortKey = key;
    m_descending = descending;
}

void SnapshotView::prepareFilter() const
{
    PreparedFilter p;
    for (const QString &term : m_filter.text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QByteArray utf8 = term.trimmed().toUtf8();
        if (!utf8.isEmpty())
            p.terms.push_back(MemorySnapshot::lowerUtf8(std::string_view(utf8.constData(), std::size_t(utf8.size()))));
    }
    auto allowed = [](const QStringList &names, const QStringList &wanted) {
        std::vector<bool> out;
        if (wanted.isEmpty())
            return out;
        out.resize(std::size_t(names.size()), false);
        for (qsizetype i = 0; i < names.size(); ++i)
            out[std::size_t(i)] = wanted.contains(names[i]);
        return out;
    };
    p.categoryAllowed = allowed(m_snapshot->categoryNames(), m_filter.categories);
    p.projectAllowed = allowed(m_snapshot->projectNames(), m_filter.projects);
    p.sourceAllowed = allowed(m_snapshot->sourceNames(), m_filter.sources);
    p.internedCategories = std::size_t(m_snapshot->categoryNames().size());
    p.internedProjects = std::size_t(m_snapshot->projectNames().size());
    p.internedSources = std::size_t(m_snapshot->sourceNames().size());
    m_prepared = std::move(p);
}

bool SnapshotView::passes(std::uint32_t row) const
{
    const MemorySnapshot &s = *m_snapshot;
    if (m_prepared.internedCategories != std::size_t(s.categoryNames().size())
        || m_prepared.internedProjects != std::size_t(s.projectNames().size())
        || m_prepared.internedSources != std::size_t(s.sourceNames().size()) || m_prepared.internedCategories == 0)
        prepareFilter(); // first use, or a refresh interned a new name
    const std::uint16_t flags = s.flags(row);
    if (flags & MemorySnapshot::Removed)
        return false;
    const Tier t = Tier(m_tier[row]);
    switch (m_filter.mode) {
    case SnapshotFilter::Mode::Normal:
        if ((flags & (MemorySnapshot::Deleted | MemorySnapshot::Negated)) || t == Tier::Forgotten)
            return false;
        if (s.level(row) != MemoryLevel::Full && s.level(row) != MemoryLevel::Summary)
            return false;
        break;
    case SnapshotFilter::Mode::Review:
        if (flags & MemorySnapshot::Deleted)
            return false;
        break;
    case SnapshotFilter::Mode::Debug:
        break;
    }
    if (!(m_filter.tiers & SnapshotFilter::tierBit(t)))
        return false;
    if (!m_prepared.categoryAllowed.empty() && !m_prepared.categoryAllowed[s.categoryKey(row)])
        return false;
    if (!m_prepared.projectAllowed.empty() && !m_prepared.projectAllowed[s.projectKey(row)])
        return false;
    if (!m_prepared.sourceAllowed.empty() && !m_prepared.sourceAllowed[s.sourceKey(row)])
        return false;
    if (m_filter.verified && *m_filter.verified != bool(flags & MemorySnapshot::Verified))
        return false;
    if (m_filter.negated && *m_filter.negated != bool(flags & MemorySnapshot::Negated))
        return false;
    if (m_filter.permanent && *m_filter.permanent != bool(flags & MemorySnapshot::Permanent))
        return false;
    const int sensitivity = s.sensitivity(row);
    if (sensitivity < m_filter.minSensitivity || sensitivity > m_filter.maxSensitivity)
        return false;
    if (!m_prepared.terms.empty()) {
        const std::string_view text = s.searchText(row);
        for (const std::string &term : m_prepared.terms) {
            if (!containsBytes(text, term))
                return false;
        }
    }
    return true;
}

bool SnapshotView::isStringSort() const
{
    return m_sortKey == SortKey::Id || m_sortKey == SortKey::Content || m_sortKey == SortKey::Keywords
        || m_sortKey == SortKey::Name;
}

std::string_view SnapshotView::sortText(std::uint32_t row) const
{
    switch (m_sortKey) {
    case SortKey::Id: return m_snapshot->idBytes(row);
    case SortKey::Name: return m_snapshot->nameBytes(row);
    case SortKey::Content: return m_snapshot->searchText(row); // lower-cased content first
    case SortKey::Keywords: {
        const std::string_view text = m_snapshot->searchText(row);
        const std::size_t newline = text.rfind('\n');
        return newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    }
    default: return {};
    }
}

void SnapshotView::computeRanks()
{
    m_categoryRank = ranksOf(m_snapshot->categoryNames());
    m_projectRank = ranksOf(m_snapshot->projectNames());
    m_sourceRank = ranksOf(m_snapshot->sourceNames());
}

std::uint64_t SnapshotView::computeKey(std::uint32_t row) const
{
    const MemorySnapshot &s = *m_snapshot;
    const ScoreInput &in = s.input(row);
    std::uint64_t key = 0;
    switch (m_sortKey) {
    case SortKey::None: key = std::uint64_t(row); break;
    case SortKey::Id:
    case SortKey::Content:
    case SortKey::Keywords:
    case SortKey::Name: key = prefixKey(sortText(row)); break;
    case SortKey::Category:
        key = s.categoryKey(row) < m_categoryRank.size() ? m_categoryRank[s.categoryKey(row)] : s.categoryKey(row);
        break;
    case SortKey::Project:
        key = s.projectKey(row) < m_projectRank.size() ? m_projectRank[s.projectKey(row)] : s.projectKey(row);
        break;
    case SortKey::Source:
        key = s.sourceKey(row) < m_sourceRank.size() ? m_sourceRank[s.sourceKey(row)] : s.sourceKey(row);
        break;
    case SortKey::Strength: key = orderedDouble(m_strength[row]); break;
    case SortKey::Score: key = orderedDouble(m_score[row]); break;
    case SortKey::Tier:
        // Tier first, the stronger memory first within a tier.
        key = (std::uint64_t(m_tier[row]) << 56) | ((~orderedDouble(m_strength[row])) >> 8);
        break;
    case SortKey::Confidence: key = orderedDouble(in.confidence); break;
    case SortKey::Created: key = orderedInt(in.createdAt); break;
    case SortKey::Updated: key = orderedInt(s.updatedAt(row)); break;
    case SortKey::LastReinforced: key = orderedInt(in.lastReinforcedAt); break;
    case SortKey::LastAccessed: key = orderedInt(in.lastAccessedAt); break;
    case SortKey::Accesses: key = orderedInt(in.accessCount); break;
    case SortKey::Reinforcements: key = orderedInt(in.reinforceCount); break;
    case SortKey::Importance: key = orderedDouble(in.importance); break;
    case SortKey::Stability: key = orderedDouble(in.stability); break;
    case SortKey::Verified: key = (s.flags(row) & MemorySnapshot::Verified) ? 1 : 0; break;
    case SortKey::Sensitivity: key = std::uint64_t(s.sensitivity(row)); break;
    case SortKey::Flags: key = s.flags(row); break;
    case SortKey::Level:
        // full, summary, compressed summary, trace, archive: how much of the memory is left.
        key = std::uint64_t(s.level(row)) * 2 + ((s.flags(row) & MemorySnapshot::Compressed) ? 1 : 0);
        break;
    }
    return m_descending && m_sortKey != SortKey::None ? ~key : key;
}

void SnapshotView::computeAllKeys()
{
    const std::size_t n = m_snapshot ? m_snapshot->size() : 0;
    m_keys.resize(n);
    if (m_sortKey == SortKey::None)
        return; // store order: the row number is the key, no array needed
    for (std::uint32_t row = 0; row < n; ++row)
        m_keys[row] = computeKey(row);
}

void SnapshotView::updateKey(std::uint32_t row)
{
    if (m_keys.size() != m_snapshot->size())
        m_keys.resize(m_snapshot->size(), 0);
    const bool newName = m_categoryRank.size() != std::size_t(m_snapshot->categoryNames().size())
        || m_projectRank.size() != std::size_t(m_snapshot->projectNames().size())
        || m_sourceRank.size() != std::size_t(m_snapshot->sourceNames().size());
    if (newName)
        computeRanks(); // ranks of existing names keep their relative order
    if (m_sortKey != SortKey::None)
        m_keys[row] = computeKey(row);
}

bool SnapshotView::lessThan(std::uint32_t a, std::uint32_t b) const
{
    if (m_sortKey == SortKey::None)
        return a < b;
    if (m_keys[a] != m_keys[b])
        return m_keys[a] < m_keys[b];
    if (isStringSort()) {
        const std::string_view ta = sortText(a);
        const std::string_view tb = sortText(b);
        if (ta != tb)
            return m_descending ? tb < ta : ta < tb;
    }
    return a < b;
}

void SnapshotView::sortOrder(std::vector<std::uint32_t> &rows) const
{
    if (m_sortKey == SortKey::None) {
        std::sort(rows.begin(), rows.end());
        return;
    }
    // Sort (key, row) pairs held together: far fewer cache misses than indirect compares.
    struct Entry
    {
        std::uint64_t key;
        std::uint32_t row;
    };
    std::vector<Entry> entries(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        entries[i] = {m_keys[rows[i]], rows[i]};
    std::sort(entries.begin(), entries.end(),
              [](const Entry &x, const Entry &y) { return x.key != y.key ? x.key < y.key : x.row < y.row; });
    if (isStringSort()) {
        // Equal 8-byte prefixes: finish those runs with a full comparison.
        for (std::size_t i = 0; i < entries.size();) {
            std::size_t j = i + 1;
            while (j < entries.size() && entries[j].key == entries[i].key)
                ++j;
            if (j - i > 1)
                std::sort(entries.begin() + std::ptrdiff_t(i), entries.begin() + std::ptrdiff_t(j),
                          [this](const Entry &x, const Entry &y) { return lessThan(x.row, y.row); });
            i = j;
        }
    }
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i] = entries[i].row;
}

std::vector<std::uint32_t> SnapshotView::computeOrder()
{
    std::vector<std::uint32_t> order;
    if (!m_snapshot || !isEvaluated())
        return order;
    computeRanks();
    computeAllKeys();
    prepareFilter();
    const auto n = std::uint32_t(m_snapshot->size());
    order.reserve(n);
    for (std::uint32_t row = 0; row < n; ++row) {
        if (passes(row))
            order.push_back(row);
    }
    sortOrder(order);
    return order;
}

void SnapshotView::setOrder(std::vector<std::uint32_t> order)
{
    m_order = std::move(order);
    markPositionsDirty();
}

qint64 SnapshotView::positionOf(std::uint32_t row) const
{
    if (!m_snapshot || row >= m_snapshot->size())
        return -1;
    if (m_positionsDirty || m_positions.size() != m_snapshot->size()) {
        m_positions.assign(m_snapshot->size(), -1);
        for (std::size_t i = 0; i < m_order.size(); ++i)
            m_positions[m_order[i]] = std::int32_t(i);
        m_positionsDirty = false;
    }
    return m_positions[row];
}

qint64 SnapshotView::findPosition(std::uint32_t row) const
{
    const std::size_t at = insertionPoint(row);
    if (at < m_order.size() && m_order[at] == row)
        return qint64(at);
    if (!isStringSort())
        return -1; // numeric keys are only recomputed by updateKey(): the search is exact
    // The row's text may have changed under a string sort, so the search can miss it: scan.
    const auto it = std::find(m_order.begin(), m_order.end(), row);
    return it == m_order.end() ? -1 : qint64(it - m_order.begin());
}

std::size_t SnapshotView::insertionPoint(std::uint32_t row) const
{
    const auto it = std::lower_bound(m_order.begin(), m_order.end(), row,
                                     [this](std::uint32_t inOrder, std::uint32_t r) { return lessThan(inOrder, r); });
    return std::size_t(it - m_order.begin());
}

std::size_t SnapshotView::insertionPointExcluding(std::size_t position, std::uint32_t row) const
{
    auto less = [this](std::uint32_t inOrder, std::uint32_t r) { return lessThan(inOrder, r); };
    const auto begin = m_order.begin();
    const auto at = begin + std::ptrdiff_t(position);
    // The order without the row is sorted: search the part before it, then the part after.
    const auto left = std::lower_bound(begin, at, row, less);
    if (left != at)
        return std::size_t(left - begin);
    const auto right = std::lower_bound(at + 1, m_order.end(), row, less);
    return std::size_t(right - begin) - 1;
}

void SnapshotView::removeAt(std::size_t position)
{
    m_order.erase(m_order.begin() + std::ptrdiff_t(position));
    markPositionsDirty();
}

void SnapshotView::insertAt(std::size_t position, std::uint32_t row)
{
    m_order.insert(m_order.begin() + std::ptrdiff_t(position), row);
    markPositionsDirty();
}

} // namespace recollector::core
