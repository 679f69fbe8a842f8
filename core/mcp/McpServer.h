#pragma once

#include "mcp/JsonRpc.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace recollector::core::mcp {

class McpTools;

/// The Model Context Protocol on top of JSON-RPC (docs/cli.md, "mcp"): `initialize` (the
/// revision negotiated: the client's when we speak it, else our latest), `ping`,
/// `tools/list`, `tools/call`; notifications are taken and never answered; any other
/// method is -32601. One line in, at most one line out; no transport here, so tests drive
/// it directly and StdioLoop feeds it stdin.
class McpServer final
{
public:
    explicit McpServer(McpTools &tools);

    /// The revisions this server speaks, newest first.
    static const QStringList &protocolVersions();

    /// The answer to one message, or nothing (a notification, a response, a blank line).
    std::optional<QByteArray> handle(const QByteArray &line);

    /// The revision `initialize` settled on (empty before it).
    const QString &protocolVersion() const { return m_protocolVersion; }

private:
    QByteArray dispatch(const RpcRequest &request);
    QByteArray initialize(const RpcRequest &request);
    QByteArray callTool(const RpcRequest &request);

    McpTools &m_tools;
    QString m_protocolVersion;
};

} // namespace recollector::core::mcp
