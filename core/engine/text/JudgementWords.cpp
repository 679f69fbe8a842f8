#include "engine/text/JudgementWords.h"

#include "engine/text/TextTokens.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace recollector::core::text {

namespace {

std::vector<QStringList> phrases(std::initializer_list<const char *> list)
{
    std::vector<QStringList> out;
    for (const char *p : list) {
        const QString s = QString::fromUtf8(p);
        out.push_back(containsCjk(s) ? QStringList{s} : s.split(QLatin1Char(' ')));
    }
    return out;
}

// docs/scoring.md#plan-and-outcome: the future and intention markers of English grammars
// (will / going to / be about to, the verbs of intention: plan, intend, consider, hope, want,
// look forward to) and their Chinese counterparts (打算, 计划, 准备, 想, 考虑, 希望, 将).
const char *const kPlanCues[] = {
    "planning", "plans", "plan to", "planned to", "considering", "considers", "consider", "wants to", "want to",
    "wanting to", "hoping", "hopes to", "hope to", "intends", "intending", "intend to", "looking forward",
    "thinking about", "thinking of", "looking into", "looking to", "exploring", "researching", "preparing",
    "prepares", "in talks", "going to", "about to", "would", "will", "invited", "eager to", "aims to",
    "aiming to", "next week", "next month", "next year", "next summer", "upcoming", "later this", "soon",
    "打算", "计划", "准备", "想要", "考虑", "希望", "将要", "下周", "下个月", "明年"};

// docs/scoring.md#plan-and-outcome: verbs that report a thing done (simple past and the
// irregular pasts of the commonest verbs of the kind), "is now / is in / is part of", and
// Chinese 已经 / 了 forms.
const char *const kOutcomeCues[] = {
    "attended", "went", "signed", "got", "joined", "started", "began", "finished", "completed", "adopted",
    "applied", "passed", "organized", "organised", "won", "moved", "bought", "married", "launched", "released",
    "visited", "graduated", "enrolled", "received", "accepted", "landed", "became", "paid", "quit", "left",
    "lost", "found", "took", "met", "created", "built", "opened", "hired", "achieved", "reached", "asked",
    "is now", "is in", "is part of", "has become", "now has", "已经", "参加了", "去了", "签了", "完成了",
    "开始了", "加入了", "买了", "搬到", "结婚了", "开始"};

// docs/scoring.md#counts-and-values: words by which a statement says its value replaced another.
const char *const kChangeCues[] = {"now", "switched", "changed", "no longer", "anymore", "moved", "became",
                                   "has grown", "grew", "increased", "decreased", "现在", "改用", "换成",
                                   "不再", "搬到", "已经"};

// docs/scoring.md#plan-and-outcome: topic words too general to say two clauses are about one thing.
const char *const kGeneric[] = {"new",    "thing",  "time",  "way",    "people", "other",  "lot",    "help",
                                "kid",    "family", "friend", "life",  "day",    "week",   "month",  "year",
                                "weekend", "recent", "last",  "next",  "really", "great",  "good",   "feel",
                                "make",   "able",   "go",    "get",    "one",    "two",    "some",
                                "experience", "fun", "enjoy", "love",  "like",   "want",   "start",  "soon",
                                "also",   "hi",     "her",    "their", "see",    "keep",   "try",    "work"};

// docs/scoring.md#counts-and-values: values that exclude each other, with their sources.
const std::vector<std::vector<const char *>> &exclusiveSets()
{
    static const std::vector<std::vector<const char *>> sets{
        // EditorConfig `indent_style = tab | space`.
        {"tabs", "tab", "spaces", "space", "制表符", "空格"},
        // CSS Media Queries Level 5 `prefers-color-scheme: light | dark`.
        {"light", "dark", "浅色", "深色", "亮色", "暗色"},
        // EditorConfig `end_of_line = lf | crlf | cr`.
        {"lf", "crlf"},
        // One lockfile per Node.js project: npm, pnpm, Yarn, Bun.
        {"npm", "pnpm", "yarn", "bun"},
        // Prettier `singleQuote`: single or double quotes.
        {"single-quoted", "double-quoted", "单引号", "双引号"},
        // Marital status categories of the US Census Bureau's American Community Survey.
        {"single", "married", "divorced", "widowed", "engaged", "单身", "已婚", "离婚", "丧偶", "订婚"},
        // Chronotype, morning and evening types (Horne and Östberg's questionnaire).
        {"morning", "evening", "night", "早上", "晚上"},
    };
    return sets;
}
// Values of one set that name the same value twice ("tab" / "tabs").
const QHash<QString, QString> &sameValue()
{
    static const QHash<QString, QString> same{{QStringLiteral("tab"), QStringLiteral("tabs")},
                                              {QStringLiteral("space"), QStringLiteral("spaces")},
                                              {QStringLiteral("亮色"), QStringLiteral("浅色")},
                                              {QStringLiteral("暗色"), QStringLiteral("深色")}};
    return same;
}

const QHash<QString, int> &exclusiveIndex()
{
    static const QHash<QString, int> index = [] {
        QHash<QString, int> h;
        int set = 0;
        for (const std::vector<const char *> &words : exclusiveSets()) {
            for (const char *w : words)
                h.insert(QString::fromUtf8(w), set);
            ++set;
        }
        return h;
    }();
    return index;
}

} // namespace

