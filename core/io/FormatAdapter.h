#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QByteArray>
#include <QFileInfo>
#include <QString>

namespace recollector::core::io {

/// What an adapter looks at to recognise a file: its name and kind, and its first bytes
/// (docs/formats.md, "Other memory systems"). Detection goes by content; the suffix only
/// breaks a tie.
struct FormatProbe
{
    static constexpr qint64 kHeadBytes = 64 * 1024;

    QString path;
    QFileInfo info;
    QByteArray head; ///< the first kHeadBytes of a regular file (empty for a folder)

    static FormatProbe of(const QString &path);
    bool isDir() const { return info.isDir(); }
    QString suffix() const { return info.suffix().toLower(); }
    /// The head with a UTF-8 byte order mark and leading white space skipped.
    QByteArray trimmedHead() const;
};

/// What an adapter's reader may need from the configuration.
struct AdapterReadOptions
{
    double initialStability = kDefaultInitialStability; ///< hours (memory.decay.initialStability)
    bool strict = false; ///< a part that cannot be read is the error instead of a skipped problem
};

/// What an adapter's writer did.
struct AdapterWriteReport
{
    int memories = 0; ///< memories written
    int associations = 0; ///< links written
    QStringList skipped; ///< memories or parts not written, one line each naming it and why
};

/// One other program's memory format (docs/formats.md, "Other memory systems"): recognise a
/// file by its content, read it into a memory set with a mapping report (the import
/// operation then applies it, with its preview, links and contradiction check), and write
/// one where the format can hold it. An adapter never touches the store.
class FormatAdapter
{
public:
    virtual ~FormatAdapter() = default;

    /// Short name for `--format` ("letta", "mcp-memory", ...).
    virtual QString name() const = 0;
    /// What people call it, e.g. "Letta Agent File (.af)".
    virtual QString title() const = 0;
    /// Whether the file or folder is in this format, by its content.
    virtual bool detect(const FormatProbe &probe) const = 0;
    /// The whole file read into a set (sourceName, memories, links, events, mapping filled).
    /// Bad input is one error naming the file, the entry and the field.
    [[nodiscard]] virtual Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const = 0;

    virtual bool canWrite() const { return false; }
    /// Writes `set` (an export of the store) to `path` in this format, atomically.
    [[nodiscard]] virtual Result<AdapterWriteReport> write(const QString &path, const MemorySet &set) const;
};

} // namespace recollector::core::io
