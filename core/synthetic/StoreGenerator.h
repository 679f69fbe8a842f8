#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QString>

#include <cstdint>
#include <functional>

namespace recollector::core {

class Store;

/// What `recollector-cli generate` builds (docs/cli.md, "generate"; docs/architecture.md, "Performance budget").
struct GeneratorOptions
{
    std::int64_t memories = 1000;
    std::int64_t associations = -1; ///< -1 = five per memory (the benchmark store: 1M memories, 5M links)
    std::uint64_t seed = 1;
    Millis anchor = 0;              ///< the synthetic "now"; 0 = defaultAnchor(now)
    bool replaceExisting = false;   ///< otherwise a store that holds anything is refused
    int vocabulary = 50000;         ///< distinct keywords (Zipf-distributed)
    int projects = 300;
};

struct GeneratorReport
{
    std::int64_t memories = 0;
    std::int64_t associations = 0;
    std::int64_t events = 0;
    std::int64_t conflicts = 0;
    std::int64_t openConflicts = 0;
};

/// Fills a store with a deterministic synthetic memory set: the same options (seed, anchor,
/// counts) give byte-identical rows. Realistic distributions (see synth::SyntheticCorpus and
/// synth::SyntheticLinks): categories of all four profiles, two years of history weighted to
/// the recent past, Poisson reinforcement, Zipf keywords, projects and tasks, associations by
/// the rules of docs/scoring.md, "Associations", create / reinforce / confirm / negate events
/// and open conflicts.
///
/// One transaction (a failure or cancel leaves the store as it was), prepared statements on the
/// raw SQLite handle, `synchronous=OFF`, a rollback journal instead of WAL and secondary indexes
/// rebuilt at the end — 1M memories + 5M associations take minutes, not hours. The store's
/// own PRAGMAs are restored afterwards. Use on the thread that opened the store.
class StoreGenerator final
{
public:
    /// Called between phases and every few thousand rows; return false to cancel.
    using Progress = std::function<bool(const QString &phase, double fraction)>;

    /// What the generator writes changed: 2 marks mentions in reinforcement payloads.
    static constexpr int kVersion = 2;

    explicit StoreGenerator(GeneratorOptions options);
    void setProgress(Progress progress) { m_progress = std::move(progress); }

    [[nodiscard]] Result<GeneratorReport> generate(Store &store);

    /// The generator version a store was made by (its `generator` meta value), 0 when it was
    /// not generated: a benchmark store older than kVersion is made again.
    static int stampedVersion(Store &store);

    /// The start of the UTC day of `now`: generating twice on one day gives the same store.
    static Millis defaultAnchor(Millis now);

private:
    bool report(const QString &phase, double fraction) const { return !m_progress || m_progress(phase, fraction); }

    GeneratorOptions m_options;
    Progress m_progress;
};

} // namespace recollector::core
