#include "mcp/JsonRpc.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace recollector::core::mcp {

namespace {

bool isValidId(const QJsonValue &id) { return id.isString() || id.isDouble(); }

QByteArray line(const QJsonObject &object) { return QJsonDocument(object).toJson(QJsonDocument::Compact); }

} // namespace

RpcParsed JsonRpc::parse(const QByteArray &text)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return RpcFailure{QJsonValue::Null, rpc::kParseError,
                          QStringLiteral("Parse error: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset)};
    if (doc.isArray())
        return RpcFailure{QJsonValue::Null, rpc::kInvalidRequest,
                          QStringLiteral("Invalid Request: batches are not supported; send one message per line")};
    if (!doc.isObject())
        return RpcFailure{QJsonValue::Null, rpc::kInvalidRequest, QStringLiteral("Invalid Request: not a JSON object")};
    const QJsonObject message = doc.object();

    QJsonValue id = message.value(QStringLiteral("id"));
    const bool hasId = message.contains(QStringLiteral("id"));
    if (hasId && !isValidId(id))
        return RpcFailure{QJsonValue::Null, rpc::kInvalidRequest,
                          QStringLiteral("Invalid Request: id must be a string or a number")};
    const QJsonValue answerId = hasId ? id : QJsonValue(QJsonValue::Null);
    if (message.value(QStringLiteral("jsonrpc")) != QJsonValue(QStringLiteral("2.0")))
        return RpcFailure{answerId, rpc::kInvalidRequest, QStringLiteral("Invalid Request: jsonrpc must be \"2.0\"")};
    if (!message.contains(QStringLiteral("method"))) {
        // A response from the client ("result" or "error" with an id): we never ask, so drop it.
        if (hasId && (message.contains(QStringLiteral("result")) || message.contains(QStringLiteral("error"))))
            return RpcIgnored{};
        return RpcFailure{answerId, rpc::kInvalidRequest, QStringLiteral("Invalid Request: method is missing")};
    }
    const QJsonValue method = message.value(QStringLiteral("method"));
    if (!method.isString() || method.toString().isEmpty())
        return RpcFailure{answerId, rpc::kInvalidRequest, QStringLiteral("Invalid Request: method must be a string")};

    RpcRequest request;
    request.id = hasId ? id : QJsonValue(QJsonValue::Undefined);
    request.method = method.toString();
    if (message.contains(QStringLiteral("params"))) {
        const QJsonValue params = message.value(QStringLiteral("params"));
        if (!params.isObject()) {
            if (request.isNotification())
                return RpcIgnored{}; // a notification is never answered, not even with an error
            return RpcFailure{answerId, rpc::kInvalidParams, QStringLiteral("Invalid params: params must be an object")};
        }
        request.params = params.toObject();
    }
    return request;
}

QByteArray JsonRpc::result(const QJsonValue &id, const QJsonObject &result)
{
    return line(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                            {QStringLiteral("id"), id},
                            {QStringLiteral("result"), result}});
}

QByteArray JsonRpc::error(const QJsonValue &id, int code, const QString &message)
{
    return line(QJsonObject{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), id},
        {QStringLiteral("error"), QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}});
}

} // namespace recollector::core::mcp
