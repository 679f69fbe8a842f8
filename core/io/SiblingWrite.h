#pragma once

#include "model/Result.h"

#include <QString>

#include <functional>

namespace recollector::core::io {

/// A folder export written all or nothing (docs/formats.md, "Agent memory folders"): `write`
/// fills a temporary sibling of `folder` (`.<name>.recollector-export-XXXXXX`), which holds
/// hard links to the folder's files when it exists, so the writer sees them as they are. A new
/// folder is then renamed into place; into an existing one, each file the export wrote is
/// renamed into place and each it took away removed, and every other file (one the assistant
/// writes meanwhile too) is left alone. When `write` fails (a full disk), the sibling is
/// removed and the folder is as it was. A folder that is a symbolic link is written where it
/// points.
class SiblingWrite final
{
public:
    [[nodiscard]] static Status run(const QString &folder, const std::function<Status(const QString &staging)> &write);
};

} // namespace recollector::core::io