const std::vector<QStringList> &JudgementWords::planCues()
{
    static const std::vector<QStringList> cues = [] {
        std::vector<QStringList> out;
        for (const char *p : kPlanCues)
            out.push_back(phrases({p}).front());
        return out;
    }();
    return cues;
}

const std::vector<QStringList> &JudgementWords::outcomeCues()
{
    static const std::vector<QStringList> cues = [] {
        std::vector<QStringList> out;
        for (const char *p : kOutcomeCues)
            out.push_back(phrases({p}).front());
        return out;
    }();
    return cues;
}

const std::vector<QStringList> &JudgementWords::changeCues()
{
    static const std::vector<QStringList> cues = [] {
        std::vector<QStringList> out;
        for (const char *p : kChangeCues)
            out.push_back(phrases({p}).front());
        return out;
    }();
    return cues;
}

bool JudgementWords::isGeneric(const QString &stem)
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        for (const char *w : kGeneric)
            s.insert(QString::fromLatin1(w));
        return s;
    }();
    return words.contains(stem);
}

QString JudgementWords::synonym(const QString &stem)
{
    // docs/scoring.md#restatements: near-synonyms from Princeton WordNet 3.1 synsets, as
    // stemmed by StatementFacts::stem; the first of each group stands for the group.
    static const QHash<QString, QString> groups = [] {
        QHash<QString, QString> h;
        const std::vector<std::vector<const char *>> lists{
            {"enjoy", "love", "like", "fan", "adore"},
            {"reward", "fulfil", "fulfill", "fulfilling", "fulfillment", "fulfilment", "satisfy", "gratify"},
            {"book", "novel"},
            {"grateful", "appreciat", "appreciate", "thank", "thankful", "gratitude", "appreciation"},
            {"dog", "pup", "puppy"},
            {"job", "career", "employment"},
            {"counsel", "therapy"},
            {"help", "support", "assist", "assistance", "aid"},
            {"inspire", "inspir", "motivat"},
            {"calm", "relax", "sooth", "peaceful"},
            {"trip", "journey", "tour"},
            {"kid", "child", "children"},
        };
        for (const auto &list : lists) {
            for (const char *w : list)
                h.insert(QString::fromLatin1(w), QString::fromLatin1(list.front()));
        }
        return h;
    }();
    return groups.value(stem, stem);
}

int JudgementWords::exclusiveSet(const QString &word)
{
    return exclusiveIndex().value(word, -1);
}

