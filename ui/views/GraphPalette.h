#pragma once

#include "engine/graph/LinkTypes.h"
#include "model/Tier.h"

#include <QColor>

#include <algorithm>
#include <cstdint>

namespace recollector::ui {

/// Colours of the association graph: nodes take the tier colours of the memory table
/// (StrengthDelegate), links a colour per association type chosen to stay apart from the
/// tier colours, and the activation highlight an amber of its own.
class GraphPalette final
{
public:
    static QColor tier(core::Tier tier);

    static QColor linkType(std::uint8_t type)
    {
        switch (type) {
        case core::links::Keyword: return QColor(0x3f, 0x51, 0xb5);   // indigo
        case core::links::CoTask: return QColor(0x8e, 0x24, 0xaa);    // purple
        case core::links::Temporal: return QColor(0x00, 0x89, 0x7b);  // teal
        case core::links::CoProject: return QColor(0x8d, 0x6e, 0x63); // brown
        case core::links::Manual: return QColor(0xd8, 0x1b, 0x60);    // magenta
        case core::links::Semantic: return QColor(0x54, 0x6e, 0x7a);  // blue grey
        default: return QColor(0x9e, 0x9e, 0x9e);
        }
    }

    /// Link width in scene pixels at zoom 1: 1 px for the weakest, 5 px for weight 1.
    static double linkWidth(double weight) { return 1.0 + 4.0 * std::clamp(weight, 0.0, 1.0); }

    static QColor activation() { return QColor(0xff, 0xa0, 0x00); }
    static QColor centreRing() { return QColor(0x21, 0x21, 0x21); }
    static QColor background() { return QColor(0xfa, 0xfa, 0xf7); }
};

} // namespace recollector::ui
