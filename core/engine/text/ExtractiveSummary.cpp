#include "engine/text/ExtractiveSummary.h"

#include "engine/text/TextTokens.h"

#include <QRegularExpression>

#include <algorithm>
#include <limits>
#include <vector>

namespace recollector::core::text {

namespace {

bool isCjkTerminator(QChar c) { return c == QChar(0x3002) || c == QChar(0xFF01) || c == QChar(0xFF1F); } // 。！？
bool isAsciiTerminator(QChar c) { return c == QLatin1Char('.') || c == QLatin1Char('!') || c == QLatin1Char('?'); }
/// What may follow a terminator and still belong to its sentence: closing quotes and brackets.
bool isCloser(QChar c)
{
    static const QString closers = QStringLiteral("\"')]}\u201D\u2019\u300D\u300F\uFF09\u3011");
    return closers.contains(c);
}

struct Sentence
{
    QString text;
    bool lineBreakAfter = false; ///< it ended at a line break of the original
    int index = 0;
    int hits = 0;                ///< the memory's keywords it carries
    int units = 0;
};

std::vector<Sentence> split(const QString &text)
{
    std::vector<Sentence> out;
    QString current;
    auto flush = [&](bool lineBreak) {
        const QString trimmed = current.trimmed();
        if (!trimmed.isEmpty())
            out.push_back(Sentence{trimmed, lineBreak, int(out.size()), 0, 0});
        else if (lineBreak && !out.empty())
            out.back().lineBreakAfter = true;
        current.clear();
    };
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\n') || c == QChar(0x2029) || c == QLatin1Char('\r')) {
            flush(true);
            continue;
        }
        current += c;
        const bool cjkEnd = isCjkTerminator(c);
        if (!cjkEnd && !isAsciiTerminator(c))
            continue;
        // Keep a run of terminators and closing quotes with the sentence ("?!", "。」").
        qsizetype j = i + 1;
        while (j < n && (isCjkTerminator(text.at(j)) || isAsciiTerminator(text.at(j)) || isCloser(text.at(j))))
            ++j;
        // . ! ? end a sentence only before a space or the end ("3.5", "node.js" do not).
        if (!cjkEnd && j < n && !text.at(j).isSpace())
            continue;
        current += text.mid(i + 1, j - i - 1);
        i = j - 1;
        flush(false);
    }
    flush(false);
    return out;
}

/// Counts units up to `limit`; returns the length of the prefix of `text` holding at most
/// `limit` units (the whole text when it fits).
qsizetype prefixWithin(const QString &text, int limit, int *unitsOut)
{
    int units = 0;
    bool inWord = false;
    qsizetype i = 0;
    const QList<uint> codes = text.toUcs4();
    qsizetype pos = 0;
    for (uint code : codes) {
        const auto c = char32_t(code);
        const qsizetype width = code > 0xFFFF ? 2 : 1;
        if (isCjk(c)) {
            if (units + 1 > limit)
                break;
            ++units;
            inWord = false;
        } else if (QChar::isSpace(c)) {
            inWord = false;
        } else if (QChar::isLetterOrNumber(c)) {
            if (!inWord) {
                if (units + 1 > limit)
                    break;
                ++units;
                inWord = true;
            }
        }
        pos += width;
        i = pos;
    }
    if (unitsOut)
        *unitsOut = units;
    return i;
}

int countHits(const QString &sentence, const QStringList &keywords)
{
    int hits = 0;
    for (const QString &raw : keywords) {
        const QString keyword = raw.trimmed();
        if (keyword.isEmpty())
            continue;
        if (containsCjk(keyword)) {
            hits += sentence.contains(keyword, Qt::CaseInsensitive) ? 1 : 0;
            continue;
        }
        const QRegularExpression whole(QStringLiteral("(?<![\\p{L}\\p{N}])%1(?![\\p{L}\\p{N}])")
                                           .arg(QRegularExpression::escape(keyword)),
                                       QRegularExpression::CaseInsensitiveOption
                                           | QRegularExpression::UseUnicodePropertiesOption);
        hits += whole.match(sentence).hasMatch() ? 1 : 0;
    }
    return hits;
}

/// CJK characters and CJK punctuation (《》「」。…, fullwidth forms): written without spaces.
bool isCjkWritten(QChar c)
{
    const char16_t u = c.unicode();
    return isCjk(u) || (u >= 0x3000 && u <= 0x303f) || (u >= 0xff00 && u <= 0xffef) || c.isSurrogate();
}
bool endsCjk(const QString &s) { return !s.isEmpty() && (isCjkWritten(s.back()) || isCloser(s.back())); }
bool startsCjk(const QString &s) { return !s.isEmpty() && isCjkWritten(s.front()); }

} // namespace

QStringList ExtractiveSummary::sentences(const QString &text)
{
    QStringList out;
    for (const Sentence &s : split(text))
        out << s.text;
    return out;
}

int ExtractiveSummary::units(const QString &text)
{
    int units = 0;
    prefixWithin(text, std::numeric_limits<int>::max(), &units);
    return units;
}

bool ExtractiveSummary::isChinese(const QString &text)
{
    int cjk = 0;
    for (uint code : text.toUcs4()) {
        if (isCjk(char32_t(code)))
            ++cjk;
    }
    return cjk > units(text) - cjk;
}

int ExtractiveSummary::limitFor(const QString &text) { return isChinese(text) ? kMaxCjkUnits : kMaxWordUnits; }

QString ExtractiveSummary::summarize(const QString &text, const QStringList &keywords)
{
    const int limit = limitFor(text);
    if (units(text) <= limit)
        return text; // already short: kept exactly
    std::vector<Sentence> all = split(text);
    for (Sentence &s : all) {
        s.hits = countHits(s.text, keywords);
        s.units = units(s.text);
    }
    std::vector<const Sentence *> ranked;
    for (const Sentence &s : all)
        ranked.push_back(&s);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const Sentence *x, const Sentence *y) { return x->hits > y->hits; });
    std::vector<Sentence> chosen;
    int used = 0;
    for (const Sentence *s : ranked) {
        if (s->units == 0 || used + s->units > limit)
            continue;
        chosen.push_back(*s);
        used += s->units;
    }
    if (chosen.empty() && !ranked.empty()) {
        // Not even the best sentence fits: cut it at the limit.
        Sentence cut = *ranked.front();
        cut.text = cut.text.left(prefixWithin(cut.text, limit, nullptr)).trimmed() + QChar(0x2026);
        chosen.push_back(cut);
    }
    std::sort(chosen.begin(), chosen.end(), [](const Sentence &x, const Sentence &y) { return x.index < y.index; });
    QString out;
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        if (i > 0) {
            const Sentence &prev = chosen[i - 1];
            const bool adjacent = prev.index + 1 == chosen[i].index;
            if (adjacent && prev.lineBreakAfter)
                out += QLatin1Char('\n');
            else if (!(endsCjk(prev.text) && startsCjk(chosen[i].text)))
                out += QLatin1Char(' ');
        }
        out += chosen[i].text;
    }
    return out;
}

} // namespace recollector::core::text
