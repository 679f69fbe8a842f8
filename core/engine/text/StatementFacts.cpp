#include "engine/text/StatementFacts.h"

#include "engine/text/QueryTerms.h"
#include "engine/text/TextTokens.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace recollector::core::text {

namespace {

struct Token
{
    QString word;
    int begin = 0;
    int end = 0;
    int clause = 0;
    bool cjk = false;
    std::uint8_t flags = 0; ///< Lexicon bits: what the word may start or be
};

// One lookup per token says which lists it may take part in, so most words cost one hash.
enum Lexicon : std::uint8_t { kCueStart = 1, kExclusive = 2, kPredicate = 4, kNumber = 8 };

const QHash<QString, std::uint8_t> &lexicon()
{
    static const QHash<QString, std::uint8_t> words = [] {
        QHash<QString, std::uint8_t> h;
        auto firsts = [&](const std::vector<QStringList> &lists) {
            for (const QStringList &l : lists)
                h[l.front()] |= kCueStart;
        };
        firsts(JudgementWords::planCues());
        firsts(JudgementWords::outcomeCues());
        firsts(JudgementWords::changeCues());
        for (const JudgementWords::StatusWord &w : JudgementWords::statusWords())
            h[w.words.front()] |= kCueStart;
        for (const QString &w : JudgementWords::exclusiveWords())
            h[w] |= kExclusive;
        for (const QString &w : JudgementWords::predicateWords())
            h[w] |= kPredicate;
        for (const QString &w : JudgementWords::numberWords())
            h[w] |= kNumber;
        return h;
    }();
    return words;
}

bool isNumeral(QChar c)
{
    static const QString numerals = QStringLiteral("零一二三四五六七八九十两");
    return numerals.contains(c);
}

std::uint8_t flagsOf(const QString &word)
{
    std::uint8_t f = lexicon().value(word, 0);
    if (!word.isEmpty() && (word.front().isDigit() || isNumeral(word.front())) && JudgementWords::numberWord(word) >= 0)
        f |= kNumber;
    return f;
}

bool isClauseMark(QChar c)
{
    static const QString marks = QStringLiteral(",;.!?:，。；！？：、");
    return marks.contains(c);
}


// The longest Chinese entry of the word lists at `i`, else a run of numerals, else one character.
int cjkTokenLength(const QString &text, int i)
{
    for (const QString &p : JudgementWords::chinesePhrases()) {
        if (QStringView(text).mid(i).startsWith(p))
            return int(p.size());
    }
    int n = 0;
    while (i + n < text.size() && isNumeral(text.at(i + n)))
        ++n;
    return n > 0 ? n : 1;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() && !isCjk(c.unicode());
}

int wordLength(const QString &text, int i)
{
    int n = 0;
    while (i + n < text.size()) {
        const QChar c = text.at(i + n);
        const bool connector = (c == QLatin1Char('-') || c == QLatin1Char('\'') || c == QChar(0x2019)
                                || c == QLatin1Char('.') || c == QLatin1Char('_'))
            && n > 0 && i + n + 1 < text.size() && isWordChar(text.at(i + n + 1));
        if (!isWordChar(c) && !connector)
            break;
        ++n;
    }
    return n;
}

QString wordOf(const QString &raw)
{
    QString w = raw.toLower();
    w.replace(QChar(0x2019), QLatin1Char('\''));
    if (w.endsWith(QLatin1String("'s")))
        w.chop(2);
    return w;
}

std::vector<Token> tokenize(const QString &text)
{
    std::vector<Token> out;
    int clause = 0;
    for (int i = 0; i < text.size();) {
        const QChar c = text.at(i);
        if (isClauseMark(c)) {
            ++clause;
            ++i;
        } else if (isCjk(c.unicode())) {
            const int n = cjkTokenLength(text, i);
            const QString w = text.mid(i, n);
            if (w == QStringLiteral("但是") || w == QStringLiteral("但"))
                ++clause;
            else
                out.push_back({w, i, i + n, clause, true, flagsOf(w)});
            i += n;
        } else if (isWordChar(c)) {
            const int n = wordLength(text, i);
            const QString w = wordOf(text.mid(i, n));
            if (w == QLatin1String("but"))
                ++clause;
            else
                out.push_back({w, i, i + n, clause, false, flagsOf(w)});
            i += n;
        } else {
            ++i;
        }
    }
    return out;
}

// The cues of one list by their first word, so a token is looked up once, not against every cue.
class CueIndex final
{
public:
    explicit CueIndex(std::vector<QStringList> cues) : m_cues(std::move(cues))
    {
        for (std::size_t i = 0; i < m_cues.size(); ++i)
            m_byFirst[m_cues[i].front()].push_back(i);
    }
    // The length in tokens of the longest cue at token i (0: none); `which` gets its index. A
    // cue may not run into the next clause.
    int match(const std::vector<Token> &t, std::size_t i, std::size_t *which = nullptr) const
    {
        if (!(t[i].flags & kCueStart))
            return 0;
        const auto it = m_byFirst.constFind(t[i].word);
        if (it == m_byFirst.constEnd())
            return 0;
        int best = 0;
        for (std::size_t c : *it) {
            const QStringList &cue = m_cues[c];
            if (i + std::size_t(cue.size()) > t.size() || int(cue.size()) <= best)
                continue;
            bool same = true;
            for (qsizetype k = 1; k < cue.size() && same; ++k)
                same = t[i + std::size_t(k)].word == cue.at(k) && t[i + std::size_t(k)].clause == t[i].clause;
            if (same) {
                best = int(cue.size());
                if (which)
                    *which = c;
            }
        }
        return best;
    }

private:
    std::vector<QStringList> m_cues;
    QHash<QString, std::vector<std::size_t>> m_byFirst;
};

const CueIndex &planIndex()
{
    static const CueIndex index(JudgementWords::planCues());
    return index;
}

const CueIndex &outcomeIndex()
{
    static const CueIndex index(JudgementWords::outcomeCues());
    return index;
}

const CueIndex &changeIndex()
{
    static const CueIndex index(JudgementWords::changeCues());
    return index;
}

const CueIndex &statusIndex()
{
    static const CueIndex index = [] {
        std::vector<QStringList> words;
        for (const JudgementWords::StatusWord &w : JudgementWords::statusWords())
            words.push_back(w.words);
        return CueIndex(std::move(words));
    }();
    return index;
}

bool isContent(const Token &t)
{
    if (t.cjk)
        return t.word != QStringLiteral("了") && t.word != QStringLiteral("的");
    return t.word.size() > 1 && !(t.flags & kNumber) && !isStopWord(t.word);
}

QString quoteOf(const QString &text, const std::vector<Token> &t, std::size_t from, std::size_t to)
{
    if (from >= t.size() || to <= from)
        return {};
    return text.mid(t[from].begin, t[to - 1].end - t[from].begin).simplified();
}

// The clause's step: the stems (or Chinese two-character pieces) after its cue, up to `stop`.
StatementFacts::Step stepAfter(const std::vector<Token> &t, std::size_t cue, int cueLength, std::size_t stop)
{
    StatementFacts::Step step;
    step.begin = t[cue].begin;
    int taken = 0;
    QString cjkRun;
    int cjkEnd = 0;
    for (std::size_t k = cue + std::size_t(cueLength); k < stop && t[k].clause == t[cue].clause && taken < 8; ++k) {
        if (!isContent(t[k]))
            continue;
        ++taken;
        if (t[k].cjk) {
            cjkRun += t[k].word;
            cjkEnd = t[k].end;
            continue;
        }
        const QString s = JudgementWords::synonym(StatementFacts::stem(t[k].word));
        if (!JudgementWords::isGeneric(s) && !step.objects.contains(s)) {
            step.objects << s;
            step.objectEnds.push_back(t[k].end);
        }
    }
    for (qsizetype k = 0; k + 1 < cjkRun.size(); ++k) {
        step.objects << cjkRun.mid(k, 2);
        step.objectEnds.push_back(cjkEnd);
    }
    return step;
}

void findSteps(StatementFacts &f, const std::vector<Token> &t, bool light)
{
    QHash<int, std::pair<std::size_t, int>> plan;    // clause → first plan cue
    QHash<int, std::pair<std::size_t, int>> outcome; // clause → first outcome cue
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (const int n = planIndex().match(t, i); n > 0) {
            if (!plan.contains(t[i].clause))
                plan.insert(t[i].clause, {i, n});
        } else if (const int m = outcomeIndex().match(t, i); m > 0 && !outcome.contains(t[i].clause)) {
            outcome.insert(t[i].clause, {i, m});
        }
    }
    for (auto it = plan.cbegin(); it != plan.cend(); ++it)
        f.plans.push_back(light ? StatementFacts::Step{} : stepAfter(t, it->first, it->second, t.size()));
    for (auto it = outcome.cbegin(); it != outcome.cend(); ++it) {
        // "went camping last week and had a great time exploring nature": done, up to the
        // plan word; "signed in May, will launch next month" is still a plan.
        const auto p = plan.constFind(it.key());
        if (p != plan.cend() && p->first < it->first)
            continue;
        f.outcomes.push_back(light ? StatementFacts::Step{}
                                   : stepAfter(t, it->first, it->second, p != plan.cend() ? p->first : t.size()));
    }
}

