#pragma once

#include "model/Time.h"

#include <QString>

#include <optional>

namespace recollector::core::io::formats {

/// An instant as other programs write them (docs/formats.md, "Other memory systems"):
/// ISO-8601 with any number of fraction digits (Python's microseconds), with or without a
/// zone (none = UTC), `Z` or `±hh:mm`; a space instead of the `T` is accepted too.
std::optional<Millis> foreignInstant(const QString &text);

} // namespace recollector::core::io::formats
