#include "engine/text/Restatement.h"

#include "engine/text/Judgement.h"
#include "engine/text/QueryTerms.h"
#include "engine/text/TextTokens.h"
#include "engine/text/TimeAnchors.h"
#include "engine/text/WordSenses.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace recollector::core::text {

namespace {

// Words between a subject and its verb that say nothing about which verb it is: the forms of
// "be" and "have" and the adverbs of time and degree that stand there ("is currently
// reading", "has been looking", "really enjoys").
const QSet<QString> &beforeTheVerb()
{
    static const QSet<QString> words{
        QStringLiteral("is"),     QStringLiteral("are"),      QStringLiteral("was"),      QStringLiteral("were"),
        QStringLiteral("be"),     QStringLiteral("been"),     QStringLiteral("being"),    QStringLiteral("has"),
        QStringLiteral("have"),   QStringLiteral("had"),      QStringLiteral("also"),     QStringLiteral("currently"),
        QStringLiteral("really"), QStringLiteral("now"),      QStringLiteral("still"),    QStringLiteral("often"),
        QStringLiteral("always"), QStringLiteral("just"),     QStringLiteral("recently"), QStringLiteral("usually"),
        QStringLiteral("truly"),  QStringLiteral("deeply"),   QStringLiteral("greatly"),  QStringLiteral("actively"),
        QStringLiteral("finally"), QStringLiteral("already"), QStringLiteral("never"),    QStringLiteral("who"),
    };
    return words;
}

// The common irregular past tenses of English (the simple-past column of the usual
// irregular-verb tables): a statement led by one reports an event, as one led by an "-ed"
// verb does.
const QSet<QString> &irregularPast()
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        for (const QString &w : QStringLiteral("went made took ran gave got bought saw met won wrote drew sang built sold "
                                               "told thought brought caught taught left lost kept held heard began came "
                                               "did felt found flew grew knew rode sent spent stood swam threw woke wore "
                                               "became chose fell forgot fought hid hit hung led lent paid put quit read "
                                               "rose sat shot shut slept spoke stole struck tore understood upset won")
                                    .split(QLatin1Char(' '), Qt::SkipEmptyParts))
            s.insert(w);
        return s;
    }();
    return words;
}

// Verbs that report what someone said rather than do something: Levin (1993), English Verb
// Classes and Alternations, 37.7 "say" verbs and 37.1 verbs of transfer of a message, with
// "share", "talk" and "emphasize" of 37.5/37.6 beside them. "Sam expressed interest in painting"
// is the statement "Sam is interested in painting", not an event of its own, so such a verb
// is passed over when looking for the statement's verb (docs/scoring.md#restatements).
bool isReport(const QString &w)
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        for (const QString &base : QStringLiteral("express mention state remark note announce declare explain reveal "
                                                  "report suggest share emphasize emphasise stress admit confess claim "
                                                  "talk tell say describe convey voice")
                                       .split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString stem = base.endsWith(QLatin1Char('e')) ? base.chopped(1) : base;
            const bool sibilant = base.endsWith(QLatin1String("ss")) || base.endsWith(QLatin1String("sh"));
            s << base << stem + QLatin1String("ed") << stem + QLatin1String("ing")
              << base + (sibilant ? QLatin1String("es") : QLatin1String("s"));
        }
        s << QStringLiteral("said") << QStringLiteral("says") << QStringLiteral("told");
        return s;
    }();
    return words.contains(w);
}

bool isPast(const QString &w)
{
    if (irregularPast().contains(w))
        return true;
    // The same verbs with a prefix that keeps their forms: "reread", "rebuilt", "overcame",
    // "mistook", "withdrew".
    for (const char *prefix : {"re", "over", "under", "out", "mis", "with", "fore"}) {
        const QLatin1String p(prefix);
        if (w.size() > p.size() + 2 && w.startsWith(p) && irregularPast().contains(w.mid(p.size())))
            return true;
    }
    return w.size() > 4 && w.endsWith(QLatin1String("ed")) && !w.endsWith(QLatin1String("eed"));
}

