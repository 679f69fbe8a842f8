#pragma once

#include "model/MemoryJson.h"
#include "model/Association.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QByteArray>
#include <QJsonObject>

#include <vector>

namespace recollector::core::io {

/// One memory in the agent hub's own shape (the original MemoryEntry plus what newer writers add;
/// docs/formats.md, "Agent memory folders"), as found in an agent memory folder or a legacy
/// note-000 array.
///
/// Reading: `importance` is the agent's 1–10 scale and goes verbatim to agentImportance;
/// `tier` goes to agentTier and `tier: "permanent"` makes the memory permanent; `superseded`
/// and `supersedesId` to their fields; the entry's own `associations`
/// ([{targetId, weight, type}]) become links; `tags`, `valence` and anything else stay in
/// `extra`. Recollector's own importance travels as `recollectorImportance` so a folder round trip keeps it.
///
/// Writing: the same names back (`tier: "permanent"` for permanent, `superseded: true` for a
/// negated or superseded memory, the forgetting fields stability, lastReinforcedAt,
/// reinforceCount, decayRate, strength), laid over the file's current content so fields the
/// agent added since are kept. Recollector-only fields are written only when they differ from
/// their defaults (or the file already has them).
class AgentEntry final
{
public:
    [[nodiscard]] static Result<Memory> fromObject(const QJsonObject &object, const QString &where,
        const MemoryParseOptions &options, std::vector<Association> *links = nullptr);
    static QJsonObject toObject(
        const Memory &memory, const std::vector<Association> &links, const QJsonObject &existing = {});
    /// The hub's own lazy migration of an entry without forgetting fields (docs/formats.md,
    /// "Agent memory folders"; mizy/claude-agent-hub, src/memory/migrateMemory.ts): stability
    /// 72 + 96·(confidence ?? 0.5) + min(2·(accessCount ?? 0), 24) hours and the decay clock
    /// from createdAt, so that strengths equal the hub's own.
    static void migrateAsTheHubDoes(Memory &memory, const QJsonObject &object);
    /// Pretty JSON with 2-space indent, UTF-8, trailing newline: how agent hubs write these files.
    static QByteArray toFileBytes(const QJsonObject &object);
};

} // namespace recollector::core::io