QStringList JudgementWords::partnersOf(const QString &word)
{
    const int set = exclusiveSet(word);
    if (set < 0)
        return {};
    const QString self = sameValue().value(word, word);
    QStringList out;
    for (auto it = exclusiveIndex().cbegin(); it != exclusiveIndex().cend(); ++it) {
        if (it.value() == set && sameValue().value(it.key(), it.key()) != self)
            out << it.key();
    }
    out.sort();
    return out;
}

namespace {

const QSet<QString> &predicateSingles();
const QSet<QString> &predicatePairs();

} // namespace

QStringList JudgementWords::exclusiveWords()
{
    return exclusiveIndex().keys();
}

QStringList JudgementWords::predicateWords()
{
    QStringList out(predicateSingles().begin(), predicateSingles().end());
    for (const QString &pair : predicatePairs())
        out << pair.section(QLatin1Char(' '), 1);
    return out;
}

QStringList JudgementWords::numberWords()
{
    QStringList out{QStringLiteral("zero"), QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three"),
                    QStringLiteral("four"), QStringLiteral("five"), QStringLiteral("six"), QStringLiteral("seven"),
                    QStringLiteral("eight"), QStringLiteral("nine"), QStringLiteral("ten"), QStringLiteral("eleven"),
                    QStringLiteral("twelve"), QStringLiteral("thirteen"), QStringLiteral("fourteen"),
                    QStringLiteral("fifteen"), QStringLiteral("sixteen"), QStringLiteral("seventeen"),
                    QStringLiteral("eighteen"), QStringLiteral("nineteen"), QStringLiteral("twenty"),
                    QStringLiteral("thirty"), QStringLiteral("forty"), QStringLiteral("fifty"), QStringLiteral("hundred")};
    return out;
}

namespace {

const QSet<QString> &predicateSingles()
{
    static const QSet<QString> single{QStringLiteral("prefers"),  QStringLiteral("prefer"),
                                      QStringLiteral("preferred"), QStringLiteral("favorite"),
                                      QStringLiteral("favourite"), QStringLiteral("最喜欢"),
                                      QStringLiteral("更喜欢"),    QStringLiteral("偏好")};
    return single;
}

const QSet<QString> &predicatePairs()
{
    static const QSet<QString> pairs{QStringLiteral("is his"),   QStringLiteral("is her"),
                                     QStringLiteral("is their"), QStringLiteral("is my"),
                                     QStringLiteral("is named"), QStringLiteral("is called"),
                                     QStringLiteral("lives in"), QStringLiteral("live in"),
                                     QStringLiteral("works at"), QStringLiteral("works for"),
                                     QStringLiteral("works as"), QStringLiteral("written in")};
    return pairs;
}

} // namespace

bool JudgementWords::isExclusivePredicate(const QString &previous, const QString &word)
{
    return predicateSingles().contains(word) || predicatePairs().contains(previous + QLatin1Char(' ') + word);
}

int JudgementWords::numberWord(const QString &word)
{
    static const QHash<QString, int> words = [] {
        QHash<QString, int> h;
        const char *const small[] = {"zero",    "one",     "two",       "three",    "four",    "five",    "six",
                                     "seven",   "eight",   "nine",      "ten",      "eleven",  "twelve",  "thirteen",
                                     "fourteen", "fifteen", "sixteen",  "seventeen", "eighteen", "nineteen", "twenty"};
        for (int i = 0; i < 21; ++i)
            h.insert(QString::fromLatin1(small[i]), i);
        h.insert(QStringLiteral("thirty"), 30);
        h.insert(QStringLiteral("forty"), 40);
        h.insert(QStringLiteral("fifty"), 50);
        h.insert(QStringLiteral("hundred"), 100);
        return h;
    }();
    if (const auto it = words.constFind(word); it != words.constEnd())
        return *it;
    bool digits = !word.isEmpty();
    for (QChar c : word)
        digits = digits && c.isDigit();
    if (digits)
        return word.size() <= 9 ? word.toInt() : -1;
    // Chinese numerals: 两, 三, 十二, 二十, 二十五 (a digit, 十, a digit).
    static const QString kDigits = QStringLiteral("零一二三四五六七八九");
    if (word.isEmpty() || !containsCjk(word))
        return -1;
    if (word == QStringLiteral("两"))
        return 2;
    int value = 0;
    int current = -1;
    for (QChar c : word) {
        const qsizetype d = kDigits.indexOf(c);
        if (d >= 0) {
            current = int(d);
        } else if (c == QChar(0x5341)) { // 十
            value += (current < 0 ? 1 : current) * 10;
            current = -1;
        } else {
            return -1;
        }
    }
    return value + (current < 0 ? 0 : current);
}

