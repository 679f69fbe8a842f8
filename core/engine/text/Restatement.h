#pragma once

#include "engine/text/StatementFacts.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace recollector::core::text {

/// Whether one statement restates another (docs/scoring.md#restatements): the same fact said
/// again, in other words or with a detail more. Two steps, the way near-duplicate detection is
/// usually done:
///  1. **word overlap**: the content words (stemmed, stop words left out, near-synonyms folded;
///     StatementFacts::stems) of the shorter held by the other for the most part, and enough of
///     both in common (overlap coefficient, Jaccard and a count);
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

    /// What step 2 reads of one statement besides its facts.
    struct Marks
    {
        QStringList names;    ///< capitalised words inside the sentence, the first word left out
        bool episode = false; ///< tied to a moment: "last week", "yesterday", "recently", "ten days ago"
        QString lead;         ///< the first verb after the subject, stemmed and folded
        bool leadPast = false; ///< that verb reports a past event ("attended", "went")
    };
    static Marks marksOf(const StatementFacts &facts);

    /// How surely `newer` restates `older`: 0 when it does not, else the share of the
    /// shorter's content words the other holds (in (0, 1]). `sameDenial`: both deny the same
    /// words or neither denies anything (NegationCues, StatementWords::deniedWords).
    static double share(const StatementFacts &older, const StatementFacts &newer, bool sameDenial);
    /// The same with each statement's marks computed once (a whole-store search checks one
    /// memory against many).
    static double share(const StatementFacts &older, const Marks &olderMarks, const StatementFacts &newer,
                        const Marks &newerMarks, bool sameDenial);
    /// Step 1 alone, on two sorted lists of content words.
    static double overlap(const QStringList &a, const QStringList &b);
    /// Step 1 alone on hashed words (the whole-store search): both sorted, unique.
    static double overlap(const std::vector<std::uint32_t> &a, const std::vector<std::uint32_t> &b);

    /// The content words step 1 compares, quickly, for a whole-store search: stemmed, stop
    /// words and the first word (the subject) left out, near-synonyms folded; Chinese as pairs
    /// of characters. `owner` gets the first word.
    static QStringList searchWords(QStringView text, QString *owner = nullptr);

    /// Why, in words: "restates 'Maria volunteers at a homeless shelter' (4 words in common)".
    static QString why(const QString &older, double share);

private:
    static double overlapOf(qsizetype shared, qsizetype a, qsizetype b);
    static bool valuesDiffer(const StatementFacts &older, const Marks &o, const StatementFacts &newer, const Marks &n);
};

} // namespace recollector::core::text
