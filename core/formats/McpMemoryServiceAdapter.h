#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// mcp-memory-service's export JSON (docs/formats.md, "mcp-memory-service export"):
/// `{"export_metadata": {...}, "memories": [{content, content_hash, tags, created_at,
/// updated_at (epoch seconds), memory_type, metadata, export_source}]}`. One memory per entry:
/// tags → keywords, memory_type → category, the times → createdAt / updatedAt, the content
/// hash → the id ("mms-" + hash), metadata and export_source kept in extra.mcpMemoryService;
/// embeddings have no place. Writing gives the same document, every live memory in it.
class McpMemoryServiceAdapter final : public FormatAdapter
{
public:
    QString name() const override { return QStringLiteral("mcp-memory-service"); }
    QString title() const override { return QStringLiteral("mcp-memory-service export (JSON)"); }
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;
    bool canWrite() const override { return true; }
    [[nodiscard]] Result<AdapterWriteReport> write(const QString &path, const MemorySet &set) const override;
};

} // namespace recollector::core::io::formats
