#pragma once

#include "model/Event.h"
#include "model/Memory.h"
#include "scoring/ScoringProfile.h"

#include <optional>
#include <vector>

namespace recollector::core {

/// A point of a memory's decay chart.
struct CurveSample
{
    Millis at = 0;
    double score = 0;      ///< native score
    double strength = 0;   ///< 0..100
    Tier tier = Tier::Active;
    bool projected = false; ///< after `now`: the memory as it is, with nothing new happening
};

/// An event on the chart's time axis (reinforcement, negation, …).
struct CurveMarker
{
    Millis at = 0;
    qint64 eventId = 0;
    QString kind;          ///< the event kind
    QString label;         ///< e.g. "reinforce (manual)", "revert of negate"
    double scoreBefore = 0;
    double scoreAfter = 0;
};

struct DecayCurveData
{
    std::vector<CurveSample> points; ///< by time; none where the memory did not exist
    std::vector<CurveMarker> markers;
    std::vector<TierThreshold> thresholds;
    Millis from = 0;
    Millis to = 0;
    Millis now = 0;
};

/// A memory's decay curve for the chart (docs/scoring.md, "Decay curves"): the past rebuilt
/// from its events — each event's "before" fields take the memory back one step, so score(t)
/// uses the memory as it was at t, mentions included — and the future projected from its
/// current state. Markers for every event in range; the profile's tier lines. Not a hot path.
class DecayCurve final
{
public:
    /// The memory's state from an instant on; nullopt = it did not exist (before a creation,
    /// after a purge).
    struct State
    {
        Millis from;
        std::optional<Memory> memory;
    };

    /// Oldest first; the first state runs from the beginning of time. `history` oldest first.
    static std::vector<State> states(const Memory &current, const std::vector<Event> &history);

    /// `steps + 1` evenly spaced samples over [from, to], plus an instant just before and at
    /// each event (so jumps are vertical) and `now`.
    static DecayCurveData build(const ScoringProfile &profile, const Memory &current, const std::vector<Event> &history,
                                Millis from, Millis to, Millis now, int steps = 200);
};

} // namespace recollector::core
