#pragma once

#include "model/Time.h"

#include <QString>

namespace engram::core::ids {

/// A new memory id: `mem_` + 26-character ULID (Crockford base32, time-ordered).
QString newMemoryId(Millis at = 0);
/// A 26-character ULID for `at` (now when 0) with 80 random bits.
QString newUlid(Millis at = 0);

} // namespace engram::core::ids
