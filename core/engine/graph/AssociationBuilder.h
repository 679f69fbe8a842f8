#pragma once

#include "config/Config.h"
#include "model/Association.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

class QElapsedTimer;

namespace recollector::core {

class KeywordIndex;
class Store;

/// Fan-out caps of the association rules. Without them a store where 100,000 memories share
/// a project (or a keyword such as "typescript", or one busy day) would make 5·10⁹ pairs.
/// With them every memory looks at a bounded number of neighbours and keeps only its
/// strongest links, so a rebuild is O(n · caps) and the graph has at most
/// maxLinksPerMemory · n derived edges (average degree ≤ 2 · maxLinksPerMemory).
/// Groups smaller than the windows are handled exactly; the caps only bind in big groups,
/// where the nearest members in creation time are the ones kept. In a big keyword group the
/// Jaccard overlap is counted within the windows, so it may be underestimated there (never
/// overestimated). With the defaults a 1,000,000-memory store gets ≤ 5,000,000 derived
/// links, the size of the benchmark store (docs/architecture.md, "Performance budget").
struct AssociationCaps
{
    int keywordWindow = 64;    ///< per shared keyword: the memories created just before (and after, incrementally)
    int taskWindow = 64;       ///< same source.taskId
    int projectWindow = 16;    ///< same projectPath (co-project links are the weakest, 0.2)
    int temporalWindow = 16;   ///< nearest memories created within the temporal window
    int maxLinksPerMemory = 5; ///< strongest links each memory proposes
};

/// Builds the derived associations (docs/scoring.md, "Associations"): keyword Jaccard ≥ 0.3 (weight
/// = Jaccard), co-task 0.5, temporal 0.3·(1 − Δt/24 h) when > 0.05, co-project 0.2; no
/// self-links; one edge per pair with the strongest rule. User-drawn (`manual`) links are
/// never replaced or removed. Candidates come from the KeywordIndex (inverted keyword index,
/// task / project groups, creation order), never from a scan of all pairs.
class AssociationBuilder final
{
public:
    AssociationBuilder(Store &store, const Config &config, AssociationCaps caps = {});

    struct Stats
    {
        qint64 memories = 0;  ///< live memories linked
        qint64 derived = 0;   ///< derived links written
        qint64 total = 0;     ///< links in the store afterwards, manual ones included
        qint64 learned = 0;   ///< derived links whose learned boosts were added back
    };
    /// Called now and then with (memories done, memories in all); false cancels (nothing is written).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    /// Replaces every derived link with a fresh computation, in one transaction with one
    /// prepared statement: the table is emptied at once, derived links go in in key order,
    /// manual links are put back as they were, and the `b` index is rebuilt in one sort
    /// rather than kept up row by row. Derived weights start again from their rules, and
    /// what each pair learned from use (LearnedWeights: co-retrieval and confirmed-hit
    /// boosts, read from the events in the same transaction) is added back, capped at 1.0;
    /// a pair that has no derived link after the rebuild gets none (its boosts stay in the
    /// events and count again when a rule links the pair). Manual links keep their weights.
    /// `index` may be passed when the caller holds a current one. Without it, the index is
    /// read here and, unless another connection commits before the rewrite starts, the links
    /// are written without SQLite's foreign-key lookups (they join memories just read); if one
    /// does, the rebuild runs once more with them.
    [[nodiscard]] Result<Stats> rebuildAll(const KeywordIndex *index = nullptr, const Progress &progress = {});

    /// After one memory was added, edited, deleted or restored: its derived links are
    /// recomputed against its neighbours in `index`, which must already hold its new state.
    /// Returns the number of derived links it has afterwards.
    [[nodiscard]] Result<int> updateFor(const QString &id, const KeywordIndex &index, Millis now);

    /// Strengthens an existing link, capped at 1.0 (co-retrieval +0.05, confirmed associative
    /// hit +0.1). Pairs without a link are left alone. Returns the new weight, if linked.
    [[nodiscard]] Result<std::optional<double>> boost(const QString &x, const QString &y, double delta);

    /// The rule for one pair, on its own (no caps): the strongest applicable link, if any.
    static std::optional<Association> linkBetween(const Memory &x, const Memory &y,
                                                  const Config::Associations &rules);

    struct Proposal
    {
        std::uint32_t other;
        double weight;
        std::uint8_t type;
    };
    /// The links entry `e` proposes: candidates from each group window (earlier memories
    /// only, or both sides when `bothSides`), best rule per candidate, strongest
    /// maxLinksPerMemory kept. Live entries only. `scratch` is reused between calls.
    struct Scratch
    {
        struct Slot
        {
            std::uint32_t stamp = 0;
            std::uint16_t shared = 0; ///< keywords in common found so far
            std::uint8_t type = 0;
            double weight = 0;
        };
        std::vector<Slot> cells;  ///< one per entry; a candidate's whole state in one cache line
        std::vector<std::uint32_t> touched;
        std::uint32_t generation = 0;
    };
    /// Where `e` stands in each of its lists, when the caller walks every entry in creation
    /// order (a full rebuild): then no position has to be searched for.
    struct Cursors
    {
        std::vector<std::uint32_t> keyword; ///< by keyword id
        std::vector<std::uint32_t> task;    ///< by task group
        std::vector<std::uint32_t> project; ///< by project group
        std::size_t time = 0;               ///< in timeOrder()
        explicit Cursors(const KeywordIndex &index);
        /// After `e` was handled (live or not): step past it in each of its lists.
        void advance(const KeywordIndex &index, std::uint32_t e);
    };
    static void propose(const KeywordIndex &index, std::uint32_t e, const Config::Associations &rules,
                        const AssociationCaps &caps, bool bothSides, Scratch &scratch, std::vector<Proposal> &out,
                        const Cursors *cursors = nullptr);

private:
    /// rebuildAll() on `index`; `readAt`: the store's data_version from before it was read.
    /// nullopt, with nothing written, when another connection committed since then.
    [[nodiscard]] Result<std::optional<Stats>> rebuildWith(const KeywordIndex &index, std::optional<qint64> readAt,
                                            const Progress &progress, QElapsedTimer &phase);

    Store &m_store;
    Config::Associations m_rules;
    AssociationCaps m_caps;
};

} // namespace recollector::core
