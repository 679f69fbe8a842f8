#include "io/MemorySet.h"

namespace recollector::core::io {

QString formatName(SetFormat format)
{
    switch (format) {
    case SetFormat::RecollectorJson:
        return QStringLiteral("json");
    case SetFormat::RecollectorYaml:
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
    for (auto f : { SetFormat::RecollectorJson, SetFormat::RecollectorYaml, SetFormat::AgentFolder,
             SetFormat::LegacyArray, SetFormat::Csv }) {
        if (formatName(f) == name)
            return f;
    }
    if (name == QLatin1String("yml"))
        return SetFormat::RecollectorYaml;
    return std::nullopt;
}

} // namespace recollector::core::io
