#pragma once

#include "JudgementPairs.h"

#include <QMap>
#include <QString>

namespace recollector::bench {

/// The judgement benchmark (docs/scoring.md#judgement-benchmark): each labelled pair added to
/// a store of its own as an assistant adds memories (core::MemoryCapture::add, the code behind
/// `recollector-cli add`, actor assistant, at the pair's times), then what Recollector made of
/// it: a conflict left open, the older superseded, the two taken as one memory, the two listed
/// as duplicates for the person to decide (core::DuplicateFinder, Review ▸ Duplicates), or
/// nothing.
class JudgementBench final
{
public:
    enum class Outcome { Nothing, Conflict, Superseded, OneMemory, Listed };
    struct Tally
    {
        int pairs = 0;
        int conflict = 0;
        int superseded = 0;
        int oneMemory = 0;
        int listed = 0;
    };

    /// Adds the pair to a fresh store; an error message, or empty. `why` gets the judgement's words.
    QString run(const LabelledPair &pair, Outcome &outcome, QString &why);

    void count(const LabelledPair &pair, Outcome outcome);
    /// The table: per set and label, how often each outcome came, beside the "flag nothing"
    /// baseline, and the targets' shares.
    QString table() const;

private:
    QMap<QString, QMap<QString, Tally>> m_tally; ///< set → label → tally
    int m_run = 0;
};

/// The generator's 20,500-memory store, detected whole: how many conflicts of each kind it
/// raises and how many older memories it supersedes, with a few of them for a person to read.
QString syntheticRun(int memories, int examples);

} // namespace recollector::bench
