#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace recollector::cli {

/// Minimal `--name value` / `--flag` parser for one command's arguments. Options that take
/// a value are declared up front so a stray word is reported, not swallowed.
class ArgParser final
{
public:
    ArgParser(QStringList valueOptions, QStringList flagOptions)
        : m_valueOptions(std::move(valueOptions)), m_flagOptions(std::move(flagOptions)) {}

    /// Declares one more option that takes a value (an option every command of a kind shares).
    void addValueOption(const QString &name) { m_valueOptions << name; }
    /// False with error() set on an unknown option or a missing value.
    bool parse(const QStringList &args);
    const QString &error() const { return m_error; }

    QStringList positional() const { return m_positional; }
    bool isSet(const QString &name) const { return m_flags.contains(name) || m_values.contains(name); }
    std::optional<QString> value(const QString &name) const;
    QString value(const QString &name, const QString &fallback) const { return value(name).value_or(fallback); }

private:
    QStringList m_valueOptions;
    QStringList m_flagOptions;
    QStringList m_positional;
    QHash<QString, QString> m_values;
    QSet<QString> m_flags;
    QString m_error;
};

} // namespace recollector::cli
