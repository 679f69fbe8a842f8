#include "engine/TimeAnchors.h"

#include "engine/TextTokens.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace engram::core {

namespace {

const QSet<QString> &englishSingles()
{
    static const QSet<QString> words{
        QStringLiteral("now"),       QStringLiteral("currently"), QStringLiteral("nowadays"),
        QStringLiteral("today"),     QStringLiteral("tonight"),   QStringLiteral("yesterday"),
        QStringLiteral("tomorrow"),  QStringLiteral("recently"),  QStringLiteral("lately"),
        QStringLiteral("formerly"),  QStringLiteral("previously"), QStringLiteral("was"),
        QStringLiteral("were"),
    };
    return words;
}

const QSet<QString> &periodWords()
{
    static const QSet<QString> words{
        QStringLiteral("morning"), QStringLiteral("afternoon"), QStringLiteral("evening"), QStringLiteral("night"),
        QStringLiteral("week"),    QStringLiteral("weekend"),   QStringLiteral("month"),   QStringLiteral("year"),
        QStringLiteral("time"),    QStringLiteral("monday"),    QStringLiteral("tuesday"), QStringLiteral("wednesday"),
        QStringLiteral("thursday"), QStringLiteral("friday"),   QStringLiteral("saturday"), QStringLiteral("sunday"),
        QStringLiteral("spring"),  QStringLiteral("summer"),    QStringLiteral("autumn"),  QStringLiteral("winter"),
    };
    return words;
}

// "is used to build" is the passive of "use", not the past habit "used to".
const QSet<QString> &passiveAuxiliaries()
{
    static const QSet<QString> words{QStringLiteral("is"),   QStringLiteral("are"),  QStringLiteral("was"),
                                     QStringLiteral("were"), QStringLiteral("be"),   QStringLiteral("been"),
                                     QStringLiteral("being"), QStringLiteral("get"), QStringLiteral("gets"),
                                     QStringLiteral("got")};
    return words;
}

void findEnglish(QStringView text, QStringList &out)
{
    const QStringList t = text::wordTokens(text);
    auto at = [&](qsizetype i) { return (i >= 0 && i < t.size()) ? t[i] : QString(); };
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QString &w = t[i];
        if (w == QLatin1String("ago")) {
            // "ten days ago", "3 weeks ago": the amount is part of the moment.
            out << (at(i - 2) + QLatin1Char(' ') + at(i - 1) + QStringLiteral(" ago")).trimmed();
        } else if (englishSingles().contains(w)) {
            out << w;
        } else if ((w == QLatin1String("this") || w == QLatin1String("last") || w == QLatin1String("next"))
                   && periodWords().contains(at(i + 1))) {
            out << w + QLatin1Char(' ') + t[++i];
        } else if (w == QLatin1String("used") && at(i + 1) == QLatin1String("to")
                   && !passiveAuxiliaries().contains(at(i - 1))) {
            out << QStringLiteral("used to");
            ++i;
        } else if ((w == QLatin1String("these") && at(i + 1) == QLatin1String("days"))
                   || (w == QLatin1String("back") && at(i + 1) == QLatin1String("then"))) {
            out << w + QLatin1Char(' ') + t[++i];
        } else if (w == QLatin1String("at") && at(i + 1) == QLatin1String("the")
                   && (at(i + 2) == QLatin1String("moment") || at(i + 2) == QLatin1String("time"))) {
            out << QStringLiteral("at the ") + t[i + 2];
            i += 2;
        } else if ((w == QLatin1String("in") || w == QLatin1String("since")) && at(i + 1).size() == 4
                   && (at(i + 1).startsWith(QLatin1String("19")) || at(i + 1).startsWith(QLatin1String("20")))) {
            bool number = false;
            at(i + 1).toInt(&number);
            if (number) {
                out << w + QLatin1Char(' ') + t[++i];
            }
        }
    }
}

const QStringList &chineseWords()
{
    static const QStringList words = [] {
        QStringList w{
            QStringLiteral("现在"),   QStringLiteral("目前"),   QStringLiteral("当前"),   QStringLiteral("如今"),
            QStringLiteral("今天"),   QStringLiteral("今日"),   QStringLiteral("今晚"),   QStringLiteral("今早"),
            QStringLiteral("今年"),   QStringLiteral("昨天"),   QStringLiteral("昨日"),   QStringLiteral("昨晚"),
            QStringLiteral("前天"),   QStringLiteral("明天"),   QStringLiteral("明日"),   QStringLiteral("后天"),
            QStringLiteral("刚才"),   QStringLiteral("刚刚"),   QStringLiteral("最近"),   QStringLiteral("近来"),
            QStringLiteral("近期"),   QStringLiteral("这几天"), QStringLiteral("这些天"), QStringLiteral("那天"),
            QStringLiteral("当时"),   QStringLiteral("那时候"), QStringLiteral("那时"),   QStringLiteral("曾经"),
            QStringLiteral("从前"),   QStringLiteral("上周"),   QStringLiteral("上个月"), QStringLiteral("上次"),
            QStringLiteral("去年"),   QStringLiteral("前年"),   QStringLiteral("下周"),   QStringLiteral("下个月"),
            QStringLiteral("明年"),   QStringLiteral("小时候"),
        };
        std::sort(w.begin(), w.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
        return w;
    }();
    return words;
}

void findChinese(QStringView text, QStringList &out)
{
    // "十天前", "3个月前", "两周以后": an amount, a unit and before/after.
    static const QRegularExpression relative(QStringLiteral(
        "([0-9０-９]+|[一二三四五六七八九十两几半百千]+)\\s*个?(秒钟|秒|分钟|小时|钟头|天|日|周|星期|礼拜|月|年)"
        "(以前|之前|以后|之后|前|后)"));
    auto it = relative.globalMatch(text.toString());
    while (it.hasNext())
        out << it.next().captured(0);
    for (const QString &w : chineseWords()) {
        if (text.contains(w))
            out << w;
    }
    // 以前 / 之前 mean "formerly" at the start of a clause or after the subject (我以前…),
    // but "before …" after a verb (提交之前 = before committing), which is no moment.
    static const QRegularExpression formerly(
        QStringLiteral("(^|[\\s，,。.;；！!？?我你他她它们主人用户])(以前|之前|过去)"));
    auto f = formerly.globalMatch(text.toString());
    while (f.hasNext())
        out << f.next().captured(2);
}

} // namespace

QStringList TimeAnchors::find(QStringView text)
{
    QStringList out;
    findEnglish(text, out);
    if (text::containsCjk(text))
        findChinese(text, out);
    for (QString &a : out)
        a = a.toLower();
    out.removeDuplicates();
    return out;
}

} // namespace engram::core
