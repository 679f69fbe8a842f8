#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// The open-source Mem0 library's history database (docs/formats.md, "Mem0 history
/// database"): its SQLite `history` table, one row per ADD, UPDATE or DELETE of a memory. One
/// memory per memory_id, holding its last text; ADD → a `create` event, UPDATE → an `edit`
/// event with the text before and after, DELETE → a `delete` event and the memory
/// soft-deleted, each at its created_at; actor_id and role kept in the events. Import only.
class Mem0HistoryAdapter final : public FormatAdapter
{
public:
    QString name() const override { return QStringLiteral("mem0-history"); }
    QString title() const override { return QStringLiteral("Mem0 history database (SQLite history table)"); }
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;
};

} // namespace recollector::core::io::formats
