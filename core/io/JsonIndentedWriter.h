#pragma once

#include <QByteArray>
#include <QJsonValue>

#include <string_view>

namespace engram::core::io {

/// Appends a JSON value to a buffer in exactly the bytes QJsonDocument::toJson(Indented)
/// writes for it at nesting level `indent` (4 spaces a level, keys in QJsonObject's sorted
/// order, numbers in Qt's shortest round-trip form, strings escaped as Qt escapes them).
/// Why not QJsonDocument: a memory set of 100,000 memories is ~325 MiB of text; serialising
/// each entry through a QJsonDocument and re-indenting it cost 8 s, this writes straight into
/// the output. Strings that are plain printable ASCII take a fast path; any other string is
/// escaped by Qt itself, so the bytes stay Qt's.
class JsonIndentedWriter final
{
public:
    static void append(QByteArray &out, const QJsonValue &value, int indent);
    /// A string with its quotes, escaped as Qt escapes it.
    static void appendString(QByteArray &out, const QString &text);
    /// The same for UTF-8 text (a stored column): text without anything to escape is copied
    /// as it is (Qt writes valid UTF-8 beyond ASCII unescaped); anything else goes through
    /// appendString, so the bytes stay Qt's.
    static void appendUtf8(QByteArray &out, std::string_view utf8);
    /// 4 spaces a level.
    static void appendIndent(QByteArray &out, int indent);
};

} // namespace engram::core::io
