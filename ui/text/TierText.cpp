#include "text/TierText.h"

namespace recollector::ui {

QString TierText::label(core::Tier tier)
{
    switch (tier) {
    case core::Tier::Permanent: return tr("permanent");
    case core::Tier::Active: return tr("active");
    case core::Tier::Fading: return tr("fading");
    case core::Tier::Weak: return tr("weak");
    case core::Tier::Forgotten: return tr("forgotten");
    }
    return core::tierName(tier);
}

QString TierText::level(core::MemoryLevel level)
{
    switch (level) {
    case core::MemoryLevel::Full: return tr("full");
    case core::MemoryLevel::Summary: return tr("summary");
    case core::MemoryLevel::Trace: return tr("trace");
    case core::MemoryLevel::Archive: return tr("archive");
    }
    return core::levelName(level);
}

} // namespace recollector::ui