// "single" is a status only after "is / am / are / still": not "a single day".
bool statusApplies(const std::vector<Token> &t, std::size_t i, const JudgementWords::StatusWord &w)
{
    if (w.words.front() != QLatin1String("single"))
        return true;
    static const QSet<QString> before{QStringLiteral("is"), QStringLiteral("am"), QStringLiteral("are"),
                                      QStringLiteral("still"), QStringLiteral("was"), QStringLiteral("being")};
    return i > 0 && before.contains(t[i - 1].word);
}

void findStatuses(StatementFacts &f, const std::vector<Token> &t, const QSet<int> &planClauses)
{
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (planClauses.contains(t[i].clause))
            continue;
        std::size_t which = 0;
        const std::size_t n = std::size_t(statusIndex().match(t, i, &which));
        if (n == 0)
            continue;
        {
            const JudgementWords::StatusWord &w = JudgementWords::statusWords()[which];
            if (!statusApplies(t, i, w))
                continue;
            StatementFacts::Status s{w.domain, w.state, w.change, {}, {}};
            std::size_t end = i + n;
            // The value: the next content word, or the next two Chinese characters (北京).
            for (std::size_t k = end; w.takesValue && k < t.size() && t[k].clause == t[i].clause && k < i + n + 3; ++k) {
                if (!isContent(t[k]))
                    continue;
                s.value = t[k].word;
                end = k + 1;
                if (t[k].cjk && k + 1 < t.size() && t[k + 1].cjk && t[k + 1].clause == t[k].clause) {
                    s.value += t[k + 1].word;
                    end = k + 2;
                }
                break;
            }
            if (w.takesValue && s.value.isEmpty())
                continue;
            s.quote = quoteOf(f.text, t, i, end);
            f.statuses.push_back(std::move(s));
        }
    }
}

} // namespace

