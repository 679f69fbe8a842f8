#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace recollector::core::mcp {

/// Reads a tool's `arguments` against what its input schema says (ToolCatalog): each getter
/// returns the value, or nothing and keeps the first problem as one line naming the tool and
/// the argument ("remember: content must be a string"). Unknown arguments are a problem too.
class ToolArguments final
{
public:
    ToolArguments(QString tool, QJsonObject arguments, const QStringList &known);

    std::optional<QString> requiredString(const QString &name);
    std::optional<QString> optionalString(const QString &name);
    std::optional<QStringList> optionalStringList(const QString &name);
    std::optional<double> optionalNumber(const QString &name);
    /// A whole number in [min, max]; `fallback` when absent.
    int optionalInt(const QString &name, int min, int max, int fallback);

    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }

private:
    void fail(const QString &name, const QString &what);

    QString m_tool;
    QJsonObject m_args;
    QString m_error;
};

} // namespace recollector::core::mcp
