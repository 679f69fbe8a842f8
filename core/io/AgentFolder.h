#pragma once

#include "io/MemorySet.h"
#include "model/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

class QDir;

namespace recollector::core::io {

/// An agent memory folder (docs/formats.md, "Agent memory folders"): one pretty-printed
/// `<id>.json` per memory, in the agent hub's field names (see AgentEntry).
///
/// Reading never fails because of one file: a file that cannot be read or parsed, repeats an
/// id, is a symbolic link or is not a regular file (a FIFO, ...), is listed in
/// MemorySet::problems by name and skipped (unless `strict`, where it is the error). Links
/// are never followed and special files never opened. A file without `createdAt` and `updatedAt` takes its
/// modification time (noted). The entries' own association lists become the set's associations, one per pair,
/// strongest kept.
///
/// A deleted memory gets no file, and a file of a deleted or purged (a `purge` event in the set)
/// memory already in the folder is moved to the trash beside it (trashFolder), never lost.
/// Writing puts each memory in `<id>.json` atomically (QSaveFile), 2-space indent, UTF-8, laid
/// over what the file holds now; a file that exists but cannot be parsed is never overwritten
/// (reported and skipped), an empty one is replaced. A memory whose id cannot be a file name,
/// or whose file is a symbolic link or not a regular file, is reported in WriteReport::skipped
/// and the rest are written; nothing is ever written through a link. Files whose bytes would
/// not change are not rewritten. A write that fails (disk full) stops the export with an
/// error naming the file; files written before it are whole, that one is left as it was.
class AgentFolder final
{
public:
    struct WriteReport
    {
        int written = 0; ///< files created or changed
        int unchanged = 0; ///< files that already held exactly this
        QStringList skipped; ///< one line per memory not written, naming its file (or id) and why
        int deleted = 0; ///< deleted memories: no file written (docs/formats.md, "Agent memory folders")
        int trashed = 0; ///< files of deleted or purged memories moved to the trash beside the folder
    };
    /// `<folder>/../.recollector-trash`: where a deleted memory's file goes, under its own name.
    static QString trashFolder(const QString &folder);
    /// `<folder>/../.engram-trash`, where Engram put them: undo still brings a file back from it
    /// (docs/formats.md, "Files written under the name Engram").
    static QString legacyTrashFolder(const QString &folder);

    /// The folder that holds the files: `path` itself, or its `memory/` subfolder when `path`
    /// has no .json files but that subfolder exists (an agent hub's data folder).
    static QString resolve(const QString &path);
    /// `initialStability` (hours, memory.decay.initialStability) is the legacy stability's base.
    [[nodiscard]] static Result<MemorySet> read(const QString &path, bool strict = false, double initialStability = kDefaultInitialStability);
    [[nodiscard]] static Result<WriteReport> write(const QString &path, const MemorySet &set);
    /// True when `id` can be a file name (no separators, no leading dot, no control characters).
    static bool isSafeFileId(const QString &id);

private:
    /// What an entry file holds now, to lay the memory over (empty when there is none).
    struct Existing
    {
        QJsonObject object;
        QByteArray bytes;
    };
    /// The error is the skip line when the file cannot be parsed.
    static Result<Existing> existingEntry(const QString &filePath, const QString &name);
    /// write(), first: the files of the set's deleted and purged memories go to the trash.
    [[nodiscard]] static Status trashGone(const QDir &dir, const MemorySet &set, WriteReport &report);
    /// write(), then: each other memory's file, where its bytes change.
    [[nodiscard]] static Status writeEntries(const QDir &dir, const MemorySet &set, WriteReport &report);
};

} // namespace recollector::core::io
