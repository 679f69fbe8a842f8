#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QHash>
#include <QString>

namespace recollector::core::io::formats {

/// Zip archives and gzip streams through libarchive (docs/formats.md, "Mem0 / OpenMemory
/// backup"), read defensively: every entry's name is checked before anything is read (an
/// absolute path or a `..` component refuses the whole archive), only the wanted members are
/// read, each stops at its size cap however small it claims to be (a zip bomb ends there),
/// and a damaged or truncated archive is one error naming the file and the entry.
class ArchiveReader final
{
public:
    static constexpr int kMaxEntries = 64;

    /// The members of the zip at `path` whose base name is a key of `wanted` (value: the most
    /// bytes the member may expand to), by that base name. A wanted name found twice is an error.
    [[nodiscard]] static Result<QHash<QString, QByteArray>> readZip(const QString &path,
                                                                    const QHash<QString, qint64> &wanted);
    /// The gzip stream `data` expanded, at most `maxBytes`; `where` names it in messages
    /// ("backup.zip: entry \"memories.jsonl.gz\"").
    [[nodiscard]] static Result<QByteArray> gunzip(const QByteArray &data, qint64 maxBytes, const QString &where);
};

} // namespace recollector::core::io::formats
