#pragma once

// Reading simdjson On-Demand values as Qt's JSON reader (QJsonDocument::fromJson) reads them.
// Only for core/io's .cpp files: it includes simdjson.h, which the layers above do not see.

#include "model/Utf8Text.h"

#include <QJsonValue>
#include <QString>

#include <simdjson.h>

#include <cstring>
#include <string_view>

namespace recollector::core::io::simd {

/// UTF-8 text as the Qt reader gives it, a leading U+FEFF kept (utf8Text).
inline QString toQString(std::string_view text)
{
    return utf8Text(text);
}

/// A string value's text, as get_string() gives it (false when the value is not a string).
/// Text without an escape is the document's own bytes, not copied; only text with an escape
/// is unescaped into the parser's buffer. The first stage has checked the whole document's
/// UTF-8 and refused unescaped control characters, so the bytes are the text.
///
/// The token runs to the next structural character: the closing quote, then only white space.
/// Without a backslash the first quote after the opening one is that closing quote, so one
/// memchr() for a backslash over the whole token decides (find_first_of() with two characters
/// called memchr() once per character of the text: a seventh of the reading's time).
inline bool text(simdjson::ondemand::value &value, std::string_view &out)
{
    const std::string_view token = value.raw_json_token();
    const auto isJsonSpace = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    std::size_t end = token.size();
    while (end > 0 && isJsonSpace(token[end - 1]))
        --end;
    const bool plain = end >= 2 && token[0] == '"' && token[end - 1] == '"'
        && std::memchr(token.data() + 1, '\\', end - 2) == nullptr;
    if (!plain)
        return !value.get_string().get(out);
    simdjson::ondemand::raw_json_string raw;
    if (value.get_raw_json_string().get(raw))
        return false;
    out = token.substr(1, end - 2);
    return true;
}

/// A member's name, as unescaped_key() gives it, read the same way as text().
inline bool memberName(simdjson::ondemand::field &field, std::string_view &out)
{
    const char *raw = field.key().raw();
    std::size_t size = 0;
    while (raw[size] != '"' && raw[size] != '\\')
        ++size;
    if (raw[size] == '"') {
        out = std::string_view(raw, size);
        return true;
    }
    return !field.unescaped_key().get(out);
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

} // namespace recollector::core::io::simd
