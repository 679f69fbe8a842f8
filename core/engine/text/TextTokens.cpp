#include "engine/text/TextTokens.h"

namespace recollector::core::text {

bool isCjk(char32_t c)
{
    return (c >= 0x3040 && c <= 0x30ff)       // hiragana, katakana
        || (c >= 0x3400 && c <= 0x4dbf)       // CJK extension A
        || (c >= 0x4e00 && c <= 0x9fff)       // CJK unified ideographs
        || (c >= 0xac00 && c <= 0xd7af)       // hangul syllables
        || (c >= 0xf900 && c <= 0xfaff)       // compatibility ideographs
        || (c >= 0x20000 && c <= 0x2fa1f);    // extensions B–F, compatibility supplement
}

bool containsCjk(QStringView text)
{
    for (char32_t c : text.toUcs4()) {
        if (isCjk(c))
            return true;
    }
    return false;
}

namespace {

bool isWordChar(char32_t c)
{
    if (isCjk(c))
        return false;
    return QChar::isLetterOrNumber(c) || QChar::category(c) == QChar::Mark_NonSpacing;
}

// Characters that stay inside a token when a word character follows them ("node.js",
// "don't", "no-op", "snake_case") or that end technical names ("c++", "c#").
bool isInnerConnector(char32_t c) { return c == '.' || c == '\'' || c == '-' || c == '_' || c == '/'; }
bool isTrailingMark(char32_t c) { return c == '+' || c == '#'; }

} // namespace

QStringList wordTokens(QStringView input)
{
    QStringList out;
    const QList<uint> chars = input.toUcs4();
    const qsizetype n = chars.size();
    QString current;
    auto flush = [&] {
        if (!current.isEmpty())
            out << current.toLower();
        current.clear();
    };
    for (qsizetype i = 0; i < n; ++i) {
        char32_t c = chars[i];
        if (c == 0x2019 || c == 0x2018) // curly apostrophes
            c = '\'';
        if (isWordChar(c)) {
            // Appended in place: a QString made for each character was most of the cost of
            // tokenizing a store's texts.
            if (QChar::requiresSurrogates(c)) {
                current += QChar(QChar::highSurrogate(c));
                current += QChar(QChar::lowSurrogate(c));
            } else {
                current += QChar(char16_t(c));
            }
        } else if (!current.isEmpty() && isInnerConnector(c) && i + 1 < n
                   && isWordChar(chars[i + 1] == 0x2019 ? char32_t('\'') : char32_t(chars[i + 1]))) {
            current += QChar(char16_t(c));
        } else if (!current.isEmpty() && isTrailingMark(c)) {
            current += QChar(char16_t(c));
            // "c++": take the run of marks, then end the token.
            while (i + 1 < n && isTrailingMark(chars[i + 1]))
                current += QChar(char16_t(chars[++i]));
            flush();
        } else {
            flush();
        }
    }
    flush();
    return out;
}

QString normalized(QStringView input)
{
    QString out;
    out.reserve(input.size());
    bool space = false;
    for (QChar ch : input) {
        if (ch.isSpace()) {
            space = !out.isEmpty();
            continue;
        }
        if (space) {
            out += QLatin1Char(' ');
            space = false;
        }
        if (ch == QChar(0x2019) || ch == QChar(0x2018))
            ch = QLatin1Char('\'');
        out += ch;
    }
    return out.toLower();
}

} // namespace recollector::core::text
