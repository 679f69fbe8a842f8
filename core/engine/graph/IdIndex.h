#pragma once

#include <QString>
#include <QStringView>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace recollector::core {

/// Memory ids → dense indices 0..n-1, for the in-memory graph and keyword index. A million
/// ids cost their UTF-8 bytes plus ~20 bytes each (one shared byte buffer, offsets, and an
/// open-addressing table of indices) instead of a QString and a hash node per id.
/// Ids are only ever added; an index stays valid for the object's life.
class IdIndex final
{
public:
    static constexpr std::uint32_t kNone = 0xffffffffu;

    void reserve(std::size_t count, std::size_t bytes);
    /// The index of `id`, adding it when new.
    std::uint32_t insert(std::string_view id);
    std::uint32_t insert(const QString &id);
    /// kNone when absent.
    std::uint32_t find(std::string_view id) const;
    std::uint32_t find(const QString &id) const;

    std::size_t size() const { return m_lengths.size(); }
    std::string_view view(std::uint32_t index) const
    {
        return std::string_view(m_bytes.data() + m_offsets[index], m_lengths[index]);
    }
    QString id(std::uint32_t index) const
    {
        const std::string_view v = view(index);
        return QString::fromUtf8(v.data(), qsizetype(v.size()));
    }

private:
    static std::uint64_t hash(std::string_view text);
    std::uint32_t probe(std::string_view id, std::uint64_t h) const;

    std::string m_bytes;
    std::vector<std::uint64_t> m_offsets;
    std::vector<std::uint32_t> m_lengths;
    std::vector<std::uint32_t> m_slots; ///< kNone = empty; size is a power of two
};

} // namespace recollector::core
