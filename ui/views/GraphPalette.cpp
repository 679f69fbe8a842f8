#include "views/GraphPalette.h"

#include "delegates/StrengthDelegate.h"

namespace recollector::ui {

QColor GraphPalette::tier(core::Tier tier)
{
    return StrengthDelegate::tierColor(tier);
}

} // namespace recollector::ui
