#pragma once

#include "io/Exporter.h"

#include <QByteArray>

#include <optional>

namespace engram::core::io {

/// The whole-store Engram JSON export written straight from the store's rows (ExportScan),
/// never building a Memory, an Event or a QJsonObject per entry: the same bytes as
/// MemorySetJson::toBytes of the collected set (tests/core/tst_export_stream holds it to
/// that), at a fraction of the cost. Stored JSON columns are copied through StoredJsonWriter.
/// Not for what only the collecting path handles: a store with level-3 memories or sealed
/// event payloads (re-sealed or left out per docs/formats.md, "Encryption at rest"), or ids
/// that SQLite's byte order sorts differently from the documented (UTF-16) order: then
/// toBytes gives nullopt and the Exporter collects instead.
class MemorySetStreamWriter final
{
public:
    MemorySetStreamWriter(Store &store, const ExportOptions &options, Millis exportedAt, QString profile);

    /// The set's bytes and the counts in `report`; nullopt = use the collecting path.
    [[nodiscard]] Result<std::optional<QByteArray>> toBytes(ExportReport &report) const;

private:
    [[nodiscard]] Result<bool> writeLinks(QByteArray &out, int &count) const;
    [[nodiscard]] Status writeConflicts(QByteArray &out, int &count) const;
    [[nodiscard]] Status writeEvents(QByteArray &out, int &count) const;
    [[nodiscard]] Result<bool> writeMemories(QByteArray &out, int &count) const;

    Store &m_store;
    const ExportOptions &m_options;
    Millis m_exportedAt = 0;
    QString m_profile;
};

} // namespace engram::core::io
