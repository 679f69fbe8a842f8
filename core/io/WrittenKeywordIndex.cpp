#include "io/WrittenKeywordIndex.h"

namespace recollector::core::io {

namespace {
std::atomic<quint64> g_built{0};
} // namespace

WrittenKeywordIndex::WrittenKeywordIndex(std::vector<KeywordIndex::Record> records)
    : m_records(std::move(records))
    , m_thread([this] {
        m_index = KeywordIndex::fromRecords(m_records);
        ++g_built;
    })
{
}

WrittenKeywordIndex::~WrittenKeywordIndex()
{
    if (m_thread.joinable())
        m_thread.join();
}

KeywordIndex WrittenKeywordIndex::take()
{
    if (m_thread.joinable())
        m_thread.join();
    return std::move(*m_index);
}

quint64 WrittenKeywordIndex::built()
{
    return g_built.load();
}

} // namespace recollector::core::io
