#pragma once

#include "model/Memory.h"
#include "model/Result.h"

#include <QString>

#include <functional>
#include <vector>

namespace recollector::core {

class Store;

/// One group of memories that restate each other (docs/scoring.md#duplicates-across-the-store):
/// the memories, strongest first, and why the first pair was taken as one fact.
struct DuplicateCluster
{
    std::vector<Memory> memories;
    QString why;
};

/// Finds the restatements across a whole store (Review ▸ Duplicates, `recollector-cli
/// duplicates`) without comparing every pair: each current memory's content words (stemmed,
/// stop words out, near-synonyms folded: the words of text::Restatement) get a MinHash
/// signature, cut into bands of kRows values; memories sharing a band (and their first word and
/// project) are candidates. A candidate pair whose words overlap enough (WordNet's near words
/// counted, text::Restatement::overlap) is then checked as
/// `add` checks one (text::Restatement::share: same category, no value that differs), and the
/// pairs that pass are joined into clusters. Reads only; one pass over the memories.
class DuplicateFinder final
{
public:
    static constexpr int kBands = 20;
    static constexpr int kRows = 1;
    /// A band bucket compares each member with this many after it (a bucket of a very common
    /// pair of words stays linear).
    static constexpr int kBucketReach = 12;

    /// `done` of `total` steps; return false to stop (the result is then Error::Code::Cancelled).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    /// The clusters, largest first, then by their strongest memory.
    [[nodiscard]] static Result<std::vector<DuplicateCluster>> find(Store &store, const Progress &progress = {});
};

} // namespace recollector::core
