#pragma once

#include "io/Exporter.h"

namespace recollector::core::io::formats {

/// An export in another program's format (docs/formats.md, "Other memory systems"): the
/// store, or the memories of `options.ids`, collected by the Exporter, level 3 handled by the
/// same rule as every format that cannot carry a sealed envelope (io::Level3Export: left out
/// and counted unless options.includeLevel3Plain), then written by the adapter called
/// `options.adapter`. The command line and the window both export this way.
class AdapterExport final
{
public:
    [[nodiscard]] static Result<ExportReport> write(Store &store, const QString &path, const ExportOptions &options);
};

} // namespace recollector::core::io::formats
