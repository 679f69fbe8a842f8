#include "io/MemorySetStreamWriter.h"

#include "io/AtomicFileStream.h"
#include "io/HandOver.h"
#include "io/JsonIndentedWriter.h"
#include "io/MemoryEntryWriter.h"
#include "io/RowRelay.h"
#include "model/MemoryJson.h"
#include "store/ExportScan.h"
#include "store/Store.h"

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace recollector::core::io {

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

// The output buffer, handed to the file whenever it holds a few MiB. The file is written on
// a thread of its own, so the kernel's copy of one piece overlaps the formatting of the next
// (it was a third of an export's time). At most two pieces wait; a failed write is reported
// by the next spill() or flush(), and nothing is written after it. The thread only touches
// the file between the Sink's construction and flush() (or destruction), both of which wait
// for it; the caller commits or cancels the file afterwards. The entries are formatted on a
// third thread (a RowRelay per table), so that SQLite's reading of the next rows overlaps it:
// the buffer is that thread's while a table is read, and the caller's between tables.
class MemorySetStreamWriter::Sink
{
public:
    explicit Sink(AtomicFileStream &file)
        : m_file(file)
    {
        m_buffer.reserve(kReserve);
        m_thread = std::thread([this] { drain(); });
    }
    ~Sink() { stop(); }
    Sink(const Sink &) = delete;
    Sink &operator=(const Sink &) = delete;

    QByteArray &buffer() { return m_buffer; }
    /// After each entry: hands the buffer over once it is full.
    [[nodiscard]] Status spill() { return m_buffer.size() >= kChunk ? handOver() : Status(); }
    /// Hands over what is left and waits until everything is written.
    [[nodiscard]] Status flush()
    {
        const Status st = handOver();
        stop();
        return st ? m_error : st;
    }

private:
    static constexpr qsizetype kChunk = qsizetype(8) << 20;
    static constexpr qsizetype kReserve = kChunk + (kChunk / 4);

    Status handOver()
    {
        if (!m_pieces.give(m_buffer))
            return m_error; // the writing thread failed, and said why before it stopped taking
        m_buffer.resize(0);
        m_buffer.reserve(kReserve);
        return {};
    }

    void drain()
    {
        QByteArray piece;
        while (m_pieces.take(piece)) {
            if (const Status st = m_file.append(piece); !st) {
                m_error = st;
                m_pieces.stopTaking();
                return;
            }
            piece.resize(0);
            m_pieces.recycle(std::move(piece));
        }
    }

    void stop()
    {
        m_pieces.close();
        if (m_thread.joinable())
            m_thread.join();
    }

    AtomicFileStream &m_file;
    QByteArray m_buffer; // the formatting thread's only: a section's RowRelay thread while it runs
    HandOver<QByteArray> m_pieces;
    Status m_error;       // the writing thread's until it stops taking or is joined
    std::thread m_thread; // last: started once the members above exist
};

MemorySetStreamWriter::MemorySetStreamWriter(Store &store, const ExportOptions &options, Millis exportedAt, QString profile)
    : m_store(store)
    , m_options(options)
    , m_exportedAt(exportedAt)
    , m_profile(std::move(profile))
{
}

Result<bool> MemorySetStreamWriter::writeMemories(Sink &out, int &count) const
{
    std::string previous;
    bool inOrder = true;
    Status written;
    RowRelay<MemoryExportRow> formatter([&](const MemoryExportRow &row) {
        if (count > 0 && qtCompare(previous, row.id) >= 0) {
            inOrder = false;
            return false;
        }
        previous.assign(row.id);
        beginItem(out.buffer(), count++);
        MemoryEntryWriter::memory(out.buffer(), row);
        written = out.spill();
        return bool(written);
    });
    const Status st =
        ExportScan(m_store.database()).memories([&](const MemoryExportRow &row) { return formatter.push(row); });
    formatter.finish();
    if (!st)
        return st.error();
    if (!written)
        return written.error();
    return inOrder;
}

Result<bool> MemorySetStreamWriter::writeLinks(Sink &out, int &count) const
{
    std::string previousA, previousB;
    bool inOrder = true;
    Status written;
    RowRelay<LinkExportRow> formatter([&](const LinkExportRow &row) {
        if (count > 0) {
            const int first = qtCompare(previousA, row.a);
            if (first > 0 || (first == 0 && qtCompare(previousB, row.b) >= 0)) {
                inOrder = false;
                return false;
            }
        }
        previousA.assign(row.a);
        previousB.assign(row.b);
        beginItem(out.buffer(), count++);
        MemoryEntryWriter::link(out.buffer(), row);
        written = out.spill();
        return bool(written);
    });
    const Status st =
        ExportScan(m_store.database()).links([&](const LinkExportRow &row) { return formatter.push(row); });
    formatter.finish();
    if (!st)
        return st.error();
    if (!written)
        return written.error();
    return inOrder;
}

Status MemorySetStreamWriter::writeEvents(Sink &out, int &count) const
{
    Status written;
    RowRelay<EventExportRow> formatter([&](const EventExportRow &row) {
        beginItem(out.buffer(), count++);
        MemoryEntryWriter::event(out.buffer(), row);
        written = out.spill();
        return bool(written);
    });
    const Status st = ExportScan(m_store.database()).events([&](const EventExportRow &row) {
        // The store's own import events: `import`, and the import's records for its undo (actor import).
        if (!m_options.includeImportEvents && (row.kind == "import" || row.actor == "import"))
            return true;
        return formatter.push(row);
    });
    formatter.finish();
    if (!st)
        return st;
    return written;
}

Status MemorySetStreamWriter::writeConflicts(Sink &sink, int &count) const
{
    // A handful of rows: read as the collecting path reads them.
    auto conflicts = m_store.conflicts().list();
    if (!conflicts)
        return conflicts.error();
    std::sort(conflicts->begin(), conflicts->end(), [](const Conflict &x, const Conflict &y) { return x.id < y.id; });
    QByteArray &out = sink.buffer();
    for (const Conflict &c : *conflicts) {
        beginItem(out, count++);
        JsonIndentedWriter::append(out, conflictToJson(c), 2);
    }
    return {};
}

Result<std::optional<ExportReport>> MemorySetStreamWriter::write(const QString &path) const
{
    auto sealed = ExportScan(m_store.database()).holdsSealedRows();
    if (!sealed)
        return sealed.error();
    if (*sealed)
        return std::optional<ExportReport>();
    auto rows = m_store.memories().count(true);
    if (!rows)
        return rows.error();
    if (m_options.beforeWrite && !m_options.beforeWrite(int(*rows)))
        return Error::make(Error::Code::Cancelled, QStringLiteral("%1: export cancelled; nothing was written").arg(path));

    AtomicFileStream file(path);
    if (const Status st = file.open(); !st)
        return st.error();
    Sink sink(file);
    QByteArray &out = sink.buffer();
    ExportReport report;
    out += "{\n";
    beginArray(out, "associations");
    auto ordered = writeLinks(sink, report.associations);
    if (!ordered)
        return ordered.error();
    if (!*ordered)
        return std::optional<ExportReport>(); // `file` is thrown away
    endArray(out, report.associations);
    out += ",\n";
    beginArray(out, "conflicts");
    if (const Status st = writeConflicts(sink, report.conflicts); !st)
        return st.error();
    endArray(out, report.conflicts);
    out += ",\n";
    beginArray(out, "events");
    if (const Status st = writeEvents(sink, report.events); !st)
        return st.error();
    endArray(out, report.events);
    out += ",\n";
    if (m_exportedAt != 0) {
        scalar(out, "exportedAt", time::toIso(m_exportedAt));
        out += ",\n";
    }
    scalar(out, "format", MemorySet::kFormat);
    out += ",\n";
    beginArray(out, "memories");
    ordered = writeMemories(sink, report.memories);
    if (!ordered)
        return ordered.error();
    if (!*ordered)
        return std::optional<ExportReport>();
    endArray(out, report.memories);
    out += ",\n";
    scalar(out, "profile", m_profile);
    out += ",\n";
    scalar(out, "version", MemorySet::kVersion);
    out += "\n}\n";
    if (const Status st = sink.flush(); !st)
        return st.error();
    if (const Status st = file.commit(); !st)
        return st.error();
    report.streamed = true;
    return std::optional<ExportReport>(report);
}

} // namespace recollector::core::io
