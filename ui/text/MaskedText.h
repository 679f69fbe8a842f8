#pragma once

#include "model/Memory.h"

#include <QString>

#include <optional>

namespace recollector::ui {

/// What every view shows in place of a memory's text when it must not be seen
/// (docs/formats.md, "Encryption at rest"): "locked" for a level-3 memory while the store is
/// locked, "hidden (privacy mode)" for level 2 and 3 while privacy mode is on. One rule, so the
/// table, detail panel, graph, chart legend, dialogs and playground never disagree.
class MaskedText final
{
public:
    /// The replacement, or nullopt when the text may be shown.
    static std::optional<QString> mask(bool locked, int sensitivity, bool privacyMode);
    /// The memory's text as a view shows it.
    static QString shown(const core::Memory &memory, bool privacyMode);
    /// True when `shown()` does not give the memory's own text.
    static bool isMasked(const core::Memory &memory, bool privacyMode);
};

} // namespace recollector::ui
