#pragma once

#include "model/MemoryJson.h"
#include "io/MemorySet.h"
#include "model/Result.h"

#include <QByteArray>
#include <QJsonObject>

namespace recollector::core::io {

/// The Recollector memory set as JSON (docs/formats.md, "Recollector memory set"): `{format:
/// "recollector-memory-set", version: 1, exportedAt, profile, memories, associations, events,
/// conflicts}`. Writing keeps the given order of each list (the Exporter sorts) and
/// QJsonDocument's sorted keys, so the same set always gives the same bytes.
class MemorySetJson final
{
public:
    static QJsonObject toObject(const MemorySet &set);
    /// UTF-8, 4-space indented (QJsonDocument::Indented), keys sorted.
    static QByteArray toBytes(const MemorySet &set);

    /// Validates the document and every entry; the first problem is the error (one line naming
    /// the file, the entry and the field). Duplicate memory ids are an error.
    [[nodiscard]] static Result<MemorySet> fromObject(
        const QJsonObject &document, const QString &fileName, const MemoryParseOptions &options = {});
    /// MemorySetFastJson when it takes the document, else fromBytesWithQt: the same set or error.
    [[nodiscard]] static Result<MemorySet> fromBytes(const QByteArray &data, const QString &fileName);
    /// QJsonDocument, then fromObject: every document, every error.
    [[nodiscard]] static Result<MemorySet> fromBytesWithQt(const QByteArray &data, const QString &fileName);
    /// Reads a file (at most limits::kMaxSetFileBytes).
    [[nodiscard]] static Result<MemorySet> readFile(const QString &path);
    /// Writes atomically (AtomicFile): the old file stays whole if anything fails.
    [[nodiscard]] static Status writeFile(const QString &path, const MemorySet &set);
};

} // namespace recollector::core::io
