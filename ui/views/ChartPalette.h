#pragma once

#include "model/Tier.h"

#include <QColor>

namespace recollector::ui {

/// Colours the detail panel and the decay chart share. Tier colours follow
/// docs/scoring.md, "Score, strength, tier" (permanent blue, active green, fading yellow, weak
/// orange, forgotten red), darkened enough to read as text and thin lines on a light
/// background.
class ChartPalette final
{
public:
    static QColor tier(core::Tier tier)
    {
        switch (tier) {
        case core::Tier::Permanent: return QColor(0x1e, 0x6f, 0xd9);
        case core::Tier::Active: return QColor(0x2e, 0x9d, 0x48);
        case core::Tier::Fading: return QColor(0xc9, 0xa2, 0x00);
        case core::Tier::Weak: return QColor(0xe6, 0x7e, 0x22);
        case core::Tier::Forgotten: return QColor(0xd6, 0x33, 0x33);
        }
        return Qt::gray;
    }

    /// Curve colours for overlaid memories; chosen to stay apart from the tier lines.
    static QColor curve(int index)
    {
        static const QColor kColors[] = {
            QColor(0x1f, 0x4e, 0x9c), QColor(0x8e, 0x44, 0xad), QColor(0x16, 0xa0, 0x85), QColor(0xa0, 0x52, 0x2d),
            QColor(0xc2, 0x18, 0x5b), QColor(0x34, 0x49, 0x5e), QColor(0x7c, 0xb3, 0x42), QColor(0x00, 0x83, 0x8f),
        };
        constexpr int n = int(sizeof(kColors) / sizeof(kColors[0]));
        return kColors[((index % n) + n) % n];
    }

    /// Amber for "you are looking at another date than today".
    static QColor previewBackground() { return QColor(0xff, 0xd5, 0x4f); }
    static QColor previewText() { return QColor(0x3e, 0x27, 0x00); }
};

} // namespace recollector::ui
