#pragma once

#include "model/Time.h"

#include <QString>

namespace engram::core {

/// A detected contradiction between two memories (docs/formats.md, "Table `conflicts`").
struct Conflict
{
    qint64 id = 0;
    QString a;
    QString b;
    QString type;            ///< direct_contradiction, scope_overlap, temporal_shift
    QString status = QStringLiteral("open"); ///< open, resolved, dismissed
    QString resolution;      ///< latest_wins, version_keep, weight_balance, keep_a, keep_b, keep_both, merge, auto:*
    Millis detectedAt = 0;
    Millis resolvedAt = 0;

    bool isOpen() const { return status == QLatin1String("open"); }
    bool operator==(const Conflict &) const = default;
};

} // namespace engram::core
