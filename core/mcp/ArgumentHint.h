#pragma once

#include <QString>

namespace recollector::core::mcp {

/// What to send instead, for a tool called with arguments that do not fit its schema
/// (docs/cli.md, "mcp": SEP-1303, protocol 2025-11-25): one line built from the tool's input
/// schema, e.g. `send {"query": text (required), "project": text, "limit": whole number 1–50}`.
class ArgumentHint final
{
public:
    static QString forTool(const QString &tool);
};

} // namespace recollector::core::mcp
