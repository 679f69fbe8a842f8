#pragma once

#include "model/Association.h"
#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"
#include "store/BulkWriter.h"

namespace recollector::core {
class Database;
}

namespace recollector::core::io {

/// The importer's bulk write path: the same rows the repositories write, through the store's
/// BulkWriter (statements prepared once per import, bound through SQLite's C API on the
/// store's own connection; import_100k_s of docs/architecture.md, "Performance budget").
/// Errors name the row. The caller holds the transaction, which these writes join.
class ImportWriter final
{
public:
    explicit ImportWriter(Database &db);

    [[nodiscard]] Status insertMemory(const Memory &memory);
    /// Appends and sets `event.id`.
    [[nodiscard]] Status appendEvent(Event &event);
    /// With the payload already as compact JSON (row::toJsonUtf8 of event.payload).
    [[nodiscard]] Status appendEvent(Event &event, const QByteArray &payloadJson);
    /// Writes the link unless the pair already has one at least as strong (one edge per
    /// pair, the strongest kept: docs/scoring.md, "Associations"). `link` must be ordered (a < b).
    [[nodiscard]] Status putLinkIfStronger(const Association &link);
    /// Many events, many to a statement (BulkWriter::appendEvents): gives the last one's id.
    [[nodiscard]] Result<std::int64_t> appendEvents(std::span<const Event> events, std::span<const QByteArray> payloadJson);
    /// Many links, many to a statement (BulkWriter::putLinksIfStronger).
    [[nodiscard]] Status putLinksIfStronger(std::span<const Association> links);
    [[nodiscard]] Result<bool> memoryExists(const QString &id);
    [[nodiscard]] Result<bool> deferLinkIndex() { return m_writer.deferLinkIndex(); }
    [[nodiscard]] Result<bool> hasNoMemories() { return m_writer.hasNoMemories(); }
    [[nodiscard]] Status restoreLinkIndex() { return m_writer.restoreLinkIndex(); }

private:
    BulkWriter m_writer;
};

} // namespace recollector::core::io
