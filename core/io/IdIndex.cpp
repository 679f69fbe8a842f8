#include "io/IdIndex.h"

#include <QHashFunctions>

#include <bit>

namespace engram::core::io {

IdIndex::IdIndex(const std::vector<Memory> &memories)
    : m_slots(std::bit_ceil(std::max<std::size_t>(2 * memories.size(), 16)))
    , m_seed(QHashSeed::globalSeed())
    , m_memories(&memories)
{
    const std::size_t mask = m_slots.size() - 1;
    for (qsizetype position = 0; position < qsizetype(memories.size()); ++position) {
        const QString &id = memories[std::size_t(position)].id;
        const std::size_t hash = qHash(QStringView(id), m_seed);
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            Slot &slot = m_slots[i];
            if (slot.position < 0) {
                slot = Slot { hash, position };
                break;
            }
            if (slot.hash == hash && (*m_memories)[std::size_t(slot.position)].id == id)
                break; // the first keeps the id
        }
    }
}

qsizetype IdIndex::find(QStringView id) const
{
    if (m_slots.empty())
        return -1;
    const std::size_t mask = m_slots.size() - 1;
    const std::size_t hash = qHash(id, m_seed);
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot &slot = m_slots[i];
        if (slot.position < 0)
            return -1;
        if (slot.hash == hash && (*m_memories)[std::size_t(slot.position)].id == id)
            return slot.position;
    }
}

} // namespace engram::core::io
