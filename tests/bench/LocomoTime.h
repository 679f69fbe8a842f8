#pragma once

#include "model/Time.h"

#include <QString>

namespace recollector::bench {

/// A LoCoMo session's `date_time` ("1:56 pm on 8 May, 2023"), read as UTC; 0 when unreadable.
/// Shared by the recall and the judgement benchmarks.
core::Millis locomoSessionTime(const QString &text);

} // namespace recollector::bench
