#include "engine/decisions/Unarchive.h"

#include "model/Event.h"
#include "store/Store.h"

namespace recollector::core {

bool Unarchive::applies(const Memory &m) { return m.level == MemoryLevel::Archive || m.compressed; }

Result<Unarchive::Original> Unarchive::originalOf(Store &store, const Memory &m)
{
    if (!m.compressed || m.compressedFrom.isEmpty())
        return Original{};
    auto history = store.events().forMemory(m.id);
    if (!history)
        return history.error();
    for (auto it = history->rbegin(); it != history->rend(); ++it) {
        if (it->kind != events::kCompress
            || it->payload.value(QStringLiteral("decision")).toString() != m.compressedFrom)
            continue;
        const QJsonObject before = it->payload.value(QStringLiteral("before")).toObject();
        const QJsonObject after = it->payload.value(QStringLiteral("after")).toObject();
        Original original;
        const QJsonValue content = before.value(QStringLiteral("content"));
        // Restore only over the summary the compression wrote: a later edit is the user's.
        if (content.isString() && after.value(QStringLiteral("content")).toString() == m.content)
            original.content = content.toString();
        if (const auto level = levelFromName(before.value(QStringLiteral("level")).toString()))
            original.level = *level;
        return original;
    }
    return Original{};
}

void Unarchive::apply(Memory &m, const Original &original, Millis at, bool restartClock)
{
    if (m.compressed && original.level && m.level == MemoryLevel::Summary)
        m.level = *original.level;
    if (m.level == MemoryLevel::Archive)
        m.level = MemoryLevel::Full;
    m.compressed = false;
    m.compressedFrom.clear();
    if (original.content)
        m.content = *original.content;
    if (restartClock)
        m.lastReinforcedAt = at;
}

} // namespace recollector::core
