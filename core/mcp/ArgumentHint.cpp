#include "mcp/ArgumentHint.h"

#include "mcp/ToolCatalog.h"

#include <QJsonArray>
#include <QJsonObject>

namespace recollector::core::mcp {

namespace {

QString describe(const QJsonObject &property)
{
    const QString type = property.value(QStringLiteral("type")).toString();
    if (property.contains(QStringLiteral("enum"))) {
        QStringList choices;
        for (const QJsonValue &v : property.value(QStringLiteral("enum")).toArray())
            choices << QLatin1Char('"') + v.toString() + QLatin1Char('"');
        return QStringLiteral("one of ") + choices.join(QStringLiteral(", "));
    }
    if (type == QLatin1String("integer")) {
        const QJsonValue min = property.value(QStringLiteral("minimum"));
        const QJsonValue max = property.value(QStringLiteral("maximum"));
        if (min.isDouble() && max.isDouble())
            return QStringLiteral("whole number %1–%2").arg(min.toInt()).arg(max.toInt());
        return QStringLiteral("whole number");
    }
    if (type == QLatin1String("array"))
        return QStringLiteral("list of texts");
    if (type == QLatin1String("number"))
        return QStringLiteral("number");
    if (type == QLatin1String("boolean"))
        return QStringLiteral("true or false");
    return QStringLiteral("text");
}

} // namespace

QString ArgumentHint::forTool(const QString &tool)
{
    for (const QJsonValue &v : ToolCatalog::tools()) {
        const QJsonObject t = v.toObject();
        if (t.value(QStringLiteral("name")).toString() != tool)
            continue;
        const QJsonObject schema = t.value(QStringLiteral("inputSchema")).toObject();
        const QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
        const QJsonArray required = schema.value(QStringLiteral("required")).toArray();
        QStringList parts;
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const bool needed = required.contains(QJsonValue(it.key()));
            parts << QStringLiteral("\"%1\": %2%3")
                         .arg(it.key(), describe(it.value().toObject()),
                              needed ? QStringLiteral(" (required)") : QString());
        }
        return QStringLiteral("send {%1}").arg(parts.join(QStringLiteral(", ")));
    }
    return {};
}

} // namespace recollector::core::mcp
