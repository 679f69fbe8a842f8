#pragma once

#include "model/Time.h"

#include <QString>

namespace recollector::core::ids {

/// A new memory id: `mem_` + 26-character ULID (Crockford base32, time-ordered).
QString newMemoryId(Millis at = 0);
/// A 26-character ULID for `at` (now when 0) with 80 random bits; monotonic within a
/// millisecond (the next id of the same instant is the last one plus one), so ids made in one
/// instant sort in the order they were made.
QString newUlid(Millis at = 0);

} // namespace recollector::core::ids
