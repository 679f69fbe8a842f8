#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QByteArray>
#include <QJsonObject>

namespace recollector::core::io::formats {

/// The two members of a Mem0 / OpenMemory backup turned into a memory set (docs/formats.md,
/// "Mem0 / OpenMemory backup"); Mem0Adapter takes them out of the zip. Every field of the
/// wrong type is one error naming the member, the entry and the field.
class Mem0Backup final
{
public:
    /// `manifest`: memories.json's bytes; `records`: memories.jsonl.gz expanded (may be empty);
    /// `archiveName`: the zip's file name, for messages; `fallback`: createdAt of a memory
    /// without one (the archive's modification time).
    [[nodiscard]] static Result<MemorySet> toSet(const QByteArray &manifest, const QByteArray &records,
                                                 const QString &archiveName, Millis fallback, double initialStability);
};

} // namespace recollector::core::io::formats
