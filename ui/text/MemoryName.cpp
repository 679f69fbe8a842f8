#include "text/MemoryName.h"

#include "StoreSession.h"
#include "text/MaskedText.h"

namespace recollector::ui {

QString MemoryName::shortened(const QString &text, int max)
{
    const QString flat = text.simplified();
    return flat.size() > max ? flat.left(max - 1) + QChar(0x2026) : flat;
}

QString MemoryName::quoted(const StoreSession *session, const QString &id, int max)
{
    if (!session || id.isEmpty())
        return {};
    const auto memory = session->memory(id);
    if (!memory)
        return {};
    return QStringLiteral("“%1”").arg(shortened(MaskedText::shown(*memory, session->privacyMode()), max));
}

} // namespace recollector::ui
