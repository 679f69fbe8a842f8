#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QJsonValue>
#include <QStringList>

namespace recollector::core::io {

/// Converts between YAML text (yaml-cpp) and QJsonValue, so the YAML memory set shares the JSON
/// codec's validation. yaml-cpp's exceptions never leave this class.
///
/// Reading follows the YAML 1.2 core schema for plain scalars (null, true/false, integers,
/// floats; anything else is a string); quoted and block scalars are always strings. Aliases
/// are expanded within a budget of four times the file's size, counted in nodes plus scalar
/// bytes, so an alias bomb is an error, not an out-of-memory; nesting deeper than
/// YamlNesting::kMaxDepth levels is an error naming the line (yaml-cpp's own depth guard stops
/// its recursion far deeper, with the same message). Writing quotes every string that would read back as something else ("true",
/// "42", "~", ""), so a round trip gives back the same values. YAML does not carry Unicode
/// noncharacters (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF): they read, and yaml-cpp writes them, as
/// U+FFFD, like ill-formed UTF-8.
class YamlJson final
{
public:
    [[nodiscard]] static Result<QJsonValue> parse(const QByteArray &yaml, const QString &fileName);
    /// Block-style YAML, UTF-8. Object keys come out sorted, except `leadingKeys` of the
    /// top-level object, which come first in the given order.
    static QByteArray dump(const QJsonValue &value, const QStringList &leadingKeys = {});
    /// True when a plain (unquoted) scalar with this text would not read back as this string.
    static bool needsQuotes(const QString &text);
};

} // namespace recollector::core::io
