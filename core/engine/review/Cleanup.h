#pragma once

#include "config/Config.h"
#include "engine/decisions/DecisionOutcome.h"
#include "model/Result.h"
#include "model/Time.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace recollector::core {

class ScoringProfile;
class Store;

enum class CleanupKind { Archive, Compress, Delete, Purge };

/// One planned change, with the reason a person can check ("strength 7 is under the archive line (10)").
struct CleanupAction
{
    CleanupKind kind = CleanupKind::Archive;
    QString memoryId;
    double score = 0;      ///< native score at plan time
    QString reason;
    Millis updatedAt = 0;  ///< the row's updatedAt at plan time: a memory changed since is skipped
};

struct CleanupPlan
{
    QString profile;
    Millis at = 0;
    std::vector<CleanupAction> actions; ///< purge, delete, compress, archive; weakest first in each

    QStringList ids(CleanupKind kind) const;
    bool isEmpty() const { return actions.empty(); }
};

/// Lifecycle cleanup (docs/scoring.md, "Cleanup"), always planned before applied.
///
/// Per profile, for memories that are not deleted:
///  - ebbinghaus: strength < 5 → delete, < 10 → archive;
///  - enhanced: W < 0.01 and ≥ 180 days without activation (360 at sensitivity 1,
///    "slow compression") → archive; archived and inactive a further
///    `enhanced.deleteArchivedAfterDays` (0 = never) → delete;
///  - importance: below the category's delete line (fact 0.3) or past its
///    maximum age (episode 14 days) → delete (what is merely low goes to a decay review);
///  - lifecycle: score < 0.1 → delete (evict), < 0.3 → compress.
/// Storage budgets (every profile): active episodes (category `episode`, not
/// compressed) over 1000 → the lowest scores are compressed; compressed episodes over 5000
/// and semantic rules (category `rule`) over 200 → the lowest scores are deleted.
/// Soft-deleted memories are purged budgets.purgeAfterDays after their deletion.
/// Permanent memories and sensitivity ≥ 2 are never archived, compressed or deleted
/// automatically (a user's own deletion is still purged).
class Cleanup final
{
public:
    Cleanup(Store &store, const Config &config, const ScoringProfile &profile);

    static QString kindName(CleanupKind kind);
    /// The event kind an action is recorded with.
    static QString eventKind(CleanupKind kind);

    /// Whether plan() writes each action's reason (an action applied records it): a caller
    /// that only counts the actions (the window's scheduled cleanup) leaves them empty.
    enum class Reasons { Written, Left };
    /// Every action due at `now`, and why. Writes nothing (the dry run).
    [[nodiscard]] Result<CleanupPlan> plan(Millis now, Reasons reasons = Reasons::Written) const;
    /// Called once, right before the commit; false cancels (see apply).
    using BeforeCommit = std::function<bool()>;

    /// Applies a plan in one transaction: an `archive` / `compress` / `delete` / `purge`
    /// event per action (payload: reason, score, profile, before/after), and meta
    /// last_cleanup_at. A compression replaces the content by its extractive summary
    /// (text::ExtractiveSummary: at most 200 words or 400 CJK characters) and sets
    /// compressedFrom to the decision id; the original text is the event's "before". Actions on memories changed or gone since the plan are skipped.
    /// When `beforeCommit` returns false everything rolls back and the error is
    /// Error::Code::Cancelled: nothing is written (the window's cancel up to the commit).
    [[nodiscard]] Result<DecisionOutcome> apply(const CleanupPlan &plan, const QString &actor = QStringLiteral("system"),
                                                const BeforeCommit &beforeCommit = {});

private:
    Store &m_store;
    Config m_config;
    const ScoringProfile &m_profile;
};

} // namespace recollector::core
