#include "io/EventPayloadTexts.h"

#include "store/MemoryRow.h"

namespace recollector::core::io {

EventPayloadTexts::EventPayloadTexts(const std::vector<Event> &events)
    : m_thread([this, &events] { work(events); })
{
}

EventPayloadTexts::~EventPayloadTexts()
{
    m_stop.store(true, std::memory_order_relaxed);
    if (m_thread.joinable())
        m_thread.join();
}

const std::vector<QByteArray> &EventPayloadTexts::texts()
{
    if (m_thread.joinable())
        m_thread.join();
    return m_texts;
}

void EventPayloadTexts::work(const std::vector<Event> &events)
{
    constexpr std::size_t kCheckEvery = 4096; // an import that stops early need not wait
    m_texts.reserve(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (i % kCheckEvery == 0 && m_stop.load(std::memory_order_relaxed))
            return;
        m_texts.push_back(row::toJsonUtf8(events[i].payload));
    }
}

} // namespace recollector::core::io
