#include "io/JsonIndentedWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <cmath>

namespace recollector::core::io {

namespace {


// True when `s` is valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF)
// and holds nothing JSON escapes: no control character, quote or backslash.
bool copiesAsIs(std::string_view s)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    const auto *end = p + s.size();
    while (p < end) {
        const unsigned char c = *p;
        if (c < 0x80) {
            if (c < 0x20 || c == '"' || c == '\\')
                return false;
            ++p;
            continue;
        }
        int extra = 0;
        unsigned min = 0;
        unsigned cp = 0;
        if ((c & 0xE0) == 0xC0) {
            extra = 1;
            min = 0x80;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2;
            min = 0x800;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3;
            min = 0x10000;
            cp = c & 0x07;
        } else {
            return false;
        }
        if (end - p <= extra)
            return false;
        for (int k = 1; k <= extra; ++k) {
            if ((p[k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (p[k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        p += extra + 1;
    }
    return true;
}

} // namespace

namespace {
constexpr char kSpaces[] = "                                                                "
                           "                                                                ";
constexpr int kMaxSpaces = int(sizeof(kSpaces) - 1);
} // namespace

void JsonIndentedWriter::appendIndent(QByteArray &out, int indent)
{
    int left = 4 * indent;
    while (left > 0) {
        const int n = std::min(left, kMaxSpaces);
        out.append(kSpaces, n);
        left -= n;
    }
}

std::string_view JsonIndentedWriter::indentation(int indent)
{
    Q_ASSERT(indent >= 0 && 4 * indent <= kMaxSpaces);
    return std::string_view(kSpaces, std::size_t(std::clamp(4 * indent, 0, kMaxSpaces)));
}

void JsonIndentedWriter::appendPieces(QByteArray &out, std::initializer_list<std::string_view> pieces)
{
    std::size_t total = 0;
    for (const std::string_view piece : pieces)
        total += piece.size();
    // Straight into the buffer's free space when it has room (the streamed export reserves
    // its buffer): QByteArray's resize() and data() check for sharing and growth on each call,
    // and were a tenth of the export's formatting.
    QByteArray::DataPointer &d = out.data_ptr();
    if (d.needsDetach() || d.freeSpaceAtEnd() <= qsizetype(total)) {
        const qsizetype at = out.size();
        out.resize(at + qsizetype(total));
        char *dst = out.data() + at;
        for (const std::string_view piece : pieces) {
            std::memcpy(dst, piece.data(), piece.size());
            dst += piece.size();
        }
        return;
    }
    char *dst = d.data() + d.size;
    for (const std::string_view piece : pieces) {
        std::memcpy(dst, piece.data(), piece.size());
        dst += piece.size();
    }
    d.size += qsizetype(total);
    *dst = '\0';
}

void JsonIndentedWriter::appendNumber(QByteArray &out, double number)
{
    // QJsonValue(double) keeps a whole number up to 2^53 either way as an integer (and writes
    // it as one); a larger one stays a double (core.jsonindentedwriter checks the bounds).
    constexpr double kTwoTo53 = 9007199254740992.0;
    if (number >= -kTwoTo53 && number <= kTwoTo53 && std::trunc(number) == number) {
        char digits[24];
        const auto written = std::to_chars(digits, digits + sizeof digits, qint64(number));
        out.append(digits, written.ptr - digits);
        return;
    }
    out += std::isfinite(number) ? QByteArray::number(number, 'g', QLocale::FloatingPointShortest) : QByteArray("null");
}

void JsonIndentedWriter::appendUtf8(QByteArray &out, std::string_view utf8)
{
    if (!copiesAsIs(utf8)) {
        appendString(out, QString::fromUtf8(utf8.data(), qsizetype(utf8.size())));
        return;
    }
    appendPieces(out, { "\"", utf8, "\"" });
}

void JsonIndentedWriter::appendString(QByteArray &out, const QString &text)
{
    bool plain = true;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u >= 0x7f || u == u'"' || u == u'\\') {
            plain = false;
            break;
        }
    }
    out += '"';
    if (plain) {
        // Printable ASCII: one byte per character, nothing to escape.
        const qsizetype at = out.size();
        out.resize(at + text.size());
        char *dst = out.data() + at;
        for (const QChar c : text)
            *dst++ = char(c.unicode());
    } else {
        // Let Qt escape it: `["…"]` in compact form, the brackets and quotes dropped.
        const QByteArray wrapped = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
        out.append(wrapped.constData() + 2, wrapped.size() - 4);
    }
    out += '"';
}

void JsonIndentedWriter::append(QByteArray &out, const QJsonValue &value, int indent)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: out += "null"; break;
    case QJsonValue::Bool: out += value.toBool() ? "true" : "false"; break;
    case QJsonValue::Double: {
        // QJsonValue keeps whole numbers as integers; Qt writes those as integers and the
        // rest in the shortest form that reads back the same double.
        const QVariant v = value.toVariant();
        if (v.typeId() == QMetaType::LongLong) {
            out += QByteArray::number(v.toLongLong());
        } else {
            const double d = value.toDouble();
            out += std::isfinite(d) ? QByteArray::number(d, 'g', QLocale::FloatingPointShortest) : QByteArray("null");
        }
        break;
    }
    case QJsonValue::String: appendString(out, value.toString()); break;
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        out += "[\n";
        for (qsizetype i = 0; i < array.size(); ++i) {
            JsonIndentedWriter::appendIndent(out, indent + 1);
            append(out, array.at(i), indent + 1);
            out += i + 1 < array.size() ? ",\n" : "\n";
        }
        JsonIndentedWriter::appendIndent(out, indent);
        out += ']';
        break;
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        out += "{\n";
        qsizetype left = object.size();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            JsonIndentedWriter::appendIndent(out, indent + 1);
            appendString(out, it.key());
            out += ": ";
            append(out, it.value(), indent + 1);
            out += --left ? ",\n" : "\n";
        }
        JsonIndentedWriter::appendIndent(out, indent);
        out += '}';
        break;
    }
    }
}

} // namespace recollector::core::io
