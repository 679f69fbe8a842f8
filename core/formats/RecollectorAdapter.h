#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// Recollector's own sets behind the adapter interface: a JSON or YAML memory set, an agent memory
/// folder, a legacy note-000 array (MemorySetReader does the work; docs/formats.md, "Reading").
/// Writing stays with the Exporter.
class RecollectorAdapter final : public FormatAdapter
{
public:
    QString name() const override { return QStringLiteral("recollector"); }
    QString title() const override
    {
        return QStringLiteral("Recollector memory set (JSON or YAML), agent memory folder, legacy note-000 array");
    }
    /// A folder, a YAML file, a JSON array, or a JSON object whose first bytes name `format`,
    /// `memories` or `content`.
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;
};

} // namespace recollector::core::io::formats
