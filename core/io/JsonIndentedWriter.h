#pragma once

#include <QByteArray>
#include <QJsonValue>

#include <initializer_list>
#include <string_view>

namespace recollector::core::io {

/// Appends a JSON value to a buffer in exactly the bytes QJsonDocument::toJson(Indented)
/// writes for it at nesting level `indent` (4 spaces a level, keys in QJsonObject's sorted
/// order, numbers in Qt's shortest round-trip form, strings escaped as Qt escapes them).
/// Why not QJsonDocument: a memory set of 100,000 memories is ~325 MiB of text; serialising
/// each entry through a QJsonDocument and re-indenting it cost most of the export, this writes straight into
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
    /// A number as append() writes QJsonValue(number), without making one: a whole number
    /// up to 2^53 either way as an integer (QJsonValue keeps it so), the rest in Qt's
    /// shortest round-trip form, and null for what is not finite.
    static void appendNumber(QByteArray &out, double number);
    /// The pieces one after another, `out` grown once: an export appends millions of short
    /// pieces, and each QByteArray::append costs more than its copy.
    static void appendPieces(QByteArray &out, std::initializer_list<std::string_view> pieces);
    /// The spaces of `indent` levels (4 a level), up to 32 levels.
    static std::string_view indentation(int indent);
};

} // namespace recollector::core::io
