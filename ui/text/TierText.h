#pragma once

#include "model/Memory.h"
#include "model/Tier.h"

#include <QCoreApplication>
#include <QString>

namespace recollector::ui {

/// A tier and a memory level in the words the window shows (translated; docs/scoring.md,
/// "Tiers"). The stored and exported names stay core::tierName / core::levelName.
class TierText final
{
    Q_DECLARE_TR_FUNCTIONS(TierText)

public:
    /// "active", "fading", … (zh_CN: 活跃, 衰退, …).
    static QString label(core::Tier tier);
    /// "full", "summary", "trace", "archive".
    static QString level(core::MemoryLevel level);
};

} // namespace recollector::ui
