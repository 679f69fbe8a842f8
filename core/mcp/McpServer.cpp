#include "mcp/McpServer.h"

#include "mcp/ArgumentHint.h"

#include "mcp/McpTools.h"
#include "mcp/ToolCatalog.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

namespace recollector::core::mcp {

Q_LOGGING_CATEGORY(lcMcp, "recollector.core.mcp", QtWarningMsg)

McpServer::McpServer(McpTools &tools) : m_tools(tools) {}

const QStringList &McpServer::protocolVersions()
{
    static const QStringList kVersions{QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18")};
    return kVersions;
}

std::optional<QByteArray> McpServer::handle(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return std::nullopt;
    const RpcParsed parsed = JsonRpc::parse(line);
    if (const auto *failure = std::get_if<RpcFailure>(&parsed)) {
        qCInfo(lcMcp) << "refused:" << failure->message;
        return JsonRpc::error(*failure);
    }
    if (std::holds_alternative<RpcIgnored>(parsed))
        return std::nullopt;
    const auto &request = std::get<RpcRequest>(parsed);
    if (request.isNotification())
        return std::nullopt; // notifications/initialized, …/cancelled and the rest: nothing to answer
    return dispatch(request);
}

QByteArray McpServer::dispatch(const RpcRequest &request)
{
    const QString &method = request.method;
    if (method == QLatin1String("initialize"))
        return initialize(request);
    if (method == QLatin1String("ping"))
        return JsonRpc::result(request.id, {});
    if (method == QLatin1String("tools/list"))
        return JsonRpc::result(request.id, {{QStringLiteral("tools"), ToolCatalog::tools()}});
    if (method == QLatin1String("tools/call"))
        return callTool(request);
    return JsonRpc::error(request.id, rpc::kMethodNotFound, QStringLiteral("Method not found: %1").arg(method.left(100)));
}

QByteArray McpServer::initialize(const RpcRequest &request)
{
    const QJsonValue asked = request.params.value(QStringLiteral("protocolVersion"));
    if (!asked.isString())
        return JsonRpc::error(request.id, rpc::kInvalidParams,
                              QStringLiteral("Invalid params: initialize needs protocolVersion (a string)"));
    // The client's revision when we speak it, else our latest (the client decides whether to go on).
    m_protocolVersion = protocolVersions().contains(asked.toString()) ? asked.toString() : protocolVersions().first();
    const QJsonObject result{
        {QStringLiteral("protocolVersion"), m_protocolVersion},
        {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), false}}}}},
        {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("recollector")},
                                                   {QStringLiteral("title"), QStringLiteral("Recollector")},
                                                   {QStringLiteral("version"), QCoreApplication::applicationVersion().isEmpty()
                                                                                   ? QStringLiteral("0")
                                                                                   : QCoreApplication::applicationVersion()}}},
        {QStringLiteral("instructions"),
         QStringLiteral("Your long-term memory, reviewed by the user in Recollector. recall before answering questions that "
                        "depend on past sessions; remember durable facts, preferences and decisions; reinforce a "
                        "memory that helped; forget one that turned out wrong. When an answer says a change is pending "
                        "the user's approval, tell the user it waits for them.")}};
    return JsonRpc::result(request.id, result);
}

QByteArray McpServer::callTool(const RpcRequest &request)
{
    const QJsonValue name = request.params.value(QStringLiteral("name"));
    if (!name.isString())
        return JsonRpc::error(request.id, rpc::kInvalidParams, QStringLiteral("Invalid params: tools/call needs name (a string)"));
    if (!ToolCatalog::contains(name.toString()))
        return JsonRpc::error(request.id, rpc::kInvalidParams, QStringLiteral("Unknown tool: %1").arg(name.toString().left(100)));
    const QJsonValue arguments = request.params.value(QStringLiteral("arguments"));
    if (!arguments.isUndefined() && !arguments.isNull() && !arguments.isObject())
        return JsonRpc::error(request.id, rpc::kInvalidParams, QStringLiteral("Invalid params: arguments must be an object"));

    ToolOutcome outcome = m_tools.call(name.toString(), arguments.toObject());
    if (outcome.kind == ToolOutcome::Kind::InvalidParams) {
        // 2025-06-18 answered arguments that do not fit the schema with -32602; from
        // 2025-11-25 on (SEP-1303) they are a tool error the model reads, with what to send.
        if (m_protocolVersion == QLatin1String("2025-06-18"))
            return JsonRpc::error(request.id, rpc::kInvalidParams, QStringLiteral("Invalid params: ") + outcome.message);
        outcome = ToolOutcome::toolError(QStringLiteral("Invalid arguments: %1. Instead, %2.")
                                             .arg(outcome.message, ArgumentHint::forTool(name.toString())));
    }
    QJsonObject result;
    if (outcome.kind == ToolOutcome::Kind::ToolError) {
        qCInfo(lcMcp) << name.toString() << "failed:" << outcome.message;
        result.insert(QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                        {QStringLiteral("text"), outcome.message}}});
        result.insert(QStringLiteral("isError"), true);
        return JsonRpc::result(request.id, result);
    }
    // The structured result, and the same JSON as text for clients that read only text.
    QJsonObject structured = outcome.data;
    structured.insert(QStringLiteral("message"), outcome.message);
    const QString text = QString::fromUtf8(QJsonDocument(structured).toJson(QJsonDocument::Compact));
    result.insert(QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                                    {QStringLiteral("text"), text}}});
    result.insert(QStringLiteral("structuredContent"), structured);
    result.insert(QStringLiteral("isError"), false);
    return JsonRpc::result(request.id, result);
}

} // namespace recollector::core::mcp
