#pragma once

#include "config/Config.h"
#include "engine/decisions/DecisionOutcome.h"
#include "model/Association.h"
#include "model/Conflict.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QStringList>

#include <optional>

namespace recollector::core {

class Store;

/// How the user (or the CLI) settles a conflict (docs/scoring.md, "Resolution strategies").
enum class ResolutionStrategy {
    LatestWins,    ///< the older memory is negated (C(t) starts); the newer stays
    VersionKeep,   ///< both kept: the older superseded (down-weighted by C(t)), linked to the newer
    WeightBalance, ///< both kept as they are, left to decay side by side
    KeepA,         ///< conflict.a stays, conflict.b is negated
    KeepB,         ///< conflict.b stays, conflict.a is negated
    KeepBoth,      ///< both are right: a direct contradiction's confidence penalty is taken back
    Merge,         ///< one new summary memory with the user's text; both sources merged into it (archived)
};

/// The conflict's resolution once `strategy` settled it.
ConflictResolution resolutionOf(ResolutionStrategy strategy);
/// Its stored name (conflictResolutionName of resolutionOf).
QString strategyName(ResolutionStrategy strategy);
std::optional<ResolutionStrategy> strategyFromName(const QString &name);
/// Every name strategyFromName() accepts, in enum order.
QStringList strategyNames();

/// Everything one resolution will change, computed without writing: the conflict dialog
/// shows it as the preview of each strategy, and apply() writes exactly it.
struct ResolutionPlan
{
    ResolutionStrategy strategy = ResolutionStrategy::WeightBalance;
    Conflict before;
    Conflict after;
    Memory aBefore;
    Memory aAfter;
    Memory bBefore;
    Memory bAfter;
    std::optional<Memory> merged;         ///< the new memory (merge)
    std::optional<Association> link;      ///< the link added (version_keep)
    std::optional<Association> replacedLink; ///< the pair's link it replaces, if there was one
    Millis at = 0;
    bool dismissal = false;               ///< "not a conflict": status dismissed, `conflict_dismissed`
    QStringList changes;                  ///< one line per change, for people
};

/// Plans and applies resolutions. Each apply is one transaction (one undoable decision):
/// the memories updated (and a merged memory created), `conflict_resolved` appended to both
/// memories with the strategy and the before/after of both, the conflict row resolved.
/// The payload carries what Decisions::revert needs to undo it (conflictBefore/After,
/// linkAdded/linkRemoved, each memory's changed fields).
class ConflictResolver final
{
public:
    ConflictResolver(Store &store, const Config &config);

    /// What `strategy` would do to conflict `conflictId` at `at`. `mergedContent` is the
    /// user's text for Merge (required there, ignored otherwise). Fails on an unknown or
    /// already settled conflict, or a memory that is gone.
    [[nodiscard]] Result<ResolutionPlan> plan(qint64 conflictId, ResolutionStrategy strategy, Millis at,
                                              const QString &mergedContent = {}) const;
    /// Writes a plan. Fails (and writes nothing) when the conflict or its memories changed
    /// since the plan was made.
    [[nodiscard]] Result<Conflict> apply(const ResolutionPlan &plan, const QString &actor = QStringLiteral("user"));
    /// plan + apply.
    [[nodiscard]] Result<Conflict> resolve(qint64 conflictId, ResolutionStrategy strategy, Millis at,
                                           const QString &mergedContent = {},
                                           const QString &actor = QStringLiteral("user"));

    /// What dismissing conflict `conflictId` ("not a conflict") would do at `at`: the conflict
    /// becomes `dismissed` (detection never raises the pair again) and a direct contradiction's
    /// confidence penalty is taken back. apply() writes it as one decision with
    /// `conflict_dismissed` on both memories; reverting it reopens the conflict exactly.
    [[nodiscard]] Result<ResolutionPlan> planDismissal(qint64 conflictId, Millis at) const;
    /// planDismissal + apply.
    [[nodiscard]] Result<Conflict> dismiss(qint64 conflictId, Millis at, const QString &actor = QStringLiteral("user"));

    /// What the last apply() wrote (for undo): the resolution decision, and for Merge also
    /// the merge decision it made first (revert both to undo a merge resolution).
    const DecisionOutcome &lastOutcome() const { return m_outcome; }
    const DecisionOutcome &lastMergeOutcome() const { return m_mergeOutcome; }

    /// Weight of the link version_keep draws between the two versions.
    static constexpr double kVersionLinkWeight = 0.5;

private:
    Result<ResolutionPlan> start(qint64 conflictId, Millis at) const;
    Status finish(ResolutionPlan &p) const;

    Store &m_store;
    Config m_config;
    DecisionOutcome m_outcome;
    DecisionOutcome m_mergeOutcome;
};

} // namespace recollector::core
