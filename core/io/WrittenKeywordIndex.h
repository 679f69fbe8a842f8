#pragma once

#include "engine/graph/KeywordIndex.h"

#include <atomic>
#include <optional>
#include <thread>
#include <vector>

namespace recollector::core::io {

/// The keyword index of the store after an import into a store that held no memory before,
/// built from the memories the import wrote on a thread of its own while it writes the
/// events. The links of the memories the set left without one are found with the index of
/// the whole store (AfterChange); for 68 such memories of the 100k set their keywords were too
/// many for a filtered read, and reading the whole index back from the store took a quarter
/// of a second on the writing thread. KeywordIndex::fromRecords builds the same index
/// build() reads from a store holding these memories in this order (core.keywordindex_bulk).
class WrittenKeywordIndex final
{
public:
    explicit WrittenKeywordIndex(std::vector<KeywordIndex::Record> records);
    ~WrittenKeywordIndex();
    WrittenKeywordIndex(const WrittenKeywordIndex &) = delete;
    WrittenKeywordIndex &operator=(const WrittenKeywordIndex &) = delete;

    /// The index, once the thread is done (once: it is moved out).
    KeywordIndex take();

    /// Indexes built so far in this process (tests: the import took this path).
    static quint64 built();

private:
    std::vector<KeywordIndex::Record> m_records;
    std::optional<KeywordIndex> m_index;
    std::thread m_thread; // last: started once the members above exist
};

} // namespace recollector::core::io
