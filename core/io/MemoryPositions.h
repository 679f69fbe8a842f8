#pragma once

#include "model/Memory.h"

#include <QStringView>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace recollector::core::io {

/// The position of each memory of a list by its id: the lookups an import makes for every
/// link end and event (about a million for the 100k set).
///
/// A QHash<QString, …> compares the key at every slot it probes, and each comparison reads
/// the key's text from elsewhere in memory (a cache miss, most of a lookup's time there).
/// This table keeps each id's hash and where its text is beside its position, so a probe
/// compares the hash in the table and reads an id's text only where the hashes match. The hash is Qt's, with the
/// process's random seed, so no file can pick ids that all collide.
class MemoryPositions final
{
public:
    MemoryPositions() = default;
    /// Indexes `memories`, which must outlive the index and not change; where two share an
    /// id (a set does not: its readers refuse that), the first is found.
    explicit MemoryPositions(const std::vector<Memory> &memories);

    /// The position in the list of the memory with this id, or -1.
    [[nodiscard]] qsizetype find(QStringView id) const;
    /// True when some id of the list is there more than once: without, the memory at a
    /// position is the one find() gives for its id, and need not be looked up to know it.
    [[nodiscard]] bool hasRepeatedIds() const { return m_repeatedIds; }

private:
    /// An id's hash, position and text: a probe that matches the hash compares the text here,
    /// without reading the Memory first.
    struct Slot
    {
        std::size_t hash = 0;
        const QChar *text = nullptr;
        std::uint32_t size = 0;
        std::int32_t position = -1; ///< -1: empty
    };

    std::vector<Slot> m_slots; ///< a power of two, at least twice the memories
    std::size_t m_seed = 0;
    bool m_repeatedIds = false;
};

} // namespace recollector::core::io
