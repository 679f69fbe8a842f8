#include "io/MemorySetStreamWriter.h"

#include "io/JsonIndentedWriter.h"
#include "io/MemoryEntryWriter.h"
#include "model/MemoryJson.h"
#include "store/ExportScan.h"
#include "store/Store.h"

#include <algorithm>
#include <string>

namespace engram::core::io {

namespace {

bool isAscii(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// Compares as QString's operator< does (UTF-16 code units): SQLite's BINARY order is the
// same for ASCII, and may differ beyond it, so such ids are compared by Qt.
int qtCompare(std::string_view a, std::string_view b)
{
    if (isAscii(a) && isAscii(b))
        return a.compare(b);
    return QString::fromUtf8(a.data(), qsizetype(a.size()))
        .compare(QString::fromUtf8(b.data(), qsizetype(b.size())));
}

void beginArray(QByteArray &out, const char *key)
{
    out += "    \"";
    out += key;
    out += "\": [\n";
}

void endArray(QByteArray &out, int count)
{
    if (count > 0)
        out += '\n';
    out += "    ]";
}

void beginItem(QByteArray &out, int index)
{
    if (index > 0)
        out += ",\n";
    out += "        ";
}

void scalar(QByteArray &out, const char *key, const QJsonValue &value)
{
    out += "    \"";
    out += key;
    out += "\": ";
    JsonIndentedWriter::append(out, value, 1);
}

} // namespace

MemorySetStreamWriter::MemorySetStreamWriter(Store &store, const ExportOptions &options, Millis exportedAt, QString profile)
    : m_store(store)
    , m_options(options)
    , m_exportedAt(exportedAt)
    , m_profile(std::move(profile))
{
}

Result<bool> MemorySetStreamWriter::writeMemories(QByteArray &out, int &count) const
{
    std::string previous;
    bool inOrder = true;
    const Status st = ExportScan(m_store.database()).memories([&](const MemoryExportRow &row) {
        if (count > 0 && qtCompare(previous, row.id) >= 0) {
            inOrder = false;
            return false;
        }
        previous.assign(row.id);
        beginItem(out, count++);
        MemoryEntryWriter::memory(out, row);
        return true;
    });
    if (!st)
        return st.error();
    return inOrder;
}

Result<bool> MemorySetStreamWriter::writeLinks(QByteArray &out, int &count) const
{
    std::string previousA, previousB;
    bool inOrder = true;
    const Status st = ExportScan(m_store.database()).links([&](const LinkExportRow &row) {
        if (count > 0) {
            const int first = qtCompare(previousA, row.a);
            if (first > 0 || (first == 0 && qtCompare(previousB, row.b) >= 0)) {
                inOrder = false;
                return false;
            }
        }
        previousA.assign(row.a);
        previousB.assign(row.b);
        beginItem(out, count++);
        MemoryEntryWriter::link(out, row);
        return true;
    });
    if (!st)
        return st.error();
    return inOrder;
}

Status MemorySetStreamWriter::writeEvents(QByteArray &out, int &count) const
{
    return ExportScan(m_store.database()).events([&](const EventExportRow &row) {
        if (!m_options.includeImportEvents && row.kind == "import")
            return true;
        beginItem(out, count++);
        MemoryEntryWriter::event(out, row);
        return true;
    });
}

Status MemorySetStreamWriter::writeConflicts(QByteArray &out, int &count) const
{
    // A handful of rows: read as the collecting path reads them.
    auto conflicts = m_store.conflicts().list();
    if (!conflicts)
        return conflicts.error();
    std::sort(conflicts->begin(), conflicts->end(), [](const Conflict &x, const Conflict &y) { return x.id < y.id; });
    for (const Conflict &c : *conflicts) {
        beginItem(out, count++);
        JsonIndentedWriter::append(out, conflictToJson(c), 2);
    }
    return {};
}

Result<std::optional<QByteArray>> MemorySetStreamWriter::toBytes(ExportReport &report) const
{
    auto sealed = ExportScan(m_store.database()).holdsSealedRows();
    if (!sealed)
        return sealed.error();
    if (*sealed)
        return std::optional<QByteArray>();

    // Memories first (they come after the events in key order): an id out of Qt's order
    // sends the export to the collecting path before the larger tables are read.
    auto rows = m_store.memories().count(true);
    if (!rows)
        return rows.error();
    QByteArray memories;
    memories.reserve(qsizetype(*rows) * 1500 + 64);
    int memoryCount = 0;
    beginArray(memories, "memories");
    auto ordered = writeMemories(memories, memoryCount);
    if (!ordered)
        return ordered.error();
    if (!*ordered)
        return std::optional<QByteArray>();
    endArray(memories, memoryCount);

    QByteArray out;
    out.reserve(memories.size() * 2 + 1024);
    out += "{\n";
    int links = 0;
    beginArray(out, "associations");
    ordered = writeLinks(out, links);
    if (!ordered)
        return ordered.error();
    if (!*ordered)
        return std::optional<QByteArray>();
    endArray(out, links);
    out += ",\n";
    int conflicts = 0;
    beginArray(out, "conflicts");
    if (const Status st = writeConflicts(out, conflicts); !st)
        return st.error();
    endArray(out, conflicts);
    out += ",\n";
    int events = 0;
    beginArray(out, "events");
    if (const Status st = writeEvents(out, events); !st)
        return st.error();
    endArray(out, events);
    out += ",\n";
    if (m_exportedAt != 0) {
        scalar(out, "exportedAt", time::toIso(m_exportedAt));
        out += ",\n";
    }
    scalar(out, "format", MemorySet::kFormat);
    out += ",\n";
    out += memories;
    memories = QByteArray();
    out += ",\n";
    scalar(out, "profile", m_profile);
    out += ",\n";
    scalar(out, "version", MemorySet::kVersion);
    out += "\n}\n";

    report.memories = memoryCount;
    report.associations = links;
    report.events = events;
    report.conflicts = conflicts;
    return std::optional<QByteArray>(std::move(out));
}

} // namespace engram::core::io
