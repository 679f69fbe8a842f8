#include "views/ChartTimeRange.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace recollector::ui {

using core::kMsPerDay;
using core::Millis;

QString ChartTimeRange::spanName(Span span)
{
    switch (span) {
    case Span::AroundNow: return QCoreApplication::translate("DecayChartView", "Around now");
    case Span::TwoWeeks: return QCoreApplication::translate("DecayChartView", "2 weeks");
    case Span::ThreeMonths: return QCoreApplication::translate("DecayChartView", "3 months");
    case Span::Year: return QCoreApplication::translate("DecayChartView", "1 year");
    case Span::WholeLife: return QCoreApplication::translate("DecayChartView", "Whole life");
    }
    return {};
}

ChartTimeRange ChartTimeRange::forSpan(Span span, const Life &life)
{
    const Millis now = life.now;
    // Fixed spans: three quarters before now, a quarter of projection after it.
    auto around = [now](Millis span) { return ChartTimeRange(now - span * 3 / 4, now + span / 4); };
    switch (span) {
    case Span::TwoWeeks: return around(14 * kMsPerDay);
    case Span::ThreeMonths: return around(91 * kMsPerDay);
    case Span::Year: return around(365 * kMsPerDay);
    case Span::WholeLife: {
        const Millis from = std::min(life.created, now);
        const Millis to = std::max({life.fade, now + kMsPerDay, from + kMinSpan});
        const Millis margin = (to - from) / 40;
        return {from - margin, to + margin};
    }
    case Span::AroundNow: break;
    }
    // Two weeks back, or back to the latest event up to three months ago (plus a day so its
    // marker is not on the frame); not before the memory existed.
    Millis back = 14 * kMsPerDay;
    if (life.lastEvent > 0 && life.lastEvent <= now)
        back = std::clamp(now - life.lastEvent + kMsPerDay, back, 91 * kMsPerDay);
    Millis from = now - back;
    if (life.created > 0 && life.created > from)
        from = std::min(life.created - std::max<Millis>((now - life.created) / 40, core::kMsPerHour), now - kMinSpan);
    const Millis past = now - from;
    return {from, now + std::max<Millis>(past / 3, 2 * kMsPerDay)};
}

ChartTimeRange ChartTimeRange::zoomed(double factor, Millis anchor) const
{
    if (!(factor > 0) || span() <= 0)
        return *this;
    const double newSpan = std::clamp(double(span()) * factor, double(kMinSpan), double(kMaxSpan));
    const double ratio = newSpan / double(span());
    const Millis a = std::clamp(anchor, m_from, m_to);
    const Millis from = a - Millis(std::llround(double(a - m_from) * ratio));
    return {from, from + Millis(std::llround(newSpan))};
}

} // namespace recollector::ui
