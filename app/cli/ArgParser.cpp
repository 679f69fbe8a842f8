#include "ArgParser.h"

namespace recollector::cli {

bool ArgParser::parse(const QStringList &args)
{
    for (int i = 0; i < args.size(); ++i) {
        const QString &arg = args[i];
        if (!arg.startsWith(QLatin1String("--")) || arg == QLatin1String("--")) {
            m_positional << arg;
            continue;
        }
        QString name = arg.mid(2);
        QString inlineValue;
        bool hasInline = false;
        if (const int eq = name.indexOf(QLatin1Char('=')); eq >= 0) {
            inlineValue = name.mid(eq + 1);
            name = name.left(eq);
            hasInline = true;
        }
        if (m_flagOptions.contains(name) && !hasInline) {
            m_flags.insert(name);
        } else if (m_valueOptions.contains(name)) {
            if (hasInline) {
                m_values.insert(name, inlineValue);
            } else if (i + 1 < args.size()) {
                m_values.insert(name, args[++i]);
            } else {
                m_error = QStringLiteral("option --%1 needs a value").arg(name);
                return false;
            }
        } else {
            m_error = QStringLiteral("unknown option --%1").arg(name);
            return false;
        }
    }
    return true;
}

std::optional<QString> ArgParser::value(const QString &name) const
{
    const auto it = m_values.constFind(name);
    if (it == m_values.cend())
        return std::nullopt;
    return *it;
}

} // namespace recollector::cli
