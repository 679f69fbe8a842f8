#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QByteArray>
#include <QJsonArray>

namespace recollector::core::io {

/// The legacy data (docs/formats.md#legacy-note-000-arrays): one JSON array of MemoryEntry objects (before any forgetting fields
/// existed). Each entry is read like an agent folder file (AgentEntry), with lazy migration;
/// any bad entry or a duplicate id is the error for the whole file.
class LegacyArray final
{
public:
    /// `initialStability` (hours, memory.decay.initialStability) is the legacy stability's base.
    [[nodiscard]] static Result<MemorySet> fromArray(const QJsonArray &entries, const QString &fileName,
                                                     double initialStability = kDefaultInitialStability);
    [[nodiscard]] static Result<MemorySet> readFile(const QString &path, double initialStability = kDefaultInitialStability);
};

} // namespace recollector::core::io