QString StatementFacts::Step::quote(const QString &text, const QString &object) const
{
    const qsizetype k = objects.indexOf(object);
    const int end = k >= 0 ? objectEnds[std::size_t(k)] : (objectEnds.empty() ? begin : objectEnds.back());
    return text.mid(begin, end - begin).simplified();
}

QString StatementFacts::stem(const QString &w)
{
    const qsizetype n = w.size();
    if (n > 4 && w.endsWith(QLatin1String("ies")))
        return w.left(n - 3) + QLatin1Char('y');
    if (n > 5 && w.endsWith(QLatin1String("ing")))
        return w.left(n - 3);
    if (n > 4 && w.endsWith(QLatin1String("ed")))
        return w.left(n - 2);
    if (n > 6 && w.endsWith(QLatin1String("er")))
        return w.left(n - 2);
    if (n > 4 && (w.endsWith(QLatin1String("ches")) || w.endsWith(QLatin1String("shes")) || w.endsWith(QLatin1String("sses"))))
        return w.left(n - 2);
    if (n > 3 && w.endsWith(QLatin1Char('s')) && !w.endsWith(QLatin1String("ss")))
        return w.left(n - 1);
    return w;
}

namespace {

void findChange(StatementFacts &f, const std::vector<Token> &t, const QSet<int> &planClauses,
                std::vector<std::uint8_t> &changeWord)
{
    for (std::size_t i = 0; i < t.size(); ++i) {
        const int n = changeIndex().match(t, i);
        if (n == 0 || planClauses.contains(t[i].clause))
            continue;
        for (int k = 0; k < n; ++k)
            changeWord[i + std::size_t(k)] = 1;
        if (!f.change)
            f.changeQuote = quoteOf(f.text, t, i, std::min(t.size(), i + std::size_t(n) + 3));
        f.change = true;
    }
}

// A number is a value when it counts something ("two kids", 三个孩子) or ends a clause after the
// thing it measures ("targets Node 18"); not when it names an item ("fact number 7", "variant
// 15", "step 3"): docs/scoring.md#counts-and-values.
bool isQuantity(const std::vector<Token> &t, std::size_t i, const Token *before, const std::vector<std::uint8_t> &changeWord)
{
    static const QSet<QString> names{
        QStringLiteral("number"), QStringLiteral("no"),   QStringLiteral("item"),    QStringLiteral("variant"),
        QStringLiteral("fact"),   QStringLiteral("memory"), QStringLiteral("note"),  QStringLiteral("entry"),
        QStringLiteral("id"),     QStringLiteral("step"), QStringLiteral("part"),    QStringLiteral("chapter"),
        QStringLiteral("page"),   QStringLiteral("line"), QStringLiteral("row"),     QStringLiteral("case"),
        QStringLiteral("test"),   QStringLiteral("issue"), QStringLiteral("ticket"), QStringLiteral("round"),
        QStringLiteral("session"), QStringLiteral("day"), QStringLiteral("level"),   QStringLiteral("phase")};
    std::size_t n = i + 1;
    while (n < t.size() && changeWord[n]) // "Node 22 now": the change word is no unit
        ++n;
    if (n < t.size() && t[n].clause == t[i].clause)
        return t[n].cjk ? t[i].cjk : isContent(t[n]);
    return before && before->clause == t[i].clause && isContent(*before) && !names.contains(before->word);
}

void buildFrame(StatementFacts &f, const std::vector<Token> &t, const std::vector<std::uint8_t> &changeWord)
{
    static const QSet<QString> articles{QStringLiteral("the"), QStringLiteral("a"), QStringLiteral("an")};
    QString key;
    bool slotted = false;
    int predicateClause = -1; // the clause an exclusive predicate was met in: its values follow it
    const Token *previous = nullptr;
    const Token *beforePrevious = nullptr;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (changeWord[i] || (!t[i].cjk && articles.contains(t[i].word)))
            continue;
        StatementFacts::FrameToken ft{t[i].word, 0, (t[i].flags & kNumber) ? JudgementWords::numberWord(t[i].word) : -1,
                                      t[i].begin, t[i].end};
        if (previous && (previous->flags & kPredicate)
            && JudgementWords::isExclusivePredicate(beforePrevious ? beforePrevious->word : QString(), previous->word))
            predicateClause = t[i].clause;
        const Token *before = previous;
        beforePrevious = previous;
        previous = &t[i];
        if (ft.value >= 0 && isQuantity(t, i, before, changeWord))
            ft.slot = 1;
        else if (t[i].flags & kExclusive)
            ft.slot = 2;
        else if (predicateClause == t[i].clause && isContent(t[i]))
            ft.slot = 3;
        slotted = slotted || ft.slot != 0;
        key += ft.slot ? QString(QChar(ft.slot)) : ft.word;
        key += QChar(0x1f);
        f.frame.push_back(std::move(ft));
    }
    f.frameKey = slotted ? (qHash(key) | 1) : 0;
}

} // namespace

