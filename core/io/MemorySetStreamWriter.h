#pragma once

#include "io/Exporter.h"

#include <QByteArray>

#include <optional>

namespace recollector::core::io {

/// The whole-store Recollector JSON export written straight from the store's rows (ExportScan),
/// never building a Memory, an Event or a QJsonObject per entry: the same bytes as
/// MemorySetJson::toBytes of the collected set (tests/core/tst_export_stream holds it to
/// that), at a fraction of the cost. Stored JSON columns are copied through StoredJsonWriter.
/// Not for what only the collecting path handles: a store with level-3 memories or sealed
/// event payloads (re-sealed or left out per docs/formats.md, "Encryption at rest"), or ids
/// that SQLite's byte order sorts differently from the documented (UTF-16) order: then
/// write() gives nullopt, the target untouched, and the Exporter collects instead. The file is
/// written in pieces of a few MiB (AtomicFileStream), so memory stays flat.
class MemorySetStreamWriter final
{
public:
    MemorySetStreamWriter(Store &store, const ExportOptions &options, Millis exportedAt, QString profile);

    /// Writes the set to `path` (calling options.beforeWrite first); nullopt = use the
    /// collecting path (nothing was written).
    [[nodiscard]] Result<std::optional<ExportReport>> write(const QString &path) const;

private:
    class Sink;
    [[nodiscard]] Result<bool> writeLinks(Sink &out, int &count) const;
    [[nodiscard]] Status writeConflicts(Sink &out, int &count) const;
    [[nodiscard]] Status writeEvents(Sink &out, int &count) const;
    [[nodiscard]] Result<bool> writeMemories(Sink &out, int &count) const;

    Store &m_store;
    const ExportOptions &m_options;
    Millis m_exportedAt = 0;
    QString m_profile;
};

} // namespace recollector::core::io
