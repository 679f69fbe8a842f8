#pragma once

#include "model/Event.h"
#include "model/Memory.h"
#include "scoring/ScoringProfile.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace recollector::ui {

/// What a chart marker stands for. Each kind gets its own scatter series and shape.
enum class CurveMarkerKind { Reinforcement, Negation, Edit, Access };

struct CurveMarker
{
    core::Millis at = 0;
    double score = 0;          ///< the score just after the event (where the curve continues)
    CurveMarkerKind kind = CurveMarkerKind::Edit;
    QString label;             ///< short readable description ("Reinforced (manual)")
};

/// A memory's state from `from` until the next state's `from` (or for ever for the last one).
struct MemoryState
{
    core::Millis from = 0;
    core::Memory memory;
};

/// One memory's decay curve: the past reconstructed from its events, the projection of its
/// state at `now` into the future, and markers where decisions changed it.
struct MemoryCurve
{
    QString memoryId;
    core::Millis now = 0;
    std::vector<core::CurvePoint> past;    ///< [start, now], vertical jumps at each state change
    std::vector<core::CurvePoint> future;  ///< [now, now + horizon] with the state at `now`
    std::vector<CurveMarker> markers;      ///< only events at or before `now`
};

/// Rebuilds a memory's past from its event log and samples its curve under a profile.
///
/// Why this lives in ui/views: core's DecayCurve (colleague "scoring") was not in the tree
/// when the chart was written. It uses only core's public headers and no widget type, so it
/// can move to core/scoring unchanged.
///
/// Reconstruction walks the events newest to oldest, starting from the memory as it is now,
/// and applies each event's payload `before` object (events carry "before" and "after" with the
/// changed fields: docs/formats.md, "Table `events`") to get the state in force before that
/// event. A `reinforce` event whose `before` lacks lastReinforcedAt is taken to have moved it
/// from the previous reinforcement (or createdAt) to the event's instant and to have counted
/// one reinforcement, which is what a reinforcement does (docs/scoring.md, "Reinforcement");
/// likewise an `access` event counted one access, and a `negate` event started C(t).
class MemoryCurveBuilder final
{
public:
    /// The states a memory went through, oldest first. `eventsOldestFirst` as EventLog::forMemory
    /// returns them. The first state starts at createdAt (or the first event if earlier).
    static std::vector<MemoryState> states(const core::Memory &current, const std::vector<core::Event> &eventsOldestFirst);

    /// The state in force at `at` (the first state for instants before it).
    static const core::Memory &stateAt(const std::vector<MemoryState> &states, core::Millis at);

    /// Samples the curve: `pastSamples` points spread over the past (at least two per state, plus
    /// both sides of every jump), `futureSamples + 1` evenly spaced over [now, now + horizonMs].
    static MemoryCurve build(const core::Memory &current, const std::vector<core::Event> &eventsOldestFirst,
                             const core::ScoringProfile &profile, core::Millis now, core::Millis horizonMs,
                             int pastSamples = 240, int futureSamples = 120);

    /// The same curve sampled only inside the window [from, to] (what a zoomed chart shows):
    /// the past over [max(from, creation), min(to, now)], the projection over [now, to]
    /// (empty when `to` is not after now) and the markers inside the window.
    static MemoryCurve buildWindow(const core::Memory &current, const std::vector<core::Event> &eventsOldestFirst,
                                   const core::ScoringProfile &profile, core::Millis now, core::Millis from,
                                   core::Millis to, int pastSamples = 240, int futureSamples = 120);

    /// When the projection from `now` first drops below the profile's lowest tier line (the
    /// memory is forgotten), searched up to `limitMs` after now; nullopt if it stays above
    /// (permanent, or a very slow decay) or is below already.
    static std::optional<core::Millis> fadeInstant(const core::Memory &current,
                                                   const std::vector<core::Event> &eventsOldestFirst,
                                                   const core::ScoringProfile &profile, core::Millis now,
                                                   core::Millis limitMs);

    /// A horizon that keeps the future readable next to the past: half the past span, clamped
    /// to [30, 90] days.
    static core::Millis defaultHorizon(core::Millis start, core::Millis now);

    /// Applies the memory fields named in `fields` (camelCase, as memoryToJson writes them;
    /// instants as ISO-8601 strings or epoch milliseconds) onto `memory`. Unknown keys are
    /// ignored. Returns the keys it applied.
    static QStringList applyFields(core::Memory &memory, const QJsonObject &fields);

    /// Which marker series an event belongs to (access = the assistant recalled it); false for
    /// events that are not marked (create, import, association and conflict detection).
    static bool markerKindFor(const core::Event &event, CurveMarkerKind *kind);
};

} // namespace recollector::ui
