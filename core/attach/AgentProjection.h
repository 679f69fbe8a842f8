#pragma once

#include "model/Memory.h"

#include <QByteArray>
#include <QJsonObject>

namespace recollector::core::attach {

/// What an agent memory file should say about a memory: the agent hub's MemoryEntry fields
/// and what newer writers add (importance 1–10, tier, superseded, supersedesId), in the
/// agent's types, nothing Recollector-only (docs/formats.md, "Attached folders"). A merged
/// source and a negated memory are `superseded: true`; permanent is `tier: "permanent"`.
/// Links are never written: they live in the side store.
class AgentProjection final
{
public:
    static QJsonObject of(const Memory &memory);
    /// Keys whose value differs between two projections (either side may lack the key).
    static QStringList changedKeys(const QJsonObject &before, const QJsonObject &after);
    static QByteArray compact(const QJsonObject &object);
    static QJsonObject parse(const QByteArray &compactJson);
};

} // namespace recollector::core::attach
