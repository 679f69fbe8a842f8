#include "io/MemorySet.h"

namespace engram::core::io {

QString formatName(SetFormat format)
{
    switch (format) {
    case SetFormat::EngramJson:
        return QStringLiteral("json");
    case SetFormat::EngramYaml:
        return QStringLiteral("yaml");
    case SetFormat::AgentFolder:
        return QStringLiteral("folder");
    case SetFormat::LegacyArray:
        return QStringLiteral("legacy");
    case SetFormat::Csv:
        return QStringLiteral("csv");
    }
    return {};
}

std::optional<SetFormat> formatFromName(const QString &name)
{
    for (auto f : { SetFormat::EngramJson, SetFormat::EngramYaml, SetFormat::AgentFolder,
             SetFormat::LegacyArray, SetFormat::Csv }) {
        if (formatName(f) == name)
            return f;
    }
    if (name == QLatin1String("yml"))
        return SetFormat::EngramYaml;
    return std::nullopt;
}

} // namespace engram::core::io
