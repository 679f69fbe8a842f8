#include "engine/text/TimeAnchors.h"

#include "engine/text/TextTokens.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace recollector::core {

namespace {

using Kind = TimeAnchors::Kind;
using Anchor = TimeAnchors::Anchor;

const QHash<QString, Kind> &englishSingles()
{
    static const QHash<QString, Kind> words{
        {QStringLiteral("now"), Kind::Present},        {QStringLiteral("currently"), Kind::Present},
        {QStringLiteral("nowadays"), Kind::Present},   {QStringLiteral("recently"), Kind::Present},
        {QStringLiteral("lately"), Kind::Present},     {QStringLiteral("today"), Kind::Dated},
        {QStringLiteral("tonight"), Kind::Dated},      {QStringLiteral("tomorrow"), Kind::Dated},
        {QStringLiteral("yesterday"), Kind::Past},     {QStringLiteral("formerly"), Kind::Past},
        {QStringLiteral("previously"), Kind::Past},    {QStringLiteral("was"), Kind::Past},
        {QStringLiteral("were"), Kind::Past},
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

void findEnglish(QStringView text, std::vector<Anchor> &out)
{
    const QStringList t = text::wordTokens(text);
    auto at = [&](qsizetype i) { return (i >= 0 && i < t.size()) ? t[i] : QString(); };
    for (qsizetype i = 0; i < t.size(); ++i) {
        const QString &w = t[i];
        if (w == QLatin1String("ago")) {
            // "ten days ago", "3 weeks ago": the amount is part of the moment.
            out.push_back({Kind::Past, (at(i - 2) + QLatin1Char(' ') + at(i - 1) + QStringLiteral(" ago")).trimmed()});
        } else if (englishSingles().contains(w)) {
            out.push_back({englishSingles().value(w), w});
        } else if ((w == QLatin1String("this") || w == QLatin1String("last") || w == QLatin1String("next"))
                   && periodWords().contains(at(i + 1))) {
            out.push_back({w == QLatin1String("last") ? Kind::Past : Kind::Dated, w + QLatin1Char(' ') + t[++i]});
        } else if (w == QLatin1String("used") && at(i + 1) == QLatin1String("to")
                   && !passiveAuxiliaries().contains(at(i - 1))) {
            out.push_back({Kind::Past, QStringLiteral("used to")});
            ++i;
        } else if (w == QLatin1String("these") && at(i + 1) == QLatin1String("days")) {
            out.push_back({Kind::Present, w + QLatin1Char(' ') + t[++i]});
        } else if (w == QLatin1String("back") && at(i + 1) == QLatin1String("then")) {
            out.push_back({Kind::Past, w + QLatin1Char(' ') + t[++i]});
        } else if (w == QLatin1String("at") && at(i + 1) == QLatin1String("the")
                   && (at(i + 2) == QLatin1String("moment") || at(i + 2) == QLatin1String("time"))) {
            const bool moment = at(i + 2) == QLatin1String("moment");
            out.push_back({moment ? Kind::Present : Kind::Past, QStringLiteral("at the ") + t[i + 2]});
            i += 2;
        } else if ((w == QLatin1String("in") || w == QLatin1String("since")) && at(i + 1).size() == 4
                   && (at(i + 1).startsWith(QLatin1String("19")) || at(i + 1).startsWith(QLatin1String("20")))) {
            bool number = false;
            at(i + 1).toInt(&number);
            if (number)
                out.push_back({Kind::Dated, w + QLatin1Char(' ') + t[++i]});
        }
    }
}

// Longest first, so 上个月 is found before 上… and 那时候 before anything shorter. 那时
// alone is left out: "…早上，那时头脑最清醒" uses it for "then" in a timeless rule.
const std::vector<std::pair<QString, Kind>> &chineseWords()
{
    static const std::vector<std::pair<QString, Kind>> words = [] {
        std::vector<std::pair<QString, Kind>> w{
            {QStringLiteral("现在"), Kind::Present},   {QStringLiteral("目前"), Kind::Present},
            {QStringLiteral("当前"), Kind::Present},   {QStringLiteral("如今"), Kind::Present},
            {QStringLiteral("最近"), Kind::Present},   {QStringLiteral("近来"), Kind::Present},
            {QStringLiteral("近期"), Kind::Present},   {QStringLiteral("这几天"), Kind::Present},
            {QStringLiteral("这些天"), Kind::Present}, {QStringLiteral("今天"), Kind::Dated},
            {QStringLiteral("今日"), Kind::Dated},     {QStringLiteral("今晚"), Kind::Dated},
            {QStringLiteral("今早"), Kind::Dated},     {QStringLiteral("今年"), Kind::Dated},
            {QStringLiteral("明天"), Kind::Dated},     {QStringLiteral("明日"), Kind::Dated},
            {QStringLiteral("后天"), Kind::Dated},     {QStringLiteral("下周"), Kind::Dated},
            {QStringLiteral("下个月"), Kind::Dated},   {QStringLiteral("明年"), Kind::Dated},
            {QStringLiteral("昨天"), Kind::Past},      {QStringLiteral("昨日"), Kind::Past},
            {QStringLiteral("昨晚"), Kind::Past},      {QStringLiteral("前天"), Kind::Past},
            {QStringLiteral("刚才"), Kind::Past},      {QStringLiteral("刚刚"), Kind::Past},
            {QStringLiteral("那天"), Kind::Past},      {QStringLiteral("当时"), Kind::Past},
            {QStringLiteral("那时候"), Kind::Past},    {QStringLiteral("曾经"), Kind::Past},
            {QStringLiteral("从前"), Kind::Past},      {QStringLiteral("上周"), Kind::Past},
            {QStringLiteral("上个月"), Kind::Past},    {QStringLiteral("上次"), Kind::Past},
            {QStringLiteral("去年"), Kind::Past},      {QStringLiteral("前年"), Kind::Past},
            {QStringLiteral("小时候"), Kind::Past},
        };
        std::stable_sort(w.begin(), w.end(), [](const auto &a, const auto &b) { return a.first.size() > b.first.size(); });
        return w;
    }();
    return words;
}

void findChinese(QStringView text, std::vector<Anchor> &out)
{
    // "十天前", "3个月前", "两周以后": an amount, a unit and before/after.
    static const QRegularExpression relative(QStringLiteral(
        "([0-9０-９]+|[一二三四五六七八九十两几半百千]+)\\s*个?(秒钟|秒|分钟|小时|钟头|天|日|周|星期|礼拜|月|年)"
        "(以前|之前|以后|之后|前|后)"));
    auto it = relative.globalMatch(text.toString());
    while (it.hasNext()) {
        const auto m = it.next();
        const bool before = m.captured(3).contains(QStringLiteral("前"));
        out.push_back({before ? Kind::Past : Kind::Dated, m.captured(0)});
    }
    for (const auto &[w, kind] : chineseWords()) {
        if (text.contains(w))
            out.push_back({kind, w});
    }
    // 以前 / 之前 mean "formerly" at the start of a clause or after the subject (我以前…),
    // but "before …" after a verb (提交之前 = before committing), which is no moment.
    static const QRegularExpression formerly(
        QStringLiteral("(^|[\\s，,。.;；！!？?我你他她它们主人用户])(以前|之前|过去)"));
    auto f = formerly.globalMatch(text.toString());
    while (f.hasNext())
        out.push_back({Kind::Past, f.next().captured(2)});
}

} // namespace

std::vector<TimeAnchors::Anchor> TimeAnchors::find(QStringView text)
{
    std::vector<Anchor> found;
    findEnglish(text, found);
    if (text::containsCjk(text))
        findChinese(text, found);
    std::vector<Anchor> out;
    for (Anchor &a : found) {
        a.text = a.text.toLower();
        if (std::find(out.begin(), out.end(), a) == out.end())
            out.push_back(std::move(a));
    }
    return out;
}

QString TimeAnchors::describe(const Anchor &anchor)
{
    const char *kind = anchor.kind == Kind::Past ? "past" : anchor.kind == Kind::Dated ? "dated" : "present";
    return QString::fromLatin1(kind) + QLatin1Char(':') + anchor.text;
}

} // namespace recollector::core
