#pragma once

#include "model/Tier.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace recollector::core {

/// Which rows the table shows (query modes of docs/scoring.md, "Query modes"; the filters of
/// docs/architecture.md, "The window"). Empty lists mean "any".
struct SnapshotFilter
{
    /// normal: levels full + summary, not negated, not deleted, above the forgotten line;
    /// review: every level, negated included, not deleted; debug: everything, deleted too.
    enum class Mode : std::uint8_t { Normal, Review, Debug };

    Mode mode = Mode::Review;
    QString text;               ///< every whitespace-separated term must occur in content or keywords
    QStringList categories;
    std::uint8_t tiers = 0x1f;  ///< bit (1 << int(Tier)) per allowed tier
    QStringList sources;        ///< source types
    QStringList projects;       ///< project paths; "" = global
    std::optional<bool> verified;
    std::optional<bool> negated;
    std::optional<bool> permanent;
    int minSensitivity = 0;
    int maxSensitivity = 3;

    static constexpr std::uint8_t kAllTiers = 0x1f;
    static std::uint8_t tierBit(Tier tier) { return std::uint8_t(1u << unsigned(tier)); }

    bool operator==(const SnapshotFilter &) const = default;
};

QString modeName(SnapshotFilter::Mode mode);
std::optional<SnapshotFilter::Mode> modeFromName(const QString &name);

/// What the table can be sorted by. None = store order (rowid), the cheapest first paint.
enum class SortKey : std::uint8_t {
    None,
    Id,
    Content,
    Category,
    Keywords,
    Strength,
    Tier,
    Score,
    Confidence,
    Created,
    Updated,
    LastReinforced,
    LastAccessed,
    Accesses,
    Reinforcements,
    Importance,
    Stability,
    Project,
    Source,
    Verified,
    Sensitivity,
    Flags,
    Level, ///< level, a compressed one after the same level uncompressed
    Name,  ///< the memory's own title (most memories have none)
};

} // namespace recollector::core
