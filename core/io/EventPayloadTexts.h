#pragma once

#include "model/Event.h"

#include <QByteArray>

#include <atomic>
#include <thread>
#include <vector>

namespace recollector::core::io {

/// Each event's payload as the compact JSON the store holds (row::toJsonUtf8), written on a
/// thread of its own while the import writes the links: the 100k set's 274k payloads took
/// a tenth of a second of the events' writing on the writing thread before, and the other
/// core has nothing else to do while SQLite builds the link index.
///
/// Reads only `events`, which must outlive it and not change. texts() waits for the thread;
/// the destructor stops and waits for it.
class EventPayloadTexts final
{
public:
    explicit EventPayloadTexts(const std::vector<Event> &events);
    ~EventPayloadTexts();
    EventPayloadTexts(const EventPayloadTexts &) = delete;
    EventPayloadTexts &operator=(const EventPayloadTexts &) = delete;

    /// The payload of events[i] as compact JSON, once the thread is done.
    const std::vector<QByteArray> &texts();

private:
    void work(const std::vector<Event> &events);

    std::vector<QByteArray> m_texts;
    std::atomic<bool> m_stop{false};
    std::thread m_thread; // last: started once the members above exist
};

} // namespace recollector::core::io
