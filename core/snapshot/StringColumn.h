#pragma once

#include <QString>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace recollector::core {

/// Asks the kernel to back a large buffer with huge pages. A million-row snapshot touches
/// ~500 MB for the first time while loading; with 4 KiB pages that is ~130,000 page faults,
/// which cost more than the copying itself on a virtual machine. Advice only: harmless when
/// transparent huge pages are off, and a no-op off Linux.
inline void adviseHugePages(const void *data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHuge = 2u << 20;
    if (bytes < 4 * kHuge)
        return;
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
    if (end > begin)
        ::madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

template <typename Vector>
void reserveLarge(Vector &v, std::size_t count)
{
    v.reserve(count);
    adviseHugePages(v.data(), v.capacity() * sizeof(typename Vector::value_type));
}

/// One string per row, all bytes (UTF-8) in one shared buffer: a million short strings cost
/// their bytes plus 12 bytes a row instead of a heap block each. Replacing a row's string
/// appends the new bytes and leaves the old ones unused until the column is rebuilt (a full
/// reload), which keeps replacement O(length) and never moves other rows.
class StringColumn final
{
public:
    void reserve(std::size_t rows, std::size_t bytes)
    {
        reserveLarge(m_offsets, rows);
        reserveLarge(m_lengths, rows);
        m_bytes.reserve(bytes);
        adviseHugePages(m_bytes.data(), m_bytes.capacity());
    }

    void append(std::string_view text)
    {
        m_offsets.push_back(m_bytes.size());
        m_lengths.push_back(std::uint32_t(text.size()));
        m_bytes.append(text);
    }

    void set(std::size_t row, std::string_view text)
    {
        if (text.size() <= m_lengths[row]) {
            // Fits where the old one was: overwrite in place, no growth.
            m_bytes.replace(m_offsets[row], text.size(), text);
        } else {
            m_offsets[row] = m_bytes.size();
            m_bytes.append(text);
        }
        m_lengths[row] = std::uint32_t(text.size());
    }

    std::string_view view(std::size_t row) const
    {
        return std::string_view(m_bytes.data() + m_offsets[row], m_lengths[row]);
    }
    /// Asks the processor for a row's place (offset and length), then for its bytes, without
    /// waiting: for a lookup of many rows at once (MemorySnapshot::rowsOf).
    void prefetchPlace(std::size_t row) const
    {
        __builtin_prefetch(m_offsets.data() + row);
        __builtin_prefetch(m_lengths.data() + row);
    }
    void prefetchBytes(std::size_t row) const { __builtin_prefetch(m_bytes.data() + m_offsets[row]); }
    QString toQString(std::size_t row) const
    {
        const std::string_view v = view(row);
        return QString::fromUtf8(v.data(), qsizetype(v.size()));
    }

    std::size_t size() const { return m_offsets.size(); }
    std::size_t byteSize() const { return m_bytes.size(); }
    std::size_t memoryUse() const
    {
        return m_bytes.capacity() + m_offsets.capacity() * sizeof(std::uint64_t)
            + m_lengths.capacity() * sizeof(std::uint32_t);
    }
    void clear()
    {
        m_bytes.clear();
        m_offsets.clear();
        m_lengths.clear();
    }
    void shrinkToFit()
    {
        m_bytes.shrink_to_fit();
        m_offsets.shrink_to_fit();
        m_lengths.shrink_to_fit();
    }

private:
    std::string m_bytes;
    std::vector<std::uint64_t> m_offsets;
    std::vector<std::uint32_t> m_lengths;
};

} // namespace recollector::core
