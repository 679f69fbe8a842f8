#include "engine/text/StatementWords.h"

#include "engine/text/NegationCues.h"
#include "engine/text/QueryTerms.h"
#include "engine/text/TextTokens.h"

#include <QRegularExpression>

#include <algorithm>

namespace recollector::core::text {

namespace {

bool isCue(const QString &word) { return NegationCues::isNegative(word); }

// Content words in order: the Snowball stop words and the negation cues are what a
// restatement may add or drop ("the", "a", "do"); the polarity is compared on its own.
QStringList contentWords(QStringView text)
{
    QStringList out;
    for (const QString &w : wordTokens(text)) {
        if (!isStopWord(w) && !isCue(w))
            out << w;
    }
    return out;
}

} // namespace

namespace {

// Content words after a negation cue in their clause (denied), and the others (affirmed).
void splitByPolarity(QStringView text, QStringList &denied, QStringList &affirmed)
{
    static const QRegularExpression clauseEnd(QStringLiteral("[.,;:!?\\n]|\\bbut\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
    for (const QString &clause : text.toString().split(clauseEnd, Qt::SkipEmptyParts)) {
        bool after = false;
        for (const QString &w : wordTokens(clause)) {
            if (isCue(w)) {
                after = true;
                continue;
            }
            QStringList &side = after ? denied : affirmed;
            if (!isStopWord(w) && !side.contains(w))
                side << w;
        }
    }
    denied.sort();
    affirmed.sort();
}

} // namespace

QStringList StatementWords::deniedWords(QStringView text)
{
    QStringList denied, affirmed;
    splitByPolarity(text, denied, affirmed);
    return denied;
}

StatementWords::Polarity StatementWords::polarityOf(QStringView text)
{
    Polarity p;
    splitByPolarity(text, p.denied, p.affirmed);
    const QStringList both = [&] {
        QStringList out;
        for (const QString &w : p.denied) {
            if (p.affirmed.contains(w))
                out << w;
        }
        return out;
    }();
    for (const QString &w : both) {
        p.denied.removeAll(w);
        p.affirmed.removeAll(w);
    }
    return p;
}

bool StatementWords::affirmsWhatTheOtherDenies(const Polarity &a, const Polarity &b)
{
    for (const QString &w : a.denied) {
        if (b.affirmed.contains(w))
            return true;
    }
    for (const QString &w : b.denied) {
        if (a.affirmed.contains(w))
            return true;
    }
    return false;
}

bool StatementWords::sameStatement(const QString &a, const QString &b)
{
    return contentWords(a) == contentWords(b) && NegationCues::isNegative(a) == NegationCues::isNegative(b)
        && deniedWords(a) == deniedWords(b);
}

} // namespace recollector::core::text
