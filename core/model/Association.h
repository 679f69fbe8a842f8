#pragma once

#include "model/Time.h"

#include <QString>

namespace recollector::core {

/// One undirected link between two memories (docs/scoring.md, "Associations"). The store keeps
/// one row per unordered pair with `a < b`; the strongest type wins.
struct Association
{
    QString a;
    QString b;
    double weight = 0;       ///< 0..1
    QString type;            ///< keyword, co-task, temporal, co-project, manual, semantic
    Millis createdAt = 0;

    /// The other end, seen from `id`.
    const QString &other(const QString &id) const { return id == a ? b : a; }
    bool operator==(const Association &) const = default;
};

/// Returns the pair ordered so that first < second, as the store keeps it.
inline std::pair<QString, QString> orderedPair(const QString &x, const QString &y)
{
    return x < y ? std::pair{x, y} : std::pair{y, x};
}

} // namespace recollector::core
