#pragma once

#include "engine/decisions/DecisionOutcome.h"
#include "model/Memory.h"
#include "model/Result.h"

#include <QString>

#include <optional>

namespace recollector::core {

class Decisions;
class HeldStatements;
class Store;

/// Finds the memory a new one restates (docs/scoring.md#restatements): the candidates are the
/// text index's best kCandidates for its words and keywords, of those the current memories of
/// the same category and project, and the check is text::Restatement::share on their texts
/// (the same content words for the most part, the same numbers and denials, no judgement rule
/// telling them apart), from text::Restatement::kTakenAsOne. What an assistant adds that
/// restates a memory is recorded as a reinforcement of it (the new text kept in the event).
class Restatements final
{
public:
    static constexpr int kCandidates = 64;

    struct Match
    {
        Memory memory;
        double share = 0; ///< of the shorter text's content words, held by the other
        QString why;      ///< "restates 'Maria volunteers at a homeless shelter' (4 of 5 words)"
    };

    /// `held`: the memories already read in this transaction, for a run of many drafts.
    [[nodiscard]] static Result<std::optional<Match>> find(Store &store, const Memory &draft,
                                                           HeldStatements *held = nullptr);

    struct Recorded
    {
        Match match;
        DecisionOutcome outcome;
    };
    /// The one rule of every way in (`add`, MCP `remember`, an import, an attached folder's
    /// sync): when `draft` restates a memory held, that memory is reinforced
    /// (Decisions::reinforceRestated: a mention, `draft`'s text kept in the event) and the
    /// match returned; otherwise nothing is written. Joins the caller's transaction.
    [[nodiscard]] static Result<std::optional<Recorded>> reinforce(Store &store, Decisions &decisions,
                                                                   const Memory &draft, Millis at,
                                                                   const QString &actor);
    /// reinforce()'s write, for a path that found the match first (an import skips the memory,
    /// writes the rest, then records this).
    [[nodiscard]] static Result<Recorded> record(Decisions &decisions, Match match, const QString &text, Millis at,
                                                 const QString &actor);
};

} // namespace recollector::core
