#include "engine/text/Judgement.h"

#include <QSet>

#include <algorithm>
#include <iterator>

namespace recollector::core::text {

namespace {

using Domain = JudgementWords::Domain;

QString says(const QString &what, const QString &newer, const QString &older)
{
    return QStringLiteral("%1: the newer says '%2', the older '%3'").arg(what, newer, older);
}

// The words around a frame's slot, as the text has them ("has three kids", 喜欢深色主题).
QString around(const StatementFacts &f, std::size_t slot)
{
    const bool cjk = f.frame[slot].end - f.frame[slot].begin <= 1 || f.text.at(f.frame[slot].begin).unicode() >= 0x2e80;
    const std::size_t reach = cjk ? 2 : 1;
    const std::size_t from = slot >= reach ? slot - reach : 0;
    const std::size_t to = std::min(f.frame.size() - 1, slot + reach);
    return f.text.mid(f.frame[from].begin, f.frame[to].end - f.frame[from].begin).simplified();
}

bool sameValue(const QString &a, const QString &b)
{
    return StatementFacts::stem(a) == StatementFacts::stem(b);
}

} // namespace

// The newer says a number changed ("targets Node 22 LTS now") where the older gives the same
// thing another number ("targets Node 18 …"): the word before the number names the thing.
std::optional<Judgement::Verdict> byChangedNumber(const StatementFacts &older, const StatementFacts &newer)
{
    if (!newer.change || older.subject != newer.subject)
        return std::nullopt;
    for (std::size_t i = 1; i < newer.frame.size(); ++i) {
        if (newer.frame[i].slot != 1)
            continue;
        for (std::size_t k = 1; k < older.frame.size(); ++k) {
            if (older.frame[k].slot == 1 && older.frame[k - 1].word == newer.frame[i - 1].word
                && older.frame[k].value != newer.frame[i].value)
                return Judgement::Verdict{Judgement::Kind::Update, true,
                                          says(QStringLiteral("a number that changed"), around(newer, i),
                                               around(older, k))};
        }
    }
    return std::nullopt;
}

std::optional<Judgement::Verdict> Judgement::byFrame(const StatementFacts &older, const StatementFacts &newer)
{
    if (older.frameKey != newer.frameKey || older.frame.size() != newer.frame.size())
        return byChangedNumber(older, newer);
    if (older.frameKey == 0 || older.frameKey != newer.frameKey || older.frame.size() != newer.frame.size())
        return std::nullopt;
    std::size_t slot = older.frame.size();
    for (std::size_t i = 0; i < older.frame.size(); ++i) {
        if (older.frame[i].word == newer.frame[i].word)
            continue;
        if (slot != older.frame.size())
            return std::nullopt; // two values changed: not one attribute
        slot = i;
    }
    if (slot == older.frame.size())
        return std::nullopt;
    const StatementFacts::FrameToken &o = older.frame[slot];
    const StatementFacts::FrameToken &n = newer.frame[slot];
    if (o.slot == 0 || o.slot != n.slot)
        return std::nullopt;
    QString what;
    if (o.slot == 1) {
        if (o.value == n.value)
            return std::nullopt;
        what = newer.change ? QStringLiteral("a number that changed") : QStringLiteral("two numbers for one thing");
    } else if (newer.change) {
        if (o.slot == 2 && JudgementWords::exclusiveSet(o.word) != JudgementWords::exclusiveSet(n.word))
            return std::nullopt;
        if (sameValue(o.word, n.word))
            return std::nullopt;
        what = QStringLiteral("a value that changed");
    } else if (o.slot == 2) {
        if (JudgementWords::exclusiveSet(o.word) != JudgementWords::exclusiveSet(n.word) || sameValue(o.word, n.word))
            return std::nullopt;
        what = QStringLiteral("values that cannot both hold");
    } else {
        if (sameValue(o.word, n.word))
            return std::nullopt;
        what = QStringLiteral("two values for what can only have one");
    }
    return Verdict{newer.change ? Kind::Update : Kind::Contradiction, newer.change,
                   says(what, newer.change ? newer.changeQuote : around(newer, slot), around(older, slot))};
}

std::optional<Judgement::Verdict> Judgement::byStatus(const StatementFacts &older, const StatementFacts &newer)
{
    if (older.subject != newer.subject)
        return std::nullopt;
    for (const StatementFacts::Status &o : older.statuses) {
        for (const StatementFacts::Status &n : newer.statuses) {
            if (o.domain != n.domain)
                continue;
            const bool sameValue = o.value == n.value;
            if (o.domain == Domain::Residence) {
                if (n.state == 1 && !sameValue)
                    return Verdict{Kind::Update, true, says(QStringLiteral("a move"), n.quote, o.quote)};
                if (o.state == 0 && n.state == 0 && !sameValue)
                    return Verdict{Kind::Contradiction, false, says(QStringLiteral("two homes"), n.quote, o.quote)};
            } else if (o.domain == Domain::Job) {
                if (o.state == 0 && n.state == 1 && (n.value.isEmpty() || sameValue))
                    return Verdict{Kind::Update, true, says(QStringLiteral("a job left"), n.quote, o.quote)};
                if (o.state == 1 && n.state == 0 && n.change)
                    return Verdict{Kind::Update, true, says(QStringLiteral("a new job"), n.quote, o.quote)};
                if (o.state == 0 && n.state == 0 && !o.value.isEmpty() && !n.value.isEmpty() && !sameValue && !n.change)
                    return Verdict{Kind::Contradiction, false, says(QStringLiteral("two employers"), n.quote, o.quote)};
            } else if (o.domain == Domain::Relationship && o.state != n.state) {
                const bool after = n.state > o.state || n.change || newer.change;
                return Verdict{after ? Kind::Update : Kind::Contradiction, after,
                               says(after ? QStringLiteral("a relationship that moved on")
                                          : QStringLiteral("two relationship statuses"),
                                    n.quote, o.quote)};
            }
        }
    }
    return std::nullopt;
}

std::optional<Judgement::Verdict> Judgement::byPlan(const StatementFacts &older, const StatementFacts &newer)
{
    if (older.owner != newer.owner || older.plans.empty() || newer.outcomes.empty())
        return std::nullopt;
    QSet<QString> stillPlanned; // the newer still plans it: not done yet
    for (const StatementFacts::Step &p : newer.plans) {
        for (const QString &w : p.objects)
            stillPlanned.insert(w);
    }
    for (const StatementFacts::Step &p : older.plans) {
        for (const StatementFacts::Step &o : newer.outcomes) {
            for (const QString &w : o.objects) {
                if (p.objects.contains(w) && !stillPlanned.contains(w))
                    return Verdict{Kind::Update, true,
                                   says(QStringLiteral("a plan carried out"), o.quote(newer.text, w),
                                        p.quote(older.text, w))};
            }
        }
    }
    return std::nullopt;
}

std::optional<Judgement::Verdict> Judgement::byValue(const StatementFacts &older, const StatementFacts &newer)
{
    if (auto v = byFrame(older, newer))
        return v;
    return byStatus(older, newer);
}

std::optional<Judgement::Verdict> Judgement::judge(const StatementFacts &older, const StatementFacts &newer)
{
    if (auto v = byValue(older, newer))
        return v;
    return byPlan(older, newer);
}

bool Judgement::substitutes(const QStringList &a, const QStringList &b)
{
    qsizetype prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
        ++suffix;
    const qsizetype middleA = a.size() - prefix - suffix;
    const qsizetype middleB = b.size() - prefix - suffix;
    return middleA > 0 && middleB > 0 && middleA <= 2 && middleB <= 2;
}

} // namespace recollector::core::text
