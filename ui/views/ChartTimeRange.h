#pragma once

#include "model/Time.h"

#include <QString>

namespace recollector::ui {

/// The time window the decay chart shows, and how the range presets, zoom and pan move it
/// (docs/user-guide.md, "The decay curve"). Pure arithmetic on epoch milliseconds, so the
/// rules are testable without a chart.
class ChartTimeRange final
{
public:
    /// The presets of the chart's range box, in its order.
    enum class Span { AroundNow, TwoWeeks, ThreeMonths, Year, WholeLife };
    static constexpr int kSpanCount = 5;
    /// The preset's name as the range box shows it.
    static QString spanName(Span span);

    /// What the presets fit: the shown memories' earliest creation, their latest event at or
    /// before now (a recall by the assistant does not count), the session's now and when the projection fades (below the lowest tier
    /// line; now + a default horizon for memories that do not fade).
    struct Life
    {
        core::Millis created = 0;
        core::Millis lastEvent = 0;
        core::Millis now = 0;
        core::Millis fade = 0;
    };

    /// Narrowest and widest windows zoom allows.
    static constexpr core::Millis kMinSpan = 6 * core::kMsPerHour;
    static constexpr core::Millis kMaxSpan = 40 * 365 * core::kMsPerDay;

    ChartTimeRange() = default;
    ChartTimeRange(core::Millis from, core::Millis to) : m_from(from), m_to(to) {}

    /// The preset's window:
    ///  - AroundNow (the default): the last two weeks, reaching back to the latest event when
    ///    that is up to three months ago, never before creation; a third more ahead of now
    ///    for the projection;
    ///  - TwoWeeks / ThreeMonths / Year: that much, about three quarters of it before now;
    ///  - WholeLife: creation to the projected fade (a little margin on both sides).
    static ChartTimeRange forSpan(Span span, const Life &life);

    core::Millis from() const { return m_from; }
    core::Millis to() const { return m_to; }
    core::Millis span() const { return m_to - m_from; }
    bool contains(core::Millis at) const { return at >= m_from && at <= m_to; }

    /// Zooms by `factor` (< 1 narrows, > 1 widens) keeping the instant `anchor` where it is
    /// on screen; the span stays within [kMinSpan, kMaxSpan].
    ChartTimeRange zoomed(double factor, core::Millis anchor) const;
    /// Moves the window by `delta` (positive = later).
    ChartTimeRange panned(core::Millis delta) const { return {m_from + delta, m_to + delta}; }

    bool operator==(const ChartTimeRange &) const = default;

private:
    core::Millis m_from = 0;
    core::Millis m_to = 0;
};

} // namespace recollector::ui
