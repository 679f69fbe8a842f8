#include "model/TextRules.h"

#include <cstring>

namespace recollector::core::text_rules {

bool repairSurrogates(QString &text)
{
    bool changed = false;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = text.at(i).unicode();
        if (!QChar::isSurrogate(c))
            continue;
        if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(text.at(i + 1).unicode())) {
            ++i; // a pair
            continue;
        }
        text[i] = QChar(QChar::ReplacementCharacter);
        changed = true;
    }
    return changed;
}

bool holdsEncodedSurrogate(const char *bytes, qsizetype size)
{
    const char *end = bytes + size;
    for (const char *p = bytes; p < end;) {
        const auto *at = static_cast<const char *>(std::memchr(p, 0xED, std::size_t(end - p)));
        if (!at || at + 1 >= end)
            return false;
        if (static_cast<unsigned char>(at[1]) >= 0xA0)
            return true;
        p = at + 1;
    }
    return false;
}

QString decodeUtf8(const char *bytes, qsizetype size)
{
    QString out;
    out.reserve(size);
    qsizetype from = 0;
    for (qsizetype i = 0; i + 2 < size; ++i) {
        const auto b0 = static_cast<unsigned char>(bytes[i]);
        const auto b1 = static_cast<unsigned char>(bytes[i + 1]);
        const auto b2 = static_cast<unsigned char>(bytes[i + 2]);
        if (b0 != 0xED || b1 < 0xA0 || b1 > 0xBF || (b2 & 0xC0) != 0x80)
            continue;
        out += QString::fromUtf8(bytes + from, i - from);
        out += QChar(char16_t(0xD000 | ((b1 & 0x3F) << 6) | (b2 & 0x3F)));
        i += 2;
        from = i + 1;
    }
    out += QString::fromUtf8(bytes + from, size - from);
    repairSurrogates(out);
    return out;
}

QString problem(const QString &text)
{
    const qsizetype at = text.indexOf(QChar(u'\0'));
    if (at < 0)
        return {};
    return QStringLiteral("holds a NUL character (U+0000) at character %1; Recollector does not store it").arg(at + 1);
}

} // namespace recollector::core::text_rules
