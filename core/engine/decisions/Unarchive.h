#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <QString>

#include <optional>

namespace recollector::core {

class Store;

/// Archived and compressed memories coming back (docs/scoring.md, "Unarchive"; the
/// lifecycle: "re-activated when recalled"). Shared by the Unarchive decision, confirm and a
/// recorded review-mode retrieval under the lifecycle profile, so all three write the same.
///
/// Unarchiving a memory: level `archive` → `full`; `compressed` false and `compressedFrom`
/// cleared; when the content is still the summary its compression wrote, the original text
/// and level kept in that `compress` event's "before" are put back (a compressed memory
/// without one keeps its text and level: there is nothing else to show); with
/// `restartClock`, `lastReinforcedAt` = the instant (docs/scoring.md#lifecycle: a recalled memory is active
/// again, its age counts anew).
class Unarchive final
{
public:
    /// Whether there is anything to unarchive: level archive, or compressed.
    static bool applies(const Memory &memory);
    /// What the compression `compressedFrom` names changed, to put back: its "before" content
    /// and level. Nothing when there is none to restore (not compressed by Recollector, or the
    /// content edited since).
    struct Original
    {
        std::optional<QString> content;
        std::optional<MemoryLevel> level;
    };
    [[nodiscard]] static Result<Original> originalOf(Store &store, const Memory &memory);
    /// Changes `memory` in place (the caller records the event and writes the row).
    static void apply(Memory &memory, const Original &original, Millis at, bool restartClock);
};

} // namespace recollector::core
