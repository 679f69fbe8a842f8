#include "engine/conflicts/ConflictDetectorRule.h"

#include "engine/text/NegationCues.h"
#include "engine/text/StatementFacts.h"
#include "engine/text/StatementWords.h"
#include "engine/text/TimeAnchors.h"

#include <QHash>

#include <cmath>

namespace recollector::core::conflict_rule {

namespace {

// Letters and digits only, lower-cased: "I like coffee." and "i like coffee" are one text.
QString textKeyOf(const QString &content)
{
    QString key;
    key.reserve(content.size());
    for (QChar c : content) {
        if (c.isLetterOrNumber())
            key += c.toLower();
    }
    return key;
}

QString quoted(const QStringList &words)
{
    QStringList q;
    for (const QString &w : words)
        q << QLatin1Char('\'') + w + QLatin1Char('\'');
    return q.join(QStringLiteral(", "));
}

} // namespace

Statement statementOf(const QString &content, const QString &project, Millis createdAt, bool keepWords)
{
    Statement s;
    const NegationCues::Analysis negation = NegationCues::analyse(content);
    QStringList dated;
    QStringList anchors;
    for (const TimeAnchors::Anchor &a : TimeAnchors::find(content)) {
        if (a.kind == TimeAnchors::Kind::Present)
            continue; // "now" is what a standing statement claims anyway
        s.past = s.past || a.kind == TimeAnchors::Kind::Past;
        if (a.kind == TimeAnchors::Kind::Dated)
            dated << a.text;
        anchors << a.text;
    }
    s.negative = negation.isNegative();
    s.dated = !dated.isEmpty();
    dated.sort();
    s.datedKey = qHash(dated.join(QLatin1Char('|')));
    s.textKey = qHash(textKeyOf(content));
    if (s.negative) {
        text::StatementWords::Polarity polarity = text::StatementWords::polarityOf(content);
        s.denied = std::move(polarity.denied);
        s.affirmed = std::move(polarity.affirmed);
    }
    s.scopeKey = project.isEmpty() ? 0 : (qHash(project) | 1);
    const text::StatementFacts facts = text::StatementFacts::of(content, text::StatementFacts::Detail::Presence);
    s.subjectKey = qHash(facts.subject);
    s.ownerKey = qHash(facts.owner);
    s.frameKey = facts.frameKey;
    s.plans = !facts.plans.empty();
    s.outcomes = !facts.outcomes.empty();
    s.statuses = !facts.statuses.empty();
    s.change = facts.change;
    s.createdAt = createdAt;
    if (keepWords) {
        s.negations = negation.cues;
        s.anchors = anchors;
    }
    return s;
}

// The rule of the class comment, on two statements (older first).
std::optional<ConflictType> classifyStatements(
    const Statement &older, const Statement &newer, const Config::Conflicts & /*rules*/, QString *reason)
{
    if (older.textKey == newer.textKey)
        return std::nullopt;
    const double daysApart = std::abs(time::daysBetween(older.createdAt, newer.createdAt));
    // A statement about a moment that is over stays true of it (docs/scoring.md, "Detection");
    // statements about named days only clash about the same day, said the same day.
    if (older.past || newer.past)
        return std::nullopt;
    if (older.dated || newer.dated) {
        const bool sameMoment
            = older.dated && newer.dated && older.datedKey == newer.datedKey && daysApart < 1.0;
        if (!sameMoment)
            return std::nullopt;
    }
    if (older.scopeKey != newer.scopeKey) {
        if (older.scopeKey != 0 && newer.scopeKey != 0)
            return std::nullopt;
        if (reason)
            *reason = QStringLiteral(
                "a global and a project-scoped memory of the same subject say different things");
        return ConflictType::ScopeOverlap;
    }
    // Keyword overlap and time alone never make an update (docs/scoring.md#temporal-shift):
    // the judgement rules (ConflictDetector::classify) do, on the words.
    if (older.negative != newer.negative) {
        if (reason) {
            const Statement &neg = older.negative ? older : newer;
            *reason = QStringLiteral("opposite polarity: %1 in the %2 one")
                          .arg(quoted(neg.negations),
                              older.negative ? QStringLiteral("older") : QStringLiteral("newer"));
        }
        return ConflictType::DirectContradiction;
    }
    // Both deny something, and one asks for what the other denies ("use pnpm, never npm" /
    // "do not use pnpm; use npm"): docs/scoring.md, "Denied words".
    if (older.negative && newer.negative
        && text::StatementWords::affirmsWhatTheOtherDenies({older.denied, older.affirmed},
                                                           {newer.denied, newer.affirmed})) {
        if (reason)
            *reason = QStringLiteral("one asks for what the other rules out");
        return ConflictType::DirectContradiction;
    }
    return std::nullopt;
}

bool mayJudge(const Statement &older, const Statement &newer)
{
    if (older.scopeKey != newer.scopeKey)
        return false;
    if (older.frameKey != 0 && older.frameKey == newer.frameKey)
        return true;
    if (older.plans && newer.outcomes && older.ownerKey == newer.ownerKey)
        return true;
    if (older.subjectKey != newer.subjectKey)
        return false;
    return (older.statuses && newer.statuses) || (newer.change && older.frameKey != 0 && newer.frameKey != 0);
}

bool olderFirst(const Memory &x, const Memory &y)
{
    return x.createdAt != y.createdAt ? x.createdAt < y.createdAt : x.id < y.id;
}

QString pairKey(const QString &x, const QString &y)
{
    return x < y ? x + QChar(0) + y : y + QChar(0) + x;
}

} // namespace recollector::core::conflict_rule
