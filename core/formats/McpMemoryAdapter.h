#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// The MCP reference memory server's knowledge graph, JSONL (docs/formats.md, "MCP memory
/// server"): `{"type":"entity","name","entityType","observations"}` and
/// `{"type":"relation","from","to","relationType"}` lines. One memory per observation (the
/// entity's name as keyword and subject, its type as category); an entity with no
/// observation is one memory holding its name; a relation is a manual link between the two
/// entities' first memories, its type kept. Writing gives the same lines, in the same order,
/// as the server writes them (JSON.stringify, one per line).
class McpMemoryAdapter final : public FormatAdapter
{
public:
    QString name() const override { return QStringLiteral("mcp-memory"); }
    QString title() const override { return QStringLiteral("MCP memory server knowledge graph (JSONL)"); }
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;

    bool canWrite() const override { return true; }
    /// Every live memory: an imported one under its entity, any other under its first keyword
    /// (entity type = its category); manual links between two entities no kept relation joins
    /// become "related_to" relations.
    [[nodiscard]] Result<AdapterWriteReport> write(const QString &path, const MemorySet &set) const override;
};

} // namespace recollector::core::io::formats
