#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <QString>

#include <optional>

namespace recollector::core {

class Store;

/// Finds the memory a new one restates (docs/scoring.md#restatements): the candidates are the
/// current memories of the same category that share a keyword with it (the store's keyword
/// column, the best kCandidates by keyword overlap), and the check is text::Judgement::
/// restatement on their texts: the same content words for the most part, the same numbers and
/// denials, and no judgement rule telling them apart. What an assistant adds that restates a
/// memory is recorded as a reinforcement of it (the new text kept in the event).
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

    [[nodiscard]] static Result<std::optional<Match>> find(Store &store, const Memory &draft);
};

} // namespace recollector::core
