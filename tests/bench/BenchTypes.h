#pragma once

// What recollector-bench measures (docs/architecture.md, "Performance budget"): one key per figure,
// its target and unit, and what one measurement holds.
#include <QString>

#include <limits>
#include <optional>
#include <vector>

namespace recollector::bench {

/// One measured key. A key whose code is not in the tree yet has no figure and says so in
/// `note` — never a made-up number.
struct Measurement
{
    std::optional<double> figure; ///< in the key's unit (ms, s or MiB, as its name says)
    std::optional<double> floor;  ///< the same work by the sqlite3 command line, same unit
    QString floorQuery;           ///< what the floor ran
    QString note;                 ///< how it was measured, or why there is no figure
    QString floorBy;              ///< who ran the floor when not the sqlite3 command line

    static Measurement missing(const QString &why) { return Measurement{{}, {}, {}, why, {}}; }
};

struct KeySpec
{
    QString key;
    QString what;
    double target; ///< the figure must be ≤ target; kNoTarget: a figure only, none was asked for

    static constexpr double kNoTarget = std::numeric_limits<double>::infinity();
    bool hasTarget() const { return target != kNoTarget; }
};

/// The table of docs/architecture.md, "Performance budget", in its order.
inline const std::vector<KeySpec> &keySpecs()
{
    static const std::vector<KeySpec> specs{
        {QStringLiteral("open_first_paint_ms"), QStringLiteral("process start to first paint of a populated table"), 1000},
        {QStringLiteral("score_all_ms"), QStringLiteral("score + tier every memory (slowest profile)"), 100},
        {QStringLiteral("sort_ms"), QStringLiteral("sort the table by strength"), 500},
        {QStringLiteral("filter_ms"), QStringLiteral("text filter over content and keywords"), 300},
        {QStringLiteral("activation_ms"), QStringLiteral("spreading activation, depth 2, well-linked memory"), 5},
        {QStringLiteral("ego_layout_ms"), QStringLiteral("lay out an ego graph of 300 nodes"), 100},
        {QStringLiteral("retrieve_ms"), QStringLiteral("recall a 3-word query (the MCP recall tool's call), p95"), 50},
        {QStringLiteral("decision_commit_ms"), QStringLiteral("one decision (event + state) committed"), 10},
        {QStringLiteral("team_decision_commit_ms"), QStringLiteral("one decision committed on a team store, 4 writers at once, p95"), 20},
        {QStringLiteral("rebuild_associations_s"), QStringLiteral("rebuild every association"), 60},
        {QStringLiteral("import_100k_s"), QStringLiteral("import a 100,000-memory set"), 3},
        {QStringLiteral("export_100k_s"), QStringLiteral("export that set (JSON)"), 1.5},
        {QStringLiteral("review_queue_ms"), QStringLiteral("build the review queue (slowest profile)"), 300},
        {QStringLiteral("detect_conflicts_s"), QStringLiteral("contradiction detection over the whole store"), 30},
        {QStringLiteral("live_refresh_ms"), QStringLiteral("another process commits a decision: the window repainted it"), 1000},
        {QStringLiteral("team_live_refresh_ms"), QStringLiteral("the same on a team store (LISTEN/NOTIFY)"), 1000},
        {QStringLiteral("team_open_first_paint_ms"), QStringLiteral("open_first_paint_ms on a team store"), 1500},
        {QStringLiteral("team_copy_store_s"), QStringLiteral("copy the store into a new team store (copy-store)"), KeySpec::kNoTarget},
        {QStringLiteral("changes_ms"), QStringLiteral("open the review inbox: 100,000 changes since the last review"), 300},
        {QStringLiteral("attach_10k_s"), QStringLiteral("attach a 10,000-file agent folder until the table paints"), 3},
        {QStringLiteral("rss_mib"), QStringLiteral("peak resident memory, 1M store open in the window"), 512},
    };
    return specs;
}

inline const QString kNotBuiltYet = QStringLiteral("n/a (not built yet)");

} // namespace recollector::bench