// A moment of its own: the anchors of a day or week under way ("today", "this week"); or, when
// the statement reports an event (its verb in the past tense), a past anchor other than the
// tense itself ("last week", "ten days ago", "recently"). A past anchor after a present verb
// is a detail of a standing fact ("volunteers at a shelter, which she started a year ago").
bool isEpisode(const QString &text, bool pastVerb)
{
    for (const TimeAnchors::Anchor &a : TimeAnchors::find(text)) {
        if (a.kind == TimeAnchors::Kind::Dated
            && (a.text.startsWith(QLatin1String("this ")) || a.text == QLatin1String("today")
                || a.text == QLatin1String("tonight")))
            return true;
        if (!pastVerb)
            continue;
        if (a.kind == TimeAnchors::Kind::Past && a.text != QLatin1String("was") && a.text != QLatin1String("were")
            && a.text != QLatin1String("used to") && a.text != QLatin1String("formerly")
            && a.text != QLatin1String("previously"))
            return true;
        if (a.text == QLatin1String("recently"))
            return true;
    }
    return false;
}

// Capitalised words after the first of each sentence: the names a statement gives.
QStringList namesIn(const QString &text)
{
    QStringList out;
    bool sentenceStart = true;
    qsizetype i = 0;
    while (i < text.size()) {
        if (!text.at(i).isLetter()) {
            if (text.at(i) == QLatin1Char('.') || text.at(i) == QLatin1Char('!') || text.at(i) == QLatin1Char('?'))
                sentenceStart = true;
            ++i;
            continue;
        }
        qsizetype end = i;
        while (end < text.size() && (text.at(end).isLetterOrNumber() || text.at(end) == QLatin1Char('-')))
            ++end;
        const QString word = text.mid(i, end - i);
        const QString lower = word.toLower();
        if (!sentenceStart && word.at(0).isUpper() && !isStopWord(lower) && !out.contains(lower))
            out << lower;
        sentenceStart = false;
        i = end;
    }
    return out;
}

} // namespace

Restatement::Marks Restatement::marksOf(const StatementFacts &facts)
{
    return marksOf(facts, wordsOf(facts.stems, facts.text));
}

Restatement::Marks Restatement::marksOf(const StatementFacts &facts, Words words)
{
    Marks m;
    m.words = std::move(words);
    m.names = namesIn(facts.text);
    m.names.removeAll(facts.owner);
    const QStringList t = wordTokens(facts.text);
    qsizetype i = 0;
    if (i < t.size() && (t[i] == QLatin1String("the") || t[i] == QLatin1String("a")))
        ++i;
    if (i < t.size() && t[i].endsWith(QLatin1String("'s")))
        ++i; // "Caroline's vision …": the subject is the noun after the possessive
    if (i < t.size())
        ++i;
    while (i < t.size() && beforeTheVerb().contains(t[i]))
        ++i;
    if (i < t.size() && isReport(t[i])) {
        m.episode = isEpisode(facts.text, false);
        return m; // a report: what it reports is the statement, not an event of its own
    }
    if (i < t.size() && t[i] != QLatin1String("and") && !containsCjk(t[i])) {
        m.lead = JudgementWords::synonym(StatementFacts::stem(t[i]));
        m.leadPast = isPast(t[i]);
    }
    m.episode = isEpisode(facts.text, m.leadPast);
    return m;
}

