#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QStringList>

namespace recollector::core {
class Store;
}

namespace recollector::core::attach {

/// Reads an attached agent folder into its side store (docs/formats.md, "Attached folders").
/// Never writes a file. In ONE transaction: a new file becomes a memory, a file whose bytes
/// changed since Recollector last read or wrote it updates its memory (Recollector-only fields the file
/// does not hold are kept), a file that went away soft-deletes its memory; each as an event
/// with actor `assistant` and `fromFile` in its payload, so the window's live refresh sees
/// it and the write-back leaves it alone. What it read (bytes hash, fields, Recollector's
/// projection) is remembered per file for the three-way check of the next decision. A file
/// that cannot be read or parsed, or is a symbolic link (never followed), is a problem: its
/// memory is left as it was.
class FolderSync final
{
public:
    struct Report
    {
        int added = 0;
        int changed = 0;
        int removed = 0;
        int unchanged = 0;
        /// New files that restate a memory held (docs/scoring.md#restatements): that memory
        /// reinforced with the file's text; the file's own memory kept, merged into it.
        int restated = 0;
        QStringList problems; ///< one line per file, naming it
    };

    [[nodiscard]] static Result<Report> run(Store &store, const QString &folder, Millis now = 0,
                                            double initialStability = 24);
};

} // namespace recollector::core::attach
