#pragma once

#include "io/MemorySet.h"
#include "model/MemoryJson.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace recollector::core::io {

/// The Recollector memory set's JSON (docs/formats.md, "Recollector memory set") read with simdjson's
/// On-Demand API straight into the set's memories, links and events, without a QJsonObject
/// per entry. It takes only documents it reads exactly as MemorySetJson's Qt reader does:
/// everything else gives nullopt and the caller reads the bytes with the Qt reader, which
/// then also gives every error (file, entry and field named, as before). Handed over:
/// any error, invalid JSON or UTF-8, a duplicate key, a byte-order mark, an entry without
/// createdAt (its guess is noted), a number where text is expected, a whole number written
/// with a fraction where a count is expected, a fraction that reads as zero or subnormal,
/// an integer past 64 bits, a sealed level-3 entry or a `seal`, nesting past 256.
class MemorySetFastJson final
{
public:
    [[nodiscard]] static std::optional<MemorySet> read(
        const QByteArray &data, const QString &fileName, const MemoryParseOptions &options = {});
    /// How many documents this process has read on this path (the tests prove it is taken).
    static quint64 documentsRead();
};

} // namespace recollector::core::io
