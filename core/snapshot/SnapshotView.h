#pragma once

#include "scoring/ScoringProfile.h"
#include "snapshot/MemorySnapshot.h"
#include "snapshot/SnapshotFilter.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace recollector::core {

/// The evaluated, filtered and sorted face of a MemorySnapshot at one instant:
/// - scores: score / strength / tier of every row under a profile at `now` (one tight loop
///   over the flat ScoreInputs, score_all_ms of docs/architecture.md, "Performance budget");
/// - filter: a predicate prepared once (terms lower-cased, names turned into interned keys)
///   and run over the columns;
/// - sort: one 64-bit key per row computed once, then a sort of (key, row) pairs; strings
///   sort by an 8-byte prefix key with a full comparison only among equal prefixes.
/// The visible order is a permutation of row numbers the table model exposes as is.
/// Incremental operations (insertionPoint / removeAt / insertAt) let the model turn a
/// change of a few rows into exact row signals instead of a reset.
class SnapshotView final
{
public:
    explicit SnapshotView(const MemorySnapshot *snapshot = nullptr) : m_snapshot(snapshot) {}

    /// Points at a new snapshot; scores and order are cleared (call evaluate() and rebuild()).
    void setSnapshot(const MemorySnapshot *snapshot);
    const MemorySnapshot *snapshot() const { return m_snapshot; }

    // --- scores ---
    void evaluate(const ScoringProfile &profile, Millis now);
    void evaluateRows(const ScoringProfile &profile, Millis now, const std::vector<std::uint32_t> &rows);
    double score(std::size_t row) const { return m_score[row]; }
    double strength(std::size_t row) const { return m_strength[row]; }
    Tier tier(std::size_t row) const { return Tier(m_tier[row]); }
    bool isEvaluated() const { return m_score.size() == (m_snapshot ? m_snapshot->size() : 0); }
    Millis evaluatedAt() const { return m_evaluatedAt; }
    /// Memories per tier, deleted and purged ones left out (as `recollector-cli stats`).
    std::array<qint64, kTierCount> tierCounts() const;

    // --- filter and sort ---
    void setFilter(const SnapshotFilter &filter);
    const SnapshotFilter &filter() const { return m_filter; }
    void setSort(SortKey key, bool descending);
    SortKey sortKey() const { return m_sortKey; }
    bool isDescending() const { return m_descending; }

    /// Whether a row passes the current filter (scores must be evaluated).
    bool passes(std::uint32_t row) const;
    /// Recomputes every sort key and the whole visible order.
    void rebuild() { setOrder(computeOrder()); }
    /// Recomputes every sort key, then returns the visible order without applying it, so a
    /// model can announce the change before it takes effect.
    std::vector<std::uint32_t> computeOrder();
    void setOrder(std::vector<std::uint32_t> order);

    const std::vector<std::uint32_t> &order() const { return m_order; }
    std::size_t visibleCount() const { return m_order.size(); }
    std::uint32_t rowAt(std::size_t position) const { return m_order[position]; }
    /// Position of a row in the visible order, or -1 when filtered out (O(1) after an O(n)
    /// index rebuild following any change of the order).
    qint64 positionOf(std::uint32_t row) const;
    /// Position of a row found by binary search on its current sort key, or -1. Use while
    /// the order is being changed row by row, where positionOf would rebuild every time.
    qint64 findPosition(std::uint32_t row) const;

    // --- incremental maintenance for a few changed rows ---
    /// Recomputes one row's sort key (after its values or score changed).
    void updateKey(std::uint32_t row);
    /// Where `row` (not currently in the order) would go to keep the order sorted.
    std::size_t insertionPoint(std::uint32_t row) const;
    /// Where `row`, now at `position`, belongs once taken out (positions of the order without
    /// it) after its key changed.
    std::size_t insertionPointExcluding(std::size_t position, std::uint32_t row) const;
    void removeAt(std::size_t position);
    void insertAt(std::size_t position, std::uint32_t row);
    /// Strict weak order of the current sort.
    bool lessThan(std::uint32_t a, std::uint32_t b) const;

private:
    struct PreparedFilter
    {
        std::vector<std::string> terms;
        std::vector<bool> categoryAllowed; // by interned key; empty = any
        std::vector<bool> projectAllowed;
        std::vector<bool> sourceAllowed;
        std::size_t internedCategories = 0, internedProjects = 0, internedSources = 0;
    };
    void prepareFilter() const;
    std::uint64_t computeKey(std::uint32_t row) const;
    void computeRanks();
    bool isStringSort() const;
    std::string_view sortText(std::uint32_t row) const;
    void computeAllKeys();
    void sortOrder(std::vector<std::uint32_t> &rows) const;
    void markPositionsDirty() { m_positionsDirty = true; }

    const MemorySnapshot *m_snapshot = nullptr;
    std::vector<float> m_score;
    std::vector<float> m_strength;
    std::vector<std::uint8_t> m_tier;
    Millis m_evaluatedAt = 0;

    SnapshotFilter m_filter;
    mutable PreparedFilter m_prepared;
    SortKey m_sortKey = SortKey::None;
    bool m_descending = false;
    std::vector<std::uint64_t> m_keys;          // per row
    std::vector<std::uint32_t> m_categoryRank;  // interned key → alphabetical rank
    std::vector<std::uint32_t> m_projectRank;
    std::vector<std::uint32_t> m_sourceRank;

    std::vector<std::uint32_t> m_order;
    mutable std::vector<std::int32_t> m_positions; // per row, -1 = hidden
    mutable bool m_positionsDirty = true;
};

} // namespace recollector::core
