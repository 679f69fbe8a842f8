#include "io/MemoryPositions.h"

#include <QHashFunctions>

#include <bit>
#include <limits>

namespace recollector::core::io {

MemoryPositions::MemoryPositions(const std::vector<Memory> &memories)
    : m_slots(std::bit_ceil(std::max<std::size_t>(2 * memories.size(), 16)))
    , m_seed(QHashSeed::globalSeed())
{
    Q_ASSERT(memories.size() < std::size_t(std::numeric_limits<std::int32_t>::max()));
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t position = 0; position < memories.size(); ++position) {
        const QString &id = memories[position].id;
        const std::size_t hash = qHash(QStringView(id), m_seed);
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            Slot &slot = m_slots[i];
            if (slot.position < 0) {
                slot = Slot { hash, id.constData(), std::uint32_t(id.size()), std::int32_t(position) };
                break;
            }
            if (slot.hash == hash && QStringView(slot.text, slot.size) == id) {
                m_repeatedIds = true;
                break; // the first keeps the id
            }
        }
    }
}

qsizetype MemoryPositions::find(QStringView id) const
{
    if (m_slots.empty())
        return -1;
    const std::size_t mask = m_slots.size() - 1;
    const std::size_t hash = qHash(id, m_seed);
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const Slot &slot = m_slots[i];
        if (slot.position < 0)
            return -1;
        if (slot.hash == hash && QStringView(slot.text, slot.size) == id)
            return slot.position;
    }
}

} // namespace recollector::core::io
