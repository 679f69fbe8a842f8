#pragma once

#include <QDate>
#include <QList>
#include <QStringView>

namespace recollector::core::text {

/// The calendar days a text names in full (docs/scoring.md#query-terms): "October 13, 2023",
/// "13 October, 2023", "Oct 13 2023", "2023-10-13", "2023年10月13日". A day without its year
/// ("on May 3") is left out: which year it means is a guess. In the order written, each once.
QList<QDate> calendarDates(QStringView text);

} // namespace recollector::core::text
