#pragma once

#include "engine/text/StatementFacts.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstdint>
#include <vector>

namespace recollector::core::text {

/// Whether one statement restates another (docs/scoring.md#restatements): the same fact said
/// again, in other words or with a detail more. Two steps, the way near-duplicate detection is
/// usually done:
///  1. **word overlap**: the content words (stemmed, stop words left out, near-synonyms folded;
///     StatementFacts::stems) of the shorter held by the other for the most part, and enough of
///     both in common (overlap coefficient, Jaccard and a count). A word is held by the same
///     stem or, failing that, by a word near in meaning in WordNet (text::WordSenses); a pair
///     that needs the second is only ever a likely duplicate (kShorterHeld);
///  2. **no value differs**: the same numbers, the same denials, the same names, no word put in
///     another's place, neither tied to a moment of its own ("last week", "yesterday"), no
///     different event reported ("attended" / "organized"), and no judgement rule (an update,
///     a contradiction) telling them apart.
/// The whole-store search (engine/capture/DuplicateFinder) finds its candidates by MinHash
/// over the same words, then asks this check.
class Restatement final
{
public:
    /// Step 1's thresholds: the share of the shorter's words the other holds, the Jaccard
    /// overlap of both, and the words in common (fewer when the shorter has fewer).
    static constexpr double kShorterHeld = 0.4;
    static constexpr double kJaccard = 0.25;
    static constexpr int kSharedWords = 3;
    /// A write (`add`, MCP `remember`, an import, an attached folder's sync) takes a
    /// restatement as the memory it restates, with no one asked, only from this share of the
    /// shorter's words (docs/scoring.md#restatements); below it, from kShorterHeld, the two stay
    /// apart and Review ▸ Duplicates lists them for the person to decide.
    static constexpr double kTakenAsOne = 2.0 / 3.0;

    /// Step 1's words of one statement: each content word with the keys it meets another's by,
    /// its stem and its WordNet senses (text::WordSenses), hashed; and the union of them.
    struct Words
    {
        std::vector<std::uint32_t> keys;    ///< each word's stem, then its own senses
        std::vector<std::uint32_t> ups;     ///< each word's senses' direct hypernyms
        std::vector<std::uint32_t> keyEnds; ///< where each word's keys end
        std::vector<std::uint32_t> upEnds;
        std::vector<std::uint32_t> stems;   ///< each word's stem key, sorted
        std::vector<std::uint32_t> own;     ///< every key, sorted, once each
        std::vector<std::uint32_t> reach;   ///< every key and hypernym, sorted, once each
        qsizetype withSenses = 0;           ///< words WordNet knows (the others meet by stem only)
        qsizetype size() const { return qsizetype(keyEnds.size()); }
    };
    /// The words of `stems` (sorted, unique: StatementFacts::stems or searchWords) with the
    /// senses of the words of `text` they were stemmed from.
    static Words wordsOf(const QStringList &stems, QStringView text);

    /// What the check reads of one statement besides its facts.
    struct Marks
    {
        Words words;          ///< step 1's words
        QStringList names;    ///< capitalised words inside the sentence, the first word left out
        bool episode = false; ///< tied to a moment: "last week", "yesterday", "recently", "ten days ago"
        QString lead;         ///< the first verb after the subject, stemmed and folded
        bool leadPast = false; ///< that verb reports a past event ("attended", "went")
    };
    static Marks marksOf(const StatementFacts &facts);
    static Marks marksOf(const StatementFacts &facts, Words words);

    /// How surely `newer` restates `older`: 0 when it does not, else the share of the
    /// shorter's content words the other holds (in (0, 1]). `sameDenial`: both deny the same
    /// words or neither denies anything (NegationCues, StatementWords::deniedWords).
    static double share(const StatementFacts &older, const StatementFacts &newer, bool sameDenial);
    /// The same with each statement's marks computed once (a whole-store search checks one
    /// memory against many).
    static double share(const StatementFacts &older, const Marks &olderMarks, const StatementFacts &newer,
                        const Marks &newerMarks, bool sameDenial);
    /// Step 1 alone: 0 when the two do not have enough words in common, else the share of the
    /// shorter's words the other holds by the same stem; kShorterHeld when they have enough in
    /// common only with the words near in meaning counted (listed, never taken as one).
    static double overlap(const Words &a, const Words &b);

    /// The content words step 1 compares, quickly, for a whole-store search: stemmed, stop
    /// words and the first word (the subject) left out, near-synonyms folded; Chinese as pairs
    /// of characters. `owner` gets the first word.
    static QStringList searchWords(QStringView text, QString *owner = nullptr);

    /// Why, in words: "restates 'Maria volunteers at a homeless shelter' (4 words in common)".
    static QString why(const QString &older, double share);

private:
    static double overlapOf(qsizetype inB, qsizetype inA, qsizetype a, qsizetype b);
    static bool valuesDiffer(const StatementFacts &older, const Marks &o, const StatementFacts &newer, const Marks &n);
};

} // namespace recollector::core::text
