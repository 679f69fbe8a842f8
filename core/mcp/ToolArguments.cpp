#include "mcp/ToolArguments.h"

#include "model/TextRules.h"

#include <QJsonArray>

#include <cmath>

namespace recollector::core::mcp {

ToolArguments::ToolArguments(QString tool, QJsonObject arguments, const QStringList &known)
    : m_tool(std::move(tool)), m_args(std::move(arguments))
{
    for (auto it = m_args.constBegin(); it != m_args.constEnd(); ++it) {
        if (!known.contains(it.key())) {
            m_error = QStringLiteral("%1: unknown argument '%2' (known: %3)").arg(m_tool, it.key().left(80), known.join(QStringLiteral(", ")));
            break;
        }
    }
}

void ToolArguments::fail(const QString &name, const QString &what)
{
    if (m_error.isEmpty())
        m_error = QStringLiteral("%1: %2 %3").arg(m_tool, name, what);
}

std::optional<QString> ToolArguments::requiredString(const QString &name)
{
    if (!m_args.contains(name)) {
        fail(name, QStringLiteral("is required"));
        return std::nullopt;
    }
    return optionalString(name);
}

std::optional<QString> ToolArguments::optionalString(const QString &name)
{
    const QJsonValue v = m_args.value(name);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isString()) {
        fail(name, QStringLiteral("must be a string"));
        return std::nullopt;
    }
    // The one decoding rule (model/TextRules.h): a lone surrogate escape is U+FFFD here, as
    // on import.
    QString text = v.toString();
    text_rules::repairSurrogates(text);
    return text;
}

std::optional<QStringList> ToolArguments::optionalStringList(const QString &name)
{
    const QJsonValue v = m_args.value(name);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isArray()) {
        fail(name, QStringLiteral("must be an array of strings"));
        return std::nullopt;
    }
    QStringList out;
    for (const QJsonValue &item : v.toArray()) {
        if (!item.isString()) {
            fail(name, QStringLiteral("must be an array of strings"));
            return std::nullopt;
        }
        QString text = item.toString();
        text_rules::repairSurrogates(text);
        out << text;
    }
    return out;
}

std::optional<double> ToolArguments::optionalNumber(const QString &name)
{
    const QJsonValue v = m_args.value(name);
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isDouble() || !std::isfinite(v.toDouble())) {
        fail(name, QStringLiteral("must be a number"));
        return std::nullopt;
    }
    return v.toDouble();
}

int ToolArguments::optionalInt(const QString &name, int min, int max, int fallback)
{
    const QJsonValue v = m_args.value(name);
    if (v.isUndefined())
        return fallback;
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d) || d < min || d > max) {
        fail(name, QStringLiteral("must be a whole number from %1 to %2").arg(min).arg(max));
        return fallback;
    }
    return int(d);
}

} // namespace recollector::core::mcp
