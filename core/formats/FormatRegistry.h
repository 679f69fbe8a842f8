#pragma once

#include "io/FormatAdapter.h"

#include <memory>
#include <vector>

namespace recollector::core::io::formats {

/// Every format Recollector reads, as adapters (docs/formats.md, "Other memory systems"): the
/// window's File → Import and `recollector-cli import` ask it to read a path, `recollector-cli export
/// --format NAME` asks it for a writer. Other programs' adapters are asked first, by content;
/// Recollector's own sets last. Immutable after construction; safe to share between threads.
class FormatRegistry final
{
public:
    static const FormatRegistry &instance();

    const std::vector<std::unique_ptr<FormatAdapter>> &adapters() const { return m_adapters; }
    /// The adapter called `name` ("letta", "recollector", ...), or null.
    const FormatAdapter *byName(const QString &name) const;
    /// The adapter that recognises `path` by content, or null when none does.
    const FormatAdapter *detect(const FormatProbe &probe) const;
    /// "Letta Agent File (.af) [letta], ...": every format, for the line of a file no adapter
    /// recognises and for `--format` errors.
    QString knownFormats() const;
    /// The names of the adapters that can write ("letta, mcp-memory, ...").
    QStringList writableNames() const;

    /// Reads `path` with the adapter that recognises it (or the one called `formatName`, when
    /// not empty). A file no adapter recognises is one line naming every format Recollector knows.
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options,
                                         const QString &formatName = {}) const;

private:
    FormatRegistry();
    std::vector<std::unique_ptr<FormatAdapter>> m_adapters;
};

} // namespace recollector::core::io::formats
