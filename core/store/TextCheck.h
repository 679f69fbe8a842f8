#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <optional>

namespace recollector::core {

/// The one rule for text (model/TextRules.h) at the place every memory row passes on its way
/// into the store (MemoryRepository, BulkWriter), whatever path it came by: a NUL in its text
/// is an error naming the memory and the field; a lone surrogate is replaced by U+FFFD, in
/// `repaired` (set only then), which is what gets written.
[[nodiscard]] Status checkText(const Memory &memory, std::optional<Memory> &repaired);

} // namespace recollector::core
