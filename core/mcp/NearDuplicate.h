#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <optional>

namespace recollector::core {
class Store;
}

namespace recollector::core::mcp {

/// The rule that keeps an assistant from storing one fact many times (docs/cli.md, "mcp";
/// docs/scoring.md, "Same statement"): a live, current memory (not deleted, negated or
/// superseded) of the same category whose keywords have a Jaccard overlap ≥ kMinJaccard with
/// the new one's and whose text is the same statement (text::StatementWords::sameStatement:
/// the same content words in the same order, denying the same words) is the same memory said
/// again: it is reinforced instead of added. A statement that differs in a value or in what it
/// denies is stored, and the conflict check decides about the pair.
class NearDuplicate final
{
public:
    static constexpr double kMinJaccard = 0.8;

    struct Match
    {
        Memory memory;
        double jaccard = 0;
    };

    /// The best match for `draft` (highest overlap, then the newest), if any. Reads only the
    /// memories that share a keyword with it.
    [[nodiscard]] static Result<std::optional<Match>> find(Store &store, const Memory &draft);
};

} // namespace recollector::core::mcp
