#pragma once

#include <QDate>
#include <QList>
#include <QStringView>

namespace recollector::core::text {

/// The calendar days a text names in full (docs/scoring.md#query-terms): "October 13, 2023",
/// "13 October, 2023", "Oct 13 2023", "2023-10-13", "2023年10月13日". A day without its year
/// ("on May 3") is left out: which year it means is a guess. In the order written, each once.
QList<QDate> calendarDates(QStringView text);

/// Whether `word` (any case) names a month or a day of the week, in full or short, in English:
/// written with a capital, yet not a name (docs/scoring.md#query-terms).
bool isCalendarName(const QString &word);

} // namespace recollector::core::text
