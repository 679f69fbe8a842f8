#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// Letta Agent File (`.af`), both schemas (docs/formats.md, "Letta Agent File"). One memory
/// per block: value → content, label → category and keyword, read_only → permanent, the
/// first agent holding it → projectPath, limit → extra.contentLimit (an edit past it is
/// refused), the rest of the block and the other agents holding it → extra.letta; the
/// block-editing tool calls in the messages → edit events. Writing puts the store's text of
/// each block back into the same file, every other byte as it was.
class LettaAdapter final : public FormatAdapter
{
public:
    QString name() const override { return QStringLiteral("letta"); }
    QString title() const override { return QStringLiteral("Letta Agent File (.af)"); }
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;

    bool canWrite() const override { return true; }
    /// `path` must be an existing `.af` (the one the memories came from): the blocks whose
    /// memories `set` holds get the memory's text; a text longer than the block's limit is
    /// refused and nothing is written.
    [[nodiscard]] Result<AdapterWriteReport> write(const QString &path, const MemorySet &set) const override;
};

} // namespace recollector::core::io::formats
