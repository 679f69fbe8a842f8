#pragma once

#include <QJsonObject>
#include <QString>

namespace recollector::core::mcp {

/// What a tool call comes to (docs/cli.md, "mcp"): a result for the assistant, a tool error
/// the assistant can read and act on (`isError: true`: an unknown id, a content too long, a
/// store that said no), or arguments that do not fit the tool's schema (JSON-RPC -32602).
struct ToolOutcome
{
    enum class Kind { Ok, ToolError, InvalidParams };
    Kind kind = Kind::Ok;
    QString message;   ///< one line for the assistant
    QJsonObject data;  ///< the structured result (Ok only)

    static ToolOutcome ok(QString message, QJsonObject data)
    {
        return ToolOutcome{Kind::Ok, std::move(message), std::move(data)};
    }
    static ToolOutcome toolError(QString message) { return ToolOutcome{Kind::ToolError, std::move(message), {}}; }
    static ToolOutcome invalidParams(QString message) { return ToolOutcome{Kind::InvalidParams, std::move(message), {}}; }
};

} // namespace recollector::core::mcp
