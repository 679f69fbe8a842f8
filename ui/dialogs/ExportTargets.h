#pragma once

#include <QString>

#include <vector>

namespace recollector::ui {

/// Another memory system's format the export dialog offers (docs/formats.md, "Other memory
/// systems"; the writers `recollector-cli export --format NAME` uses), named as a person would name
/// it, with one line on what the export does and the picker its destination needs.
struct ExportTarget
{
    /// How the destination is chosen: a folder, a new or replaced file, or an existing file
    /// that the export updates in place (a Letta agent file: only its memory blocks change).
    enum class Pick { Folder, SaveFile, ExistingFile };

    QString adapter;     ///< core::io::formats adapter name ("claude-memory", "letta", ...)
    QString label;       ///< the combo's entry
    QString description; ///< one line under it
    Pick pick = Pick::SaveFile;
    QString suffix;      ///< the destination's suffix ("" for a folder)
    QString defaultName; ///< the file or folder name the other program uses, when it has one
    QString filter;      ///< the file dialog's name filter
};

/// The writable formats of other memory systems, in the order the dialog lists them. Every
/// entry names an adapter of FormatRegistry that can write (the test checks both ways).
class ExportTargets final
{
public:
    static const std::vector<ExportTarget> &all();
    /// The entry for `adapter`, or null.
    static const ExportTarget *byAdapter(const QString &adapter);
};

} // namespace recollector::ui
