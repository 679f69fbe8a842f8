#pragma once

#include <QByteArray>

#include <string_view>

namespace recollector::core::io {

/// Writes a JSON column's stored text (compact, as the store writes it) in exactly the bytes
/// JsonIndentedWriter writes for the value Qt parses from that text, without building the
/// value: an export copies 274,000 event payloads this way. Keys must come in Qt's sorted
/// order without duplicates, strings that need escaping and numbers that are not plain
/// integers go through Qt one token at a time. Anything else (invalid JSON, another shape,
/// unsorted or non-ASCII keys, deep nesting) returns false with `out` as it was: the caller
/// parses the text with Qt instead.
class StoredJsonWriter final
{
public:
    enum class Shape { Object, Array, StringArray };
    [[nodiscard]] static bool append(QByteArray &out, std::string_view json, int indent, Shape shape);
};

} // namespace recollector::core::io
