#pragma once

#include "attach/EntryFormat.h"
#include "model/Time.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace recollector::core::attach {

/// The per-file half of a folder sync (FolderSync): each file's kind checked, its size and
/// time compared with what the side store recorded, its bytes read, hashed and parsed, and
/// what a new memory's file should say computed. It touches no store, so it runs the files on
/// several threads at once (a first attach reads every file: attach_10k_s of
/// docs/architecture.md, "Performance budget"); the results come back in the order of the
/// names, for FolderSync to apply in one transaction.
class FileScan final
{
public:
    /// What the side store recorded about a file when it was last read or written.
    struct Known
    {
        QString stamp;
        QByteArray hash;
    };

    struct File
    {
        enum class Outcome {
            Skipped,     ///< a link or not a regular file, or unreadable: `problem` says why
            SameStamp,   ///< size and time as recorded: not read
            SameBytes,   ///< read; the bytes are as recorded
            Broken,      ///< read; does not parse: `problem` says why
            Parsed,      ///< read and parsed: `parsed`, `base` and (for a new file) `proj`
        };
        QString name;
        Outcome outcome = Outcome::Skipped;
        QString stamp;
        QByteArray hash;
        QString problem;
        std::optional<EntryFormat::Parsed> parsed;
        QByteArray base; ///< the file's fields, compact JSON
        QByteArray proj; ///< the format's projection of the parsed memory, compact JSON
    };

    /// Scans `names` in `folder`. A file whose stamp is as known and that was modified more
    /// than `settledMs` before `now` is not read. `format` must be safe to use from several
    /// threads at once (every EntryFormat is: its methods are const and keep no state).
    static std::vector<File> run(const QString &folder, const QStringList &names, const EntryFormat &format,
                                 const QHash<QString, Known> &known, Millis now, Millis settledMs,
                                 double initialStability);

private:
    static File scanOne(const QString &folder, const QString &name, const EntryFormat &format,
                        const QHash<QString, Known> &known, Millis now, Millis settledMs, double initialStability);
};

} // namespace recollector::core::attach
