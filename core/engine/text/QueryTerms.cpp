#include "engine/text/QueryTerms.h"

#include "engine/text/CalendarDates.h"
#include "engine/text/TextTokens.h"

#include <QSet>

namespace recollector::core::text {

namespace {

// The Snowball English stop word list (snowball.tartarus.org/algorithms/english/stop.txt,
// M. F. Porter): the words that say nothing about what a memory is about.
const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        const char *list =
            "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her "
            "hers herself it its itself they them their theirs themselves what which who whom this that these "
            "those am is are was were be been being have has had having do does did doing would should could "
            "ought i'm you're he's she's it's we're they're i've you've we've they've i'd you'd he'd she'd we'd "
            "they'd i'll you'll he'll she'll we'll they'll isn't aren't wasn't weren't hasn't haven't hadn't "
            "doesn't don't didn't won't wouldn't shan't shouldn't can't cannot couldn't mustn't let's that's "
            "who's what's here's there's when's where's why's how's a an the and but if or because as until "
            "while of at by for with about against between into through during before after above below to "
            "from up down in out on off over under again further then once here there when where why how all "
            "any both each few more most other some such no nor not only own same so than too very";
        for (const QString &w : QString::fromLatin1(list).split(QLatin1Char(' '), Qt::SkipEmptyParts))
            s.insert(w);
        return s;
    }();
    return words;
}

void addWord(QStringList &out, const QString &word)
{
    if (word.size() >= 2 && !isStopWord(word) && !out.contains(word))
        out << word;
}

void addToken(QStringList &out, QString token)
{
    if (isStopWord(token))
        return;
    if (token.endsWith(QLatin1String("'s")))
        token.chop(2);
    // FTS5's unicode61 splits at every connector; a quoted "node.js" would be a phrase.
    QString part;
    for (const QChar c : token) {
        if (c.isLetterOrNumber() || c.category() == QChar::Mark_NonSpacing) {
            part += c;
        } else {
            addWord(out, part);
            part.clear();
        }
    }
    addWord(out, part);
}

// A word of the question's frame (docs/scoring.md#query-terms), `tokens[i]` lower-cased: the
// measure word of a degree question, "how long" … "how old" (the Cambridge Grammar of the
// English Language, Huddleston & Pullum 2002, ch. 10, interrogative phrases of degree); a
// taxonomic noun before "of" ("what kind of music"); a light verb, in the forms the porter
// stemmer gives one stem ("did she go", "going to"): go, get, make, take, give, which with
// "do" and "have" (already stop words) are the light verbs of Jespersen (A Modern English
// Grammar, VI, 1942) and of Butt ("The light verb jungle", 2010). Their irregular pasts
// ("made", "went") are other words to the index and stay.
bool isFrameWord(const QStringList &tokens, qsizetype i)
{
    static const QSet<QString> degree{QStringLiteral("long"), QStringLiteral("many"), QStringLiteral("much"),
                                      QStringLiteral("often"), QStringLiteral("far"), QStringLiteral("old")};
    static const QSet<QString> taxonomic{QStringLiteral("kind"), QStringLiteral("kinds"),
                                         QStringLiteral("type"), QStringLiteral("types"),
                                         QStringLiteral("sort"), QStringLiteral("sorts")};
    static const QSet<QString> light = [] {
        QSet<QString> s;
        const QString forms = QStringLiteral("go goes going get gets getting make makes making take takes "
                                             "taking give gives giving");
        for (const QString &w : forms.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            s.insert(w);
        return s;
    }();
    const QString &w = tokens[i];
    if (i > 0 && tokens[i - 1] == QLatin1String("how") && degree.contains(w))
        return true;
    if (i + 1 < tokens.size() && tokens[i + 1] == QLatin1String("of") && taxonomic.contains(w))
        return true;
    return light.contains(w);
}

// Words capitalised inside a sentence: after the first word, before the next . ! ? or line.
QStringList capitalisedWords(QStringView query)
{
    QStringList names;
    bool sentenceStart = true;
    qsizetype i = 0;
    while (i < query.size()) {
        const QChar c = query[i];
        if (c.isLetter()) {
            qsizetype end = i;
            while (end < query.size() && (query[end].isLetterOrNumber() || query[end] == QLatin1Char('\'')
                                          || query[end] == QChar(0x2019)))
                ++end;
            QString word = query.mid(i, end - i).toString();
            if (!sentenceStart && c.isUpper()) {
                word = word.toLower().replace(QChar(0x2019), QLatin1Char('\''));
                if (word.endsWith(QLatin1String("'s")))
                    word.chop(2);
                if (!isStopWord(word) && !isCalendarName(word) && !names.contains(word))
                    names << word;
            }
            sentenceStart = false;
            i = end;
            continue;
        }
        if (c == QLatin1Char('.') || c == QLatin1Char('!') || c == QLatin1Char('?') || c == QLatin1Char('\n'))
            sentenceStart = true;
        ++i;
    }
    return names;
}

} // namespace

bool isStopWord(const QString &word) { return stopWords().contains(word); }

QStringList QueryTerms::searchWords() const
{
    QStringList out;
    for (const QString &w : words) {
        if (!frame.contains(w))
            out << w;
    }
    return out.isEmpty() ? words : out;
}

QueryTerms queryTerms(QStringView query)
{
    QueryTerms terms;
    const QStringList tokens = wordTokens(query);
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        addToken(terms.words, tokens[i]);
        if (isFrameWord(tokens, i) && !terms.frame.contains(tokens[i]))
            terms.frame << tokens[i];
    }
    QString run;
    auto flush = [&] {
        if (run.size() >= 3 && !terms.cjkRuns.contains(run))
            terms.cjkRuns << run;
        else if (run.size() == 2 && !terms.words.contains(run))
            terms.words << run;
        run.clear();
    };
    for (char32_t c : query.toUcs4()) {
        if (isCjk(c))
            run += QString::fromUcs4(&c, 1);
        else
            flush();
    }
    flush();
    for (const QString &name : capitalisedWords(query)) {
        if (terms.words.contains(name))
            terms.names << name;
        terms.frame.removeAll(name);
    }
    terms.dates = calendarDates(query);
    return terms;
}

} // namespace recollector::core::text
