#include "io/SetPositions.h"

namespace recollector::core::io {

SetPositions::SetPositions(const MemorySet &set, const MemoryPositions &ids)
    : m_thread([this, &set, &ids] { work(set, ids); })
{
}

SetPositions::~SetPositions()
{
    m_stop.store(true, std::memory_order_relaxed);
    if (m_thread.joinable())
        m_thread.join();
}

const SetPositions::Positions &SetPositions::positions()
{
    if (m_thread.joinable())
        m_thread.join();
    return m_positions;
}

void SetPositions::work(const MemorySet &set, const MemoryPositions &ids)
{
    // A position fits 32 bits: a set of 2^31 memories would be a file of terabytes.
    const auto at = [&](const QString &id) { return std::int32_t(ids.find(id)); };
    constexpr std::size_t kCheckEvery = 4096; // an import that stops early need not wait
    m_positions.linkA.resize(set.associations.size());
    m_positions.linkB.resize(set.associations.size());
    for (std::size_t i = 0; i < set.associations.size(); ++i) {
        if (i % kCheckEvery == 0 && m_stop.load(std::memory_order_relaxed))
            return;
        const Association &link = set.associations[i];
        // A set's links come by their first end: a run of one end is looked up once.
        m_positions.linkA[i] = i > 0 && set.associations[i - 1].a == link.a ? m_positions.linkA[i - 1] : at(link.a);
        m_positions.linkB[i] = at(link.b);
    }
    m_positions.eventMemory.resize(set.events.size());
    for (std::size_t i = 0; i < set.events.size(); ++i) {
        if (i % kCheckEvery == 0 && m_stop.load(std::memory_order_relaxed))
            return;
        m_positions.eventMemory[i] = at(set.events[i].memoryId);
    }
}

} // namespace recollector::core::io
