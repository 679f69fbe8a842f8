#pragma once

#include <QDateTime>
#include <QString>

#include <optional>
#include <string_view>

namespace recollector::core {

/// Instants are kept as milliseconds since the Unix epoch, UTC (`qint64`). 0 means "not set".
/// All decay math converts explicitly: hours for ebbinghaus, days for the other profiles.
using Millis = qint64;

inline constexpr Millis kMsPerHour = 3600LL * 1000LL;
inline constexpr Millis kMsPerDay = 24LL * kMsPerHour;

namespace time {

/// Formats as ISO-8601 UTC with milliseconds, e.g. 2024-01-15T10:00:00.000Z. Empty for 0.
QString toIso(Millis ms);
/// toIso's text as 24 ASCII bytes at `out` (no terminator), without a QString, where toIso
/// writes it in that fixed form (the years 1000..9999); false for 0 and any other instant.
bool toIsoAscii(Millis ms, char *out);
/// Parses ISO-8601 (with or without fraction / offset; no zone means UTC). nullopt if unparsable.
std::optional<Millis> fromIso(const QString &text);
/// fromIso for exactly "YYYY-MM-DDTHH:MM:SS.mmmZ" in UTF-8, without a QString; nullopt for
/// any other text (which fromIso may still read).
std::optional<Millis> fromExactIso(std::string_view utf8);
Millis nowMs();
inline double hoursBetween(Millis from, Millis to) { return double(to - from) / double(kMsPerHour); }
inline double daysBetween(Millis from, Millis to) { return double(to - from) / double(kMsPerDay); }

} // namespace time
} // namespace recollector::core
