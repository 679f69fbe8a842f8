#pragma once

#include "config/Config.h"
#include "model/Memory.h"
#include "scoring/EbbinghausProfile.h"
#include "scoring/ScoringProfile.h"

#include <QString>

#include <optional>

namespace recollector::core {

/// The reinforcement events (docs/scoring.md, "Reinforcement").
enum class ReinforceEvent { Access, TaskSuccess, TaskFailure, Manual, AssociationHit };

/// What reinforcing a memory does to its fields (docs/scoring.md, "Reinforcement"),
/// the same whatever profile is active so that switching profiles never loses anything:
///  - stability × the event's multiplier (access 1.2, task_success 2.0, task_failure 0.8,
///    manual 1.5, association_hit 1.1), capped at maxStability (8760 h);
///  - reinforceCount + 1, lastReinforcedAt = at (decay restarts; the enhanced profile's last_activated_at,
///    the lifecycle's recall re-activation), decayRate recomputed, strength recomputed and
///    persisted (docs/scoring.md, "Reinforcement");
///  - a use: accessCount + 1 (the lifecycle's recallCount) and lastAccessedAt = at, with the
///    importance decay up to `at` written back first so the new access does not forgive it;
///  - manual, task_success and task_failure are *mentions* (the enhanced profile's S and M, recorded in
///    the event); manual and task_success are also the importance profile's BOOST (importance + 0.3);
///  - frequent reinforcement (docs/scoring.md, "Mentions (enhanced profile)"): a mention that
///    makes ≥ 3 within 24 h is merged with the smaller boost: S uses 0.3 instead of 0.5 and a
///    stability gain is scaled by the same ratio (0.3/0.5), so manual gives × 1.3 instead
///    of × 1.5.
class Reinforcement final
{
public:
    explicit Reinforcement(const Config &config);

    static QString eventName(ReinforceEvent event);
    static std::optional<ReinforceEvent> eventFromName(const QString &name);
    static QStringList eventNames();
    static bool isMention(ReinforceEvent event);
    static bool isBoost(ReinforceEvent event);

    /// The configured stability multiplier.
    double multiplier(ReinforceEvent event) const;
    /// computeDecayRate() (docs/scoring.md, "Decay rate"): 1 × 0.7 (confidence ≥ 0.8) × 0.8
    /// (reinforceCount ≥ 5) × the category's factor (pitfall 0.9), within [0.5, 2.0].
    double decayRateFor(const Memory &memory) const;
    /// The cached ebbinghaus strength to persist on a write at `at` (docs/scoring.md, "Reinforcement").
    double strengthAt(const Memory &memory, Millis at) const;
    /// docs/scoring.md#importance: importance decayed to `at` (no conflict factor), what a BOOST adds to.
    double importanceAt(const Memory &memory, Millis at) const;

    struct Applied
    {
        ReinforceEvent event = ReinforceEvent::Access;
        double multiplier = 1;    ///< the one applied (after the frequent-mention damping)
        bool mention = false;
        bool frequent = false;    ///< this mention made ≥ 3 within 24 h
        double importanceBoost = 0;
    };
    /// Reinforces `memory` in place at `at`. `recentMentions` = the memory's earlier mentions
    /// within the frequent window (24 h) before `at` (only used for mention events).
    /// `countsUse` false: the caller already counted this use (the `access` of the same
    /// retrieval an association_hit rides on), so accessCount is not raised a second time.
    Applied apply(Memory &memory, ReinforceEvent event, Millis at, int recentMentions, bool countsUse = true) const;
    /// Sets updatedAt and the cached strength: what every write does last.
    void touch(Memory &memory, Millis at) const;

private:
    Config m_config;
    EbbinghausProfile m_ebbinghaus;
};

} // namespace recollector::core
