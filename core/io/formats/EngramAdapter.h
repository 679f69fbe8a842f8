#pragma once

#include "io/FormatAdapter.h"

namespace engram::core::io::formats {

/// Engram's own sets behind the adapter interface: a JSON or YAML memory set, an agent memory
/// folder, a legacy note-000 array (MemorySetReader does the work; docs/formats.md, "Reading").
/// Writing stays with the Exporter.
class EngramAdapter final : public FormatAdapter
{
public:
    QString name() const override { return QStringLiteral("engram"); }
    QString title() const override
    {
        return QStringLiteral("Engram memory set (JSON or YAML), agent memory folder, legacy note-000 array");
    }
    /// A folder, a YAML file, a JSON array, or a JSON object whose first bytes name `format`,
    /// `memories` or `content`.
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;
};

} // namespace engram::core::io::formats
