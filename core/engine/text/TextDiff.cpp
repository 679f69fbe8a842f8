#include "engine/text/TextDiff.h"

#include "engine/text/TextTokens.h"

#include <QStringList>

#include <vector>

namespace recollector::core {

namespace {

char32_t codePointAt(QStringView text, qsizetype i, qsizetype *units)
{
    const QChar c = text[i];
    if (c.isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
        *units = 2;
        return QChar::surrogateToUcs4(c, text[i + 1]);
    }
    *units = 1;
    return c.unicode();
}

bool isWordChar(char32_t c) { return !text::isCjk(c) && (QChar::isLetterOrNumber(c) || QChar::isMark(c)); }

bool isConnector(QChar c)
{
    return c == u'.' || c == u'\'' || c == u'\u2019' || c == u'-' || c == u'_' || c == u'+' || c == u'#'
           || c == u'/';
}

/// The spans of the changed words `changed` (ascending indices into `spans`); changed
/// words with only whitespace between them become one span.
QList<TextSpan> join(const QList<TextSpan> &spans, const QList<qsizetype> &changed, const QString &text)
{
    QList<TextSpan> out;
    qsizetype previous = -2;
    for (qsizetype k : changed) {
        const TextSpan &w = spans[k];
        if (k == previous + 1 && !out.isEmpty()) {
            const qsizetype gapFrom = out.last().start + out.last().length;
            if (QStringView(text).mid(gapFrom, w.start - gapFrom).trimmed().isEmpty()) {
                out.last().length = w.start + w.length - out.last().start;
                previous = k;
                continue;
            }
        }
        out.append(w);
        previous = k;
    }
    return out;
}

QList<qsizetype> range(qsizetype from, qsizetype to)
{
    QList<qsizetype> out;
    for (qsizetype i = from; i < to; ++i)
        out.append(i);
    return out;
}

} // namespace

QList<TextSpan> TextDiff::words(QStringView text)
{
    QList<TextSpan> out;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        qsizetype units = 1;
        const char32_t c = codePointAt(text, i, &units);
        if (QChar::isSpace(c)) {
            i += units;
            continue;
        }
        if (!isWordChar(c)) {
            // A CJK character or a punctuation mark is a word of its own.
            out.append({i, units});
            i += units;
            continue;
        }
        qsizetype end = i + units;
        while (end < n) {
            qsizetype u = 1;
            if (isWordChar(codePointAt(text, end, &u))) {
                end += u;
                continue;
            }
            const QChar q = text[end];
            if (q == u'+' || q == u'#') {
                // "c++", "c#", "f#": the marks end the word.
                qsizetype next = end;
                while (next < n && (text[next] == u'+' || text[next] == u'#'))
                    ++next;
                if (next >= n || !isWordChar(codePointAt(text, next, &u)))
                    end = next;
                break;
            }
            // A connector inside a word ("node.js", "don't", "no-op") belongs to it; at its
            // end ("done.") it does not.
            if (isConnector(q) && end + 1 < n && isWordChar(codePointAt(text, end + 1, &u))) {
                end += 1;
                continue;
            }
            break;
        }
        out.append({i, end - i});
        i = end;
    }
    return out;
}

TextDifference TextDiff::compare(const QString &left, const QString &right)
{
    const QList<TextSpan> a = words(left);
    const QList<TextSpan> b = words(right);
    QStringList ka;
    QStringList kb;
    ka.reserve(a.size());
    kb.reserve(b.size());
    for (const TextSpan &s : a)
        ka.append(QStringView(left).mid(s.start, s.length).toString().toCaseFolded());
    for (const TextSpan &s : b)
        kb.append(QStringView(right).mid(s.start, s.length).toString().toCaseFolded());

    TextDifference d;
    // Common head and tail first: most conflicting pairs share a lot.
    qsizetype head = 0;
    while (head < ka.size() && head < kb.size() && ka[head] == kb[head])
        ++head;
    qsizetype tail = 0;
    while (tail < ka.size() - head && tail < kb.size() - head && ka[ka.size() - 1 - tail] == kb[kb.size() - 1 - tail])
        ++tail;
    d.commonWords = int(head + tail);
    const qsizetype n = ka.size() - head - tail;
    const qsizetype m = kb.size() - head - tail;
    if (n == 0 || m == 0 || n * m > kMaxCells) {
        d.left = join(a, range(head, head + n), left);
        d.right = join(b, range(head, head + m), right);
        return d;
    }

    // LCS lengths of the suffixes: len[i][j] for a[head + i ..], b[head + j ..].
    std::vector<int> len(std::size_t((n + 1) * (m + 1)), 0);
    auto at = [m, &len](qsizetype i, qsizetype j) -> int & { return len[std::size_t(i * (m + 1) + j)]; };
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            at(i, j) = ka[head + i] == kb[head + j] ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    }
    qsizetype i = 0;
    qsizetype j = 0;
    QList<qsizetype> onlyA;
    QList<qsizetype> onlyB;
    while (i < n && j < m) {
        if (ka[head + i] == kb[head + j]) {
            ++d.commonWords;
            ++i;
            ++j;
        } else if (at(i + 1, j) >= at(i, j + 1)) {
            onlyA.append(head + i++);
        } else {
            onlyB.append(head + j++);
        }
    }
    for (; i < n; ++i)
        onlyA.append(head + i);
    for (; j < m; ++j)
        onlyB.append(head + j);

    d.left = join(a, onlyA, left);
    d.right = join(b, onlyB, right);
    return d;
}

QStringList TextDiff::pieces(const QString &text, const QList<TextSpan> &spans)
{
    QStringList out;
    for (const TextSpan &s : spans)
        out.append(text.mid(s.start, s.length));
    return out;
}

} // namespace recollector::core
