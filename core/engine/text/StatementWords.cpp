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

QStringList StatementWords::deniedWords(QStringView text)
{
    static const QRegularExpression clauseEnd(QStringLiteral("[.,;:!?\\n]|\\bbut\\b"),
                                              QRegularExpression::CaseInsensitiveOption);
    QStringList denied;
    for (const QString &clause : text.toString().split(clauseEnd, Qt::SkipEmptyParts)) {
        bool after = false;
        for (const QString &w : wordTokens(clause)) {
            if (isCue(w)) {
                after = true;
                continue;
            }
            if (after && !isStopWord(w) && !denied.contains(w))
                denied << w;
        }
    }
    denied.sort();
    return denied;
}

bool StatementWords::sameStatement(const QString &a, const QString &b)
{
    return contentWords(a) == contentWords(b) && NegationCues::isNegative(a) == NegationCues::isNegative(b)
        && deniedWords(a) == deniedWords(b);
}

} // namespace recollector::core::text
