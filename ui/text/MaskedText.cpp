#include "text/MaskedText.h"

#include <QCoreApplication>

namespace recollector::ui {

std::optional<QString> MaskedText::mask(bool locked, int sensitivity, bool privacyMode)
{
    if (locked)
        return QCoreApplication::translate("MaskedText", "locked");
    if (privacyMode && sensitivity >= 2)
        return QCoreApplication::translate("MaskedText", "hidden (privacy mode)");
    return std::nullopt;
}

QString MaskedText::shown(const core::Memory &memory, bool privacyMode)
{
    return mask(memory.isLocked(), memory.sensitivity, privacyMode).value_or(memory.content);
}

bool MaskedText::isMasked(const core::Memory &memory, bool privacyMode)
{
    return mask(memory.isLocked(), memory.sensitivity, privacyMode).has_value();
}

} // namespace recollector::ui
