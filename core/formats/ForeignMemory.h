#pragma once

#include "model/Memory.h"

namespace recollector::core::io::formats {

/// A memory as an adapter starts it (docs/formats.md, "Other memory systems"): the lazy
/// migration's defaults for what another program does not keep (source `import`,
/// confidence 0.5, the legacy stability, strength 50), createdAt / updatedAt as given
/// (updatedAt defaults to createdAt) and the decay clock from updatedAt.
Memory foreignMemory(const QString &id, const QString &content, Millis createdAt, Millis updatedAt,
                     double initialStability);

} // namespace recollector::core::io::formats
