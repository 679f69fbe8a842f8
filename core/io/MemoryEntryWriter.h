#pragma once

#include <QByteArray>

namespace recollector::core {
struct MemoryExportRow;
struct LinkExportRow;
struct EventExportRow;
} // namespace recollector::core

namespace recollector::core::io {

/// One entry of a Recollector set written from its stored row, two levels deep (an item of the
/// set's memories / associations / events array), in exactly the bytes
/// JsonIndentedWriter::append(memoryToJson(m), 2) gives for the Memory the repository reads
/// from that row (and likewise for links and events). A memory's unknown fields (`extra`) are
/// merged in among the known keys in Qt's key order, known ones winning, as memoryToJson does.
class MemoryEntryWriter final
{
public:
    static void memory(QByteArray &out, const MemoryExportRow &row);
    static void link(QByteArray &out, const LinkExportRow &row);
    static void event(QByteArray &out, const EventExportRow &row);
};

} // namespace recollector::core::io
