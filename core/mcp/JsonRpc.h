#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <variant>

namespace recollector::core::mcp {

/// JSON-RPC 2.0 as MCP's stdio transport carries it (docs/cli.md, "mcp"): one message per
/// line, no batches (MCP 2025-06-18 dropped them), ids that are strings or numbers, never null.
namespace rpc {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
} // namespace rpc

/// A request (with an id) or a notification (without one).
struct RpcRequest
{
    QJsonValue id;           ///< string or number; Undefined for a notification
    QString method;
    QJsonObject params;      ///< empty when the message had none
    bool isNotification() const { return id.isUndefined(); }
};

/// A message that cannot be served: the error to answer with (id null when the id itself
/// could not be read).
struct RpcFailure
{
    QJsonValue id = QJsonValue::Null;
    int code = rpc::kInvalidRequest;
    QString message;
};

/// A response or other message from the client that needs no answer (the server sends no
/// requests, so a response to one is dropped).
struct RpcIgnored
{
};

using RpcParsed = std::variant<RpcRequest, RpcFailure, RpcIgnored>;

class JsonRpc final
{
public:
    /// Reads one line. Never throws; whatever the bytes, the outcome says what to answer.
    static RpcParsed parse(const QByteArray &line);
    /// `{"jsonrpc":"2.0","id":…,"result":…}` as one line (no newline at the end).
    static QByteArray result(const QJsonValue &id, const QJsonObject &result);
    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…}}` as one line.
    static QByteArray error(const QJsonValue &id, int code, const QString &message);
    static QByteArray error(const RpcFailure &failure) { return error(failure.id, failure.code, failure.message); }
};

} // namespace recollector::core::mcp
