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
    /// Words of the question's frame, not of what it asks about (docs/scoring.md#query-terms):
    /// the measure word of a degree question ("how long", "how many"), a taxonomic noun
    /// before "of" ("what kind of"), a light verb ("go", "get", "make", "take", "give"). Each
    /// is also in `words`; a name never is one.
    QStringList frame;
    /// The calendar days the query names in full ("on October 13, 2023"): a memory written
    /// that day is about what was said then (text::calendarDates).
    QList<QDate> dates;

    bool isEmpty() const { return words.isEmpty() && cjkRuns.isEmpty(); }
    int size() const { return int(words.size() + cjkRuns.size()); }
    /// What recall searches for: `words` less the frame words, or all of them when nothing
    /// else is left (a search for "go" alone finds "go").
    QStringList searchWords() const;
    /// searchWords(), then cjkRuns: the order of TextHit::shares.
    QStringList all() const { return searchWords() + cjkRuns; }
};

QueryTerms queryTerms(QStringView query);

/// Whether `word` (lower case) is one of the Snowball English stop words.
bool isStopWord(const QString &word);

} // namespace recollector::core::text
