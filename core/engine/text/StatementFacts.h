#pragma once

#include "engine/text/JudgementWords.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace recollector::core::text {

/// What the judgement rules (text::Judgement, docs/scoring.md#judgement-rules) read of one
/// statement, computed once per text: its plan and outcome clauses with the words they are
/// about, its status phrases, the frame its values sit in, and its content words.
struct StatementFacts
{
    /// A clause about something planned or done: the stems of the words after its cue and the
    /// words of the text that say it ("looking forward to attending a transgender conference").
    struct Step
    {
        QStringList objects;
        std::vector<int> objectEnds; ///< where each object ends in the text
        int begin = 0;               ///< where the cue begins
        /// The words from the cue to `object` ("signed a deal with Nike").
        QString quote(const QString &text, const QString &object) const;
    };
    /// "lives in Berlin", "lost his job", "got married".
    struct Status
    {
        JudgementWords::Domain domain = JudgementWords::Domain::None;
        int state = 0;
        bool change = false;
        QString value; ///< the place, employer …; empty when the words name none
        QString quote;
    };
    /// One token of the frame: the text with articles and change words left out.
    struct FrameToken
    {
        QString word;
        std::uint8_t slot = 0; ///< 0 none, 1 number, 2 exclusive value, 3 after an exclusive predicate
        int value = -1;        ///< a number's value
        int begin = 0;         ///< where it is in the text
        int end = 0;
    };

    QString text;
    QString subject; ///< the first word, with the next after a possessive ("lin sister"); Chinese: two characters
    QString owner;   ///< the first word alone: whose plans they are ("John's colleague invited him")
    std::vector<Step> plans;
    std::vector<Step> outcomes;
    std::vector<Status> statuses;
    std::vector<FrameToken> frame;
    std::size_t frameKey = 0; ///< the frame with its slots blanked; 0 when it has no slot
    bool change = false;      ///< a word of change ("now", 现在 …)
    QString changeQuote;
    QStringList stems;        ///< content words, stemmed, sorted, once each (the subject left out)
    QStringList sequence;     ///< content words, stemmed, in their order
    std::vector<int> numbers; ///< the numbers it states, sorted
    QStringList partners;     ///< values that exclude one of its own (what a neighbour search adds)

    /// Whether any judgement rule could fire on it (the cheap filter of a whole-store search).
    bool judgeable() const { return !plans.empty() || !outcomes.empty() || !statuses.empty() || frameKey != 0; }

    /// Everything (Full), or only what judgeable(), `subject`, `frameKey` and the presence of
    /// plans, outcomes and statuses need (Presence: the whole-store search's cheap filter).
    enum class Detail { Full, Presence };
    static StatementFacts of(QStringView text, Detail detail = Detail::Full);
    /// The light English stemmer the rules compare words with ("attending", "attended" → "attend").
    static QString stem(const QString &word);
};

} // namespace recollector::core::text
