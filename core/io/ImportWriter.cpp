#include "io/ImportWriter.h"

#include "store/MemoryRow.h"

namespace recollector::core::io {

namespace {

// A failed row's error, naming it (built only on failure: a million rows pass through here).
Status named(Status status, const QString &what)
{
    if (status)
        return status;
    Error error = status.error();
    error.message = QStringLiteral("writing %1: %2").arg(what, error.message);
    return error;
}

} // namespace

ImportWriter::ImportWriter(Database &db) : m_writer(db) {}

Status ImportWriter::insertMemory(const Memory &memory)
{
    if (Status st = m_writer.insertMemory(memory); !st)
        return named(std::move(st), QStringLiteral("memory %1").arg(memory.id));
    return {};
}

Status ImportWriter::appendEvent(Event &event)
{
    return appendEvent(event, row::toJsonUtf8(event.payload));
}

Status ImportWriter::appendEvent(Event &event, const QByteArray &payloadJson)
{
    if (Status st = m_writer.appendEvent(event, payloadJson); !st)
        return named(std::move(st), QStringLiteral("%1 event for %2").arg(event.kind, event.memoryId));
    return {};
}

Status ImportWriter::putLinkIfStronger(const Association &link)
{
    if (Status st = m_writer.putLinkIfStronger(link); !st)
        return named(std::move(st), QStringLiteral("the link of %1 and %2").arg(link.a, link.b));
    return {};
}

Result<std::int64_t> ImportWriter::appendEvents(std::span<const Event> events, std::span<const QByteArray> payloadJson)
{
    std::size_t failed = events.size();
    auto last = m_writer.appendEvents(events, payloadJson, &failed);
    if (!last && failed < events.size())
        return named(last.error(), QStringLiteral("%1 event for %2").arg(events[failed].kind, events[failed].memoryId)).error();
    return last;
}

Status ImportWriter::putLinksIfStronger(std::span<const Association> links)
{
    std::size_t failed = links.size();
    if (Status st = m_writer.putLinksIfStronger(links, &failed); !st) {
        if (failed < links.size())
            return named(std::move(st), QStringLiteral("the link of %1 and %2").arg(links[failed].a, links[failed].b));
        return st;
    }
    return {};
}

Result<bool> ImportWriter::memoryExists(const QString &id) { return m_writer.memoryExists(id); }

} // namespace recollector::core::io
