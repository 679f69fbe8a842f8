#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// A Mem0 / OpenMemory backup zip (docs/formats.md, "Mem0 / OpenMemory backup"):
/// `memories.json` (memories, categories, apps, status_history, ...) and, optionally,
/// `memories.jsonl.gz` (one record per memory with its category names), read through
/// libarchive with size caps. State active → active, paused and archived → archived (kept,
/// not recalled), deleted → soft-deleted at its deleted_at; the first category → category,
/// every category → keywords, the app → projectPath; status_history → events at their
/// times; metadata and the rest kept in extra.mem0. Import only.
class Mem0Adapter final : public FormatAdapter
{
public:
    static constexpr qint64 kMaxManifestBytes = 64LL * 1024 * 1024;
    static constexpr qint64 kMaxRecordsGzipBytes = 128LL * 1024 * 1024;
    static constexpr qint64 kMaxRecordsBytes = 128LL * 1024 * 1024;

    QString name() const override { return QStringLiteral("mem0"); }
    QString title() const override { return QStringLiteral("Mem0 / OpenMemory backup (.zip)"); }
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;
};

} // namespace recollector::core::io::formats