StatementFacts StatementFacts::of(QStringView view, Detail detail)
{
    const bool light = detail == Detail::Presence;
    StatementFacts f;
    f.text = view.toString();
    const std::vector<Token> t = tokenize(f.text);
    if (t.empty())
        return f;
    f.subject = t[0].word;
    if (t[0].cjk && t.size() > 1 && t[1].cjk)
        f.subject += t[1].word;
    std::size_t first = 0;
    if (!t[0].cjk && (t[0].word == QLatin1String("the") || t[0].word == QLatin1String("a")) && t.size() > 1)
        first = 1;
    f.owner = f.subject;
    if (!t[first].cjk) {
        f.subject = t[first].word;
        f.owner = f.subject;
        // "Lin's sister" and "Lin's parents" are two subjects, not Lin.
        if (t[first].end - t[first].begin > t[first].word.size() && first + 1 < t.size())
            f.subject += QLatin1Char(' ') + t[first + 1].word;
    }
    findSteps(f, t, light);
    QSet<int> planClauses;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if ((t[i].flags & kCueStart) && planIndex().match(t, i) > 0)
            planClauses.insert(t[i].clause);
    }
    findStatuses(f, t, planClauses);
    std::vector<std::uint8_t> changeWord(t.size(), 0);
    findChange(f, t, planClauses, changeWord);
    buildFrame(f, t, changeWord);
    if (light)
        return f;
    QSet<QString> stems;
    for (const Token &tok : t) {
        if (const int n = (tok.flags & kNumber) ? JudgementWords::numberWord(tok.word) : -1; n >= 0)
            f.numbers.push_back(n);
        else if (isContent(tok)) {
            const QString s = tok.cjk ? tok.word : JudgementWords::synonym(stem(tok.word));
            f.sequence << s;
            // The subject is left out (docs/scoring.md#restatements), and so is its owner: in
            // "Tim's favorite book …" the subject is "tim favorite", and "tim" says whose it
            // is, not what it is about.
            if (tok.word != f.subject && tok.word != f.owner)
                stems.insert(s);
        }
        if (!(tok.flags & kExclusive))
            continue;
        for (const QString &p : JudgementWords::partnersOf(tok.word)) {
            if (!f.partners.contains(p))
                f.partners << p;
        }
    }
    // Chinese keywords are fixed four-character cuts (KeywordExtractor): a statement the rules
    // can act on looks for every four characters of its own, wherever the other's cut fell.
    if (f.judgeable() && containsCjk(f.text)) {
        QString run;
        for (const QChar c : f.text + QLatin1Char(' ')) {
            if (isCjk(c.unicode())) {
                run += c;
                continue;
            }
            for (qsizetype k = 0; k + 4 <= run.size() && f.partners.size() < 40; ++k)
                f.partners << run.mid(k, 4);
            run.clear();
        }
    }
    // A status finds the other states of its domain ("lives" for "moved to Lisbon").
    for (const StatementFacts::Status &st : f.statuses) {
        for (const JudgementWords::StatusWord &w : JudgementWords::statusWords()) {
            if (w.domain == st.domain && !f.partners.contains(w.words.front()) && w.words.front().size() > 2)
                f.partners << w.words.front();
        }
    }
    f.stems = QStringList(stems.begin(), stems.end());
    f.stems.sort();
    std::sort(f.numbers.begin(), f.numbers.end());
    return f;
}

} // namespace recollector::core::text
