#pragma once

// Reading simdjson On-Demand values as Qt's JSON reader (QJsonDocument::fromJson) reads them.
// Only for core/io's .cpp files: it includes simdjson.h, which the layers above do not see.

#include <QJsonValue>
#include <QString>

#include <simdjson.h>

#include <string_view>

namespace engram::core::io::simd {

/// UTF-8 text as the Qt reader gives it. QString::fromUtf8 drops a leading U+FEFF, which the
/// Qt reader keeps (JsonText escapes it first), so it is put back here.
inline QString toQString(std::string_view text)
{
    if (text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0)
        return QString(QChar(0xFEFF)) + toQString(text.substr(3));
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

/// True when the value is a valid `null` (type() only looks at its first byte).
bool isNull(simdjson::ondemand::value &value);

/// True when the value is JSON null or fails to read (the type test alone, nothing consumed).
bool isNullValue(simdjson::ondemand::value &value);

/// A number as the Qt reader stores it: an integer literal that fits in 64 bits as an
/// integer, anything else as a double. False for what the Qt reader might read otherwise:
/// an integer past 64 bits, and a fraction or exponent that reads as zero or subnormal.
bool readNumber(simdjson::ondemand::value &value, QJsonValue &out);

/// Any value, nested arrays and objects included. False for a duplicate key, nesting past
/// 256 levels (`depth` counts from the caller) and anything readNumber refuses.
bool toJsonValue(simdjson::ondemand::value &value, QJsonValue &out, int depth);

} // namespace engram::core::io::simd