namespace {

// A stem's key and a sense's key never meet: senses are numbered with the high bit set, so
// each word's stem sorts first among its keys (Restatement::overlap reads it there).
std::uint32_t stemKey(const QString &stem) { return std::uint32_t(qHash(stem)) & 0x7fffffffu; }
std::uint32_t senseKey(std::uint32_t synset) { return synset | 0x80000000u; }

bool anyIn(const std::uint32_t *from, const std::uint32_t *to, const std::vector<std::uint32_t> &sorted)
{
    return std::any_of(from, to,
                       [&](std::uint32_t k) { return std::binary_search(sorted.cbegin(), sorted.cend(), k); });
}

// How many of `a`'s words meet a word of `b`: the same stem, a sense in common, or a sense of
// one that is a direct hypernym of the other's (docs/scoring.md#restatements). Stops as soon
// as `wanted` cannot be reached (the whole-store search asks this of many pairs that fail).
qsizetype met(const Restatement::Words &a, const Restatement::Words &b, qsizetype wanted)
{
    qsizetype n = 0;
    std::uint32_t key = 0, up = 0;
    for (qsizetype i = 0; i < a.size() && n + (a.size() - i) >= wanted; ++i) {
        const std::uint32_t keyEnd = a.keyEnds[std::size_t(i)], upEnd = a.upEnds[std::size_t(i)];
        if (anyIn(a.keys.data() + key, a.keys.data() + keyEnd, b.reach)
            || anyIn(a.ups.data() + up, a.ups.data() + upEnd, b.own))
            ++n;
        key = keyEnd;
        up = upEnd;
    }
    return n;
}

void sortUnique(std::vector<std::uint32_t> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

} // namespace

Restatement::Words Restatement::wordsOf(const QStringList &stems, QStringView text)
{
    // The words each stem was stemmed from, for their senses ("kids" and "kid" are one stem).
    std::vector<QStringList> forms(std::size_t(stems.size()));
    for (QString w : wordTokens(text)) {
        if (w.endsWith(QLatin1String("'s")))
            w.chop(2);
        if (w.size() < 2 || containsCjk(w) || isStopWord(w))
            continue;
        // A word WordNet does not know meets another by its stem alone: no need to stem it here.
        if (const WordSenses::Senses senses = WordSenses::of(w); senses.own.empty() && senses.up.empty())
            continue;
        const QString s = JudgementWords::synonym(StatementFacts::stem(w));
        const auto at = std::lower_bound(stems.cbegin(), stems.cend(), s);
        if (at != stems.cend() && *at == s && !forms[std::size_t(at - stems.cbegin())].contains(w))
            forms[std::size_t(at - stems.cbegin())] << w;
    }
    Words out;
    for (qsizetype i = 0; i < stems.size(); ++i) {
        std::vector<std::uint32_t> own{stemKey(stems[i])}, up;
        for (const QString &w : forms[std::size_t(i)]) {
            const WordSenses::Senses senses = WordSenses::of(w);
            for (const std::uint32_t s : senses.own)
                own.push_back(senseKey(s));
            for (const std::uint32_t s : senses.up)
                up.push_back(senseKey(s));
        }
        sortUnique(own);
        sortUnique(up);
        if (own.size() > 1 || !up.empty())
            ++out.withSenses;
        out.keys.insert(out.keys.end(), own.cbegin(), own.cend());
        out.ups.insert(out.ups.end(), up.cbegin(), up.cend());
        out.keyEnds.push_back(std::uint32_t(out.keys.size()));
        out.upEnds.push_back(std::uint32_t(out.ups.size()));
    }
    for (qsizetype i = 0; i < stems.size(); ++i)
        out.stems.push_back(stemKey(stems[i]));
    std::sort(out.stems.begin(), out.stems.end());
    out.own = out.keys;
    sortUnique(out.own);
    out.reach = out.own;
    out.reach.insert(out.reach.end(), out.ups.cbegin(), out.ups.cend());
    sortUnique(out.reach);
    return out;
}

double Restatement::overlapOf(qsizetype inB, qsizetype inA, qsizetype a, qsizetype b)
{
    // inB: a's words that meet one of b's; inA: b's words that meet one of a's.
    const qsizetype shorter = std::min(a, b);
    const qsizetype shared = std::min(inA, inB);
    if (shorter == 0 || shared < std::min<qsizetype>(kSharedWords, std::max<qsizetype>(2, shorter)))
        return 0;
    const double held = double(a <= b ? inB : inA) / double(shorter);
    const double jaccard = double(shared) / double(a + b - shared);
    return held >= kShorterHeld && jaccard >= kJaccard ? std::min(1.0, held) : 0;
}

double Restatement::overlap(const Words &a, const Words &b)
{
    // Words with the same stem first: only they can make a write take the pair as one.
    qsizetype same = 0;
    for (auto x = a.stems.cbegin(), y = b.stems.cbegin(); x != a.stems.cend() && y != b.stems.cend();) {
        if (*x < *y) {
            ++x;
        } else if (*y < *x) {
            ++y;
        } else {
            ++same;
            ++x;
            ++y;
        }
    }
    if (const double held = overlapOf(same, same, a.size(), b.size()); held > 0)
        return held;
    // Words near in meaning (WordNet) count too, but a pair they bring together is only listed
    // for the person to decide, never taken as one (docs/scoring.md#restatements). The
    // shorter's words first: too few of them held and the other way need not be counted.
    const bool aShorter = a.size() <= b.size();
    const Words &shorter = aShorter ? a : b;
    const Words &longer = aShorter ? b : a;
    const qsizetype least = std::min<qsizetype>(kSharedWords, std::max<qsizetype>(2, shorter.size()));
    const auto fewest = qsizetype(std::ceil(kShorterHeld * double(shorter.size())));
    // Only words WordNet knows can add to those of the same stem: most pairs stop here.
    if (same + shorter.withSenses < std::max(least, fewest))
        return 0;
    const qsizetype inLonger = met(shorter, longer, std::max(least, fewest));
    if (inLonger < least || double(inLonger) < kShorterHeld * double(shorter.size()))
        return 0;
    const qsizetype inShorter = met(longer, shorter, least);
    const double held = aShorter ? overlapOf(inLonger, inShorter, a.size(), b.size())
                                 : overlapOf(inShorter, inLonger, a.size(), b.size());
    return held > 0 ? kShorterHeld : 0;
}

bool Restatement::valuesDiffer(const StatementFacts &older, const Marks &o, const StatementFacts &newer, const Marks &n)
{
    if (older.owner != newer.owner)
        return true; // two people's facts
    if (older.numbers != newer.numbers && !(older.numbers.empty() && newer.numbers.empty()))
        return true;
    if (Judgement::substitutes(older.sequence, newer.sequence))
        return true;
    // A name each has that the other lacks: "visit Barcelona" / "visit NYC".
    const auto lacks = [](const QStringList &a, const QStringList &b) {
        return std::any_of(a.cbegin(), a.cend(), [&](const QString &w) { return !b.contains(w); });
    };
    if (lacks(o.names, n.names) && lacks(n.names, o.names))
        return true;
    // An event tied to its own moment is that moment's ("attended a parade last week").
    if (o.episode || n.episode)
        return true;
    // Two events reported by different verbs are two events ("made a bowl" / "signed up").
    if ((o.leadPast || n.leadPast) && o.lead != n.lead)
        return true;
    return Judgement::judge(older, newer).has_value();
}

double Restatement::share(const StatementFacts &older, const StatementFacts &newer, bool sameDenial)
{
    if (!sameDenial)
        return 0;
    Words o = wordsOf(older.stems, older.text);
    Words n = wordsOf(newer.stems, newer.text);
    if (overlap(o, n) <= 0)
        return 0;
    Marks om = marksOf(older, std::move(o));
    Marks nm = marksOf(newer, std::move(n));
    return share(older, om, newer, nm, sameDenial);
}

double Restatement::share(const StatementFacts &older, const Marks &olderMarks, const StatementFacts &newer,
                          const Marks &newerMarks, bool sameDenial)
{
    if (!sameDenial || older.stems.isEmpty() || newer.stems.isEmpty())
        return 0;
    const double held = overlap(olderMarks.words, newerMarks.words);
    if (held <= 0 || valuesDiffer(older, olderMarks, newer, newerMarks))
        return 0;
    return held;
}

QStringList Restatement::searchWords(QStringView text, QString *owner)
{
    QStringList out;
    const QStringList t = wordTokens(text);
    qsizetype first = 0;
    if (first < t.size() && (t[first] == QLatin1String("the") || t[first] == QLatin1String("a")))
        ++first;
    if (owner) {
        *owner = first < t.size() ? t[first] : QString();
        // "John's passion …" is John's, as StatementFacts::owner reads it.
        if (owner->endsWith(QLatin1String("'s")))
            owner->chop(2);
    }
    for (qsizetype i = first + 1; i < t.size(); ++i) {
        QString w = t[i];
        if (w.endsWith(QLatin1String("'s")))
            w.chop(2);
        if (w.size() < 2 || isStopWord(w) || w.at(0).isDigit())
            continue;
        out << JudgementWords::synonym(StatementFacts::stem(w));
    }
    QString run;
    for (const QChar c : text.toString() + QLatin1Char(' ')) {
        if (isCjk(c.unicode())) {
            run += c;
            continue;
        }
        if (owner && owner->isEmpty() && run.size() >= 2)
            *owner = run.left(2);
        for (qsizetype k = 0; k + 2 <= run.size(); ++k)
            out << run.mid(k, 2);
        run.clear();
    }
    return out;
}

QString Restatement::why(const QString &older, double share)
{
    // A pair brought together by words near in meaning has the listing bar as its share: the
    // wording holds for it too (overlap()).
    return QStringLiteral("restates '%1' (%2 % of the shorter one's words in common, the same or near in meaning)")
        .arg(older.simplified().left(120), QString::number(qRound(share * 100)));
}

} // namespace recollector::core::text
