#include "engine/graph/IdIndex.h"

#include <QByteArray>

#include <algorithm>

namespace recollector::core {

namespace {
std::size_t slotCountFor(std::size_t count)
{
    std::size_t n = 16;
    while (n < count * 2) // load factor ≤ 0.5 keeps probes short
        n <<= 1;
    return n;
}
} // namespace

std::uint64_t IdIndex::hash(std::string_view text)
{
    // FNV-1a, then a final mix so that ids differing only in their last characters (ULIDs
    // made in the same millisecond) spread over the table.
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

void IdIndex::reserve(std::size_t count, std::size_t bytes)
{
    m_offsets.reserve(count);
    m_lengths.reserve(count);
    m_bytes.reserve(bytes);
    if (m_slots.size() < slotCountFor(count)) {
        m_slots.assign(slotCountFor(count), kNone);
        for (std::uint32_t i = 0; i < m_lengths.size(); ++i) {
            const std::string_view v = view(i);
            std::size_t mask = m_slots.size() - 1;
            std::size_t s = hash(v) & mask;
            while (m_slots[s] != kNone)
                s = (s + 1) & mask;
            m_slots[s] = i;
        }
    }
}

std::uint32_t IdIndex::probe(std::string_view id, std::uint64_t h) const
{
    const std::size_t mask = m_slots.size() - 1;
    std::size_t s = h & mask;
    while (true) {
        const std::uint32_t at = m_slots[s];
        if (at == kNone || view(at) == id)
            return std::uint32_t(s);
        s = (s + 1) & mask;
    }
}

std::uint32_t IdIndex::insert(std::string_view id)
{
    if (m_slots.empty() || (m_lengths.size() + 1) * 2 > m_slots.size())
        reserve(std::max<std::size_t>(16, m_lengths.size() * 2 + 2), 0);
    const std::uint32_t s = probe(id, hash(id));
    if (m_slots[s] != kNone)
        return m_slots[s];
    const auto index = std::uint32_t(m_lengths.size());
    m_offsets.push_back(m_bytes.size());
    m_lengths.push_back(std::uint32_t(id.size()));
    m_bytes.append(id);
    m_slots[s] = index;
    return index;
}

std::uint32_t IdIndex::insert(const QString &id)
{
    const QByteArray bytes = id.toUtf8();
    return insert(std::string_view(bytes.constData(), size_t(bytes.size())));
}

std::uint32_t IdIndex::find(std::string_view id) const
{
    if (m_slots.empty())
        return kNone;
    return m_slots[probe(id, hash(id))];
}

std::uint32_t IdIndex::find(const QString &id) const
{
    const QByteArray bytes = id.toUtf8();
    return find(std::string_view(bytes.constData(), size_t(bytes.size())));
}

} // namespace recollector::core
