#include "formats/JsonQuote.h"

namespace recollector::core::io::formats {

namespace {

void appendEscape(QByteArray &out, char16_t unit)
{
    static const char kHex[] = "0123456789abcdef";
    out += "\\u";
    out += kHex[(unit >> 12) & 0xF];
    out += kHex[(unit >> 8) & 0xF];
    out += kHex[(unit >> 4) & 0xF];
    out += kHex[unit & 0xF];
}

} // namespace

QByteArray quoteJson(const QString &text, bool asciiOnly)
{
    QByteArray out;
    out.reserve(text.size() + 2);
    out += '"';
    qsizetype runStart = 0; // a run of characters written as they are (UTF-8)
    auto flush = [&](qsizetype end) {
        if (end > runStart)
            out += QStringView(text).mid(runStart, end - runStart).toUtf8();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        const char *simple = nullptr;
        switch (c) {
        case u'"': simple = "\\\""; break;
        case u'\\': simple = "\\\\"; break;
        case u'\b': simple = "\\b"; break;
        case u'\f': simple = "\\f"; break;
        case u'\n': simple = "\\n"; break;
        case u'\r': simple = "\\r"; break;
        case u'\t': simple = "\\t"; break;
        default: break;
        }
        const bool escape = simple || c < 0x20 || (asciiOnly && c > 0x7E) || (c >= 0xD800 && c <= 0xDFFF && !asciiOnly
                                && !(QChar::isHighSurrogate(c) && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
                                && !(QChar::isLowSurrogate(c) && i > 0 && text.at(i - 1).isHighSurrogate()));
        if (!escape)
            continue;
        flush(i);
        if (simple)
            out += simple;
        else
            appendEscape(out, c);
        runStart = i + 1;
    }
    flush(text.size());
    out += '"';
    return out;
}

bool isAscii(const QByteArray &bytes)
{
    for (const char b : bytes) {
        if (static_cast<unsigned char>(b) > 0x7F)
            return false;
    }
    return true;
}

} // namespace recollector::core::io::formats
