#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace recollector::core::mcp {

/// The tools `recollector-cli mcp` offers (docs/cli.md, "mcp"), as `tools/list` lists them: name,
/// title, description and a JSON Schema for the input (draft 2020-12, no extra arguments).
class ToolCatalog final
{
public:
    static const QJsonArray &tools();
    /// The tool's argument names, empty for an unknown tool.
    static QStringList argumentsOf(const QString &tool);
    static bool contains(const QString &tool);
};

} // namespace recollector::core::mcp
