#pragma once

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace recollector::core::text {

/// What recall looks a query up by (docs/scoring.md, "Query terms").
struct QueryTerms
{
    /// Lower-cased content words, in query order, each once: the query's words less the
    /// Snowball English stop words, a possessive "'s" dropped, words with inner connectors
    /// ("node.js") cut into their letters-and-digits parts. Two-character CJK words too
    /// (they match a keyword of that word).
    QStringList words;
    /// Runs of three or more CJK characters, matched as substrings by the trigram table.
    QStringList cjkRuns;
    /// The words written with a capital inside a sentence (not its first word): proper
    /// names, what a question is about ("When did Maria meet Jean?" → maria, jean).
    QStringList names;
    /// The calendar days the query names in full ("on October 13, 2023"): a memory written
    /// that day is about what was said then (text::calendarDates).
    QList<QDate> dates;

    bool isEmpty() const { return words.isEmpty() && cjkRuns.isEmpty(); }
    int size() const { return int(words.size() + cjkRuns.size()); }
    /// words, then cjkRuns: the order of TextHit::shares.
    QStringList all() const { return words + cjkRuns; }
};

QueryTerms queryTerms(QStringView query);

/// Whether `word` (lower case) is one of the Snowball English stop words.
bool isStopWord(const QString &word);

} // namespace recollector::core::text
