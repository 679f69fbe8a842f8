#pragma once

#include "io/MemoryPositions.h"
#include "io/MemorySet.h"

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace recollector::core::io {

/// Where each link end and each event's memory of a set is in the set's list of memories
/// (-1: not in the set), worked out on a thread of its own while the import writes the
/// memories: the million lookups of the 100k set, a tenth of its import on the writing
/// thread before (each compares an id's text, a cache miss), then take no time there.
///
/// Reads only `set` and `ids`, which must outlive it and not change. positions() waits for
/// the thread; the destructor stops and waits for it.
class SetPositions final
{
public:
    struct Positions
    {
        std::vector<std::int32_t> linkA, linkB; ///< by link
        std::vector<std::int32_t> eventMemory;  ///< by event
    };

    SetPositions(const MemorySet &set, const MemoryPositions &ids);
    ~SetPositions();
    SetPositions(const SetPositions &) = delete;
    SetPositions &operator=(const SetPositions &) = delete;

    /// Every position, once the thread is done.
    const Positions &positions();

private:
    void work(const MemorySet &set, const MemoryPositions &ids);

    Positions m_positions;
    std::atomic<bool> m_stop{false};
    std::thread m_thread; // last: started once the members above exist
};

} // namespace recollector::core::io
