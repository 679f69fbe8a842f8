#pragma once

#include <QString>
#include <QStringView>

#include <cstdint>

namespace recollector::core::links {

/// Association types (docs/scoring.md, "Associations") as one byte, for the compact graph and
/// the builder. The order is the tie-break when two rules give a pair the same weight: earlier
/// wins.
enum Type : std::uint8_t { Keyword = 0, CoTask, Temporal, CoProject, Manual, Semantic, Other };

inline QString typeName(std::uint8_t type)
{
    switch (type) {
    case Keyword: return QStringLiteral("keyword");
    case CoTask: return QStringLiteral("co-task");
    case Temporal: return QStringLiteral("temporal");
    case CoProject: return QStringLiteral("co-project");
    case Manual: return QStringLiteral("manual");
    case Semantic: return QStringLiteral("semantic");
    default: return QStringLiteral("other");
    }
}

inline std::uint8_t typeCode(QStringView name)
{
    for (std::uint8_t t = Keyword; t < Other; ++t) {
        if (name == typeName(t))
            return t;
    }
    return Other;
}

} // namespace recollector::core::links
