#include "engine/capture/KeywordExtractor.h"

#include "engine/text/TextTokens.h"

#include <QSet>

namespace recollector::core {

namespace {

// English function words and the commonest verbs: they would link everything to everything.
const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        for (const char *w :
             {"the", "and", "for", "are", "but", "not", "you", "all", "any", "can", "had", "her", "was", "one", "our",
              "out", "has", "have", "him", "his", "how", "its", "may", "new", "now", "old", "see", "two", "who", "did",
              "get", "got", "let", "say", "she", "too", "use", "used", "uses", "using", "this", "that", "with", "from",
              "they", "them", "then", "than", "there", "their", "these", "those", "what", "when", "where", "which",
              "while", "will", "would", "should", "could", "been", "being", "into", "onto", "over", "under", "about",
              "after", "before", "also", "just", "only", "very", "more", "most", "some", "such", "each", "every",
              "other", "because", "does", "doesn't", "don't", "isn't", "aren't", "wasn't", "won't", "can't", "like",
              "likes", "prefer", "prefers", "want", "wants", "always", "never", "user", "users", "should", "must",
              "were", "here", "your", "yours", "mine", "ours", "via", "per", "etc", "yes", "no"})
            s.insert(QString::fromLatin1(w));
        return s;
    }();
    return words;
}

bool isNumber(const QString &token)
{
    for (const QChar c : token) {
        if (!c.isDigit() && c != QLatin1Char('.') && c != QLatin1Char(','))
            return false;
    }
    return true;
}

// Runs of CJK characters, cut into pieces of at most four (no dictionary: a fixed cut).
void cjkPieces(const QString &text, QStringList &out)
{
    QString run;
    auto flush = [&] {
        for (qsizetype i = 0; i + 1 < run.size(); i += 4)
            out << run.mid(i, 4);
        run.clear();
    };
    for (const QChar c : text) {
        if (text::isCjk(c.unicode()))
            run += c;
        else
            flush();
    }
    flush();
}

} // namespace

QStringList KeywordExtractor::extract(const QString &text)
{
    QStringList candidates = text::wordTokens(text);
    if (text::containsCjk(text))
        cjkPieces(text.toLower(), candidates);
    QStringList out;
    QSet<QString> seen;
    for (const QString &token : candidates) {
        const bool cjk = text::containsCjk(token);
        if ((!cjk && token.size() < 3) || isNumber(token) || stopWords().contains(token) || seen.contains(token))
            continue;
        seen.insert(token);
        out << token;
        if (out.size() == kMaxKeywords)
            break;
    }
    return out;
}

} // namespace recollector::core
