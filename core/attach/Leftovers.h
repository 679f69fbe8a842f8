#pragma once

#include "model/Result.h"

#include <QStringList>

namespace recollector::core {
class Store;
}

namespace recollector::core::attach {

/// The temporary files a write-back killed half-way left in an attached folder (FileSwap's
/// `.<file>.recollector-<tag>`, in the folder and the folders its files are in), settled
/// before the folder is read again: a write whose decision never committed is undone, and
/// every such file is removed (docs/formats.md, "Writing back"). Other files are never touched.
class Leftovers final
{
public:
    /// `entryNames`: the folder's memory files (names inside it), for the folders they are in.
    /// Returns how many it removed.
    [[nodiscard]] static Result<int> settle(Store &store, const QString &folder, const QStringList &entryNames);
};

} // namespace recollector::core::attach