const std::vector<JudgementWords::StatusWord> &JudgementWords::statusWords()
{
    // docs/scoring.md#status-changes.
    static const std::vector<StatusWord> words = [] {
        std::vector<StatusWord> out;
        auto add = [&](const char *text, Domain domain, int state, bool change, bool takesValue) {
            out.push_back({phrases({text}).front(), domain, state, change, takesValue});
        };
        for (const char *w : {"lives in", "live in", "living in", "is based in", "is located in", "is in", "住在"})
            add(w, Domain::Residence, 0, false, true);
        for (const char *w : {"moved to", "moved into", "relocated to", "搬到", "搬去"})
            add(w, Domain::Residence, 1, true, true);
        for (const char *w : {"works at", "work at", "working at", "works for", "job at"})
            add(w, Domain::Job, 0, false, true);
        for (const char *w : {"new job", "dream job", "got a job", "found a job", "got hired", "was hired"})
            add(w, Domain::Job, 0, true, false);
        for (const char *w : {"lost his job", "lost her job", "lost their job", "lost my job", "lost the job",
                              "laid off", "was fired", "got fired", "失业", "辞职"})
            add(w, Domain::Job, 1, true, false);
        for (const char *w : {"left", "quit"})
            add(w, Domain::Job, 1, true, true);
        add("single", Domain::Relationship, 0, false, false);
        add("单身", Domain::Relationship, 0, false, false);
        for (const char *w : {"dating", "girlfriend", "boyfriend", "significant other", "partner", "恋爱",
                              "女朋友", "男朋友"})
            add(w, Domain::Relationship, 1, false, false);
        for (const char *w : {"engaged", "fiancé", "fiancée", "订婚"})
            add(w, Domain::Relationship, 2, false, false);
        for (const char *w : {"married", "wife", "husband", "结婚", "已婚"})
            add(w, Domain::Relationship, 3, false, false);
        for (const char *w : {"divorced", "broke up", "离婚", "分手"})
            add(w, Domain::Relationship, 4, true, false);
        return out;
    }();
    return words;
}

const QStringList &JudgementWords::chinesePhrases()
{
    static const QStringList list = [] {
        QSet<QString> all;
        auto take = [&](const std::vector<QStringList> &lists) {
            for (const QStringList &p : lists) {
                if (p.size() == 1 && containsCjk(p.front()))
                    all.insert(p.front());
            }
        };
        take(planCues());
        take(outcomeCues());
        take(changeCues());
        for (const StatusWord &w : statusWords())
            take({w.words});
        for (auto it = exclusiveIndex().cbegin(); it != exclusiveIndex().cend(); ++it) {
            if (containsCjk(it.key()))
                all.insert(it.key());
        }
        for (const char *p : {"最喜欢", "更喜欢", "偏好"})
            all.insert(QString::fromUtf8(p));
        QStringList out(all.begin(), all.end());
        std::sort(out.begin(), out.end(), [](const QString &a, const QString &b) {
            return a.size() != b.size() ? a.size() > b.size() : a < b;
        });
        return out;
    }();
    return list;
}

} // namespace recollector::core::text
