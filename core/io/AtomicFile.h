#pragma once

#include "model/Result.h"

#include <QByteArray>
#include <QString>

namespace recollector::core::io {

/// The one way Recollector writes a file for users or other programs (exports, agent folder
/// entries): all or nothing, through QSaveFile.
///
/// The bytes go to a temporary file beside the target, unbuffered, every write() checked
/// (a short write is retried so the second attempt reports the system's reason), then
/// commit() renames it over the target. On any failure the temporary file is removed and
/// the target is left exactly as it was (absent, or its old bytes): never empty, never
/// partial. The error is one line naming the file and the system's reason, e.g.
/// `out/notes.json: cannot write: No space left on device`.
///
/// A target that is a symbolic link is refused (QSaveFile would write through it to
/// wherever it points); so is one that exists but is not a regular file.
class AtomicFile final
{
public:
    [[nodiscard]] static Status write(const QString &path, const QByteArray &bytes);
    /// Why `path` must not be written or read as an entry of a folder: "is a symbolic link",
    /// "is not a regular file"; empty when it is a regular file or does not exist. Never
    /// follows a link and never opens the file.
    static QString notRegularReason(const QString &path);
};

} // namespace recollector::core::io
