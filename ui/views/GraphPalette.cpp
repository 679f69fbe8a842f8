#include "views/GraphPalette.h"

#include "delegates/StrengthDelegate.h"

namespace engram::ui {

QColor GraphPalette::tier(core::Tier tier)
{
    return StrengthDelegate::tierColor(tier);
}

} // namespace engram::ui
