#pragma once

#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"

namespace recollector::core {
class Store;
}

namespace recollector::core::io {

/// A sealed entry imported under a new id ("keep both", docs/formats.md, "Encryption at
/// rest"): its envelope names the old id as additional data, so it would not open under the
/// new one. With the store unlocked the text is opened under the old id and sealed again
/// under the new one; locked, the copy is refused with a line that says why and what to do.
class SealedCopy final
{
public:
    /// `incoming` ready to be written as `newId`: as it is when it is not sealed, else with
    /// its text opened (the writer seals it again under `newId`). `source` names the file.
    [[nodiscard]] static Result<Memory> renamed(Store &store, const Memory &incoming, const QString &newId,
                                                const QString &source);
    /// `incoming` moved to `newMemoryId`: a sealed payload opened under its old memory and
    /// sealed again under the new one.
    [[nodiscard]] static Result<Event> moved(Store &store, const Event &incoming, const QString &newMemoryId,
                                             const QString &source);
};

} // namespace recollector::core::io
