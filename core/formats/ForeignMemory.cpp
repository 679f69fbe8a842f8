#include "formats/ForeignMemory.h"

namespace recollector::core::io::formats {

Memory foreignMemory(const QString &id, const QString &content, Millis createdAt, Millis updatedAt,
                     double initialStability)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.source.type = QStringLiteral("import");
    m.confidence = 0.5;
    m.createdAt = createdAt;
    m.updatedAt = updatedAt != 0 ? std::max(updatedAt, createdAt) : createdAt;
    m.lastReinforcedAt = m.updatedAt;
    m.stability = legacyStability(0, m.confidence, initialStability);
    m.strength = 50;
    return m;
}

} // namespace recollector::core::io::formats
