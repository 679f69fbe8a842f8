#pragma once

#include "model/Event.h"
#include "model/Memory.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace recollector::ui {

/// The two sides of a `file_clash` conflict (docs/formats.md, "Attached folders"): the
/// assistant's version of the memory's file and the decision Recollector did not write, built from
/// the conflict's `file_clash` event (the clashing fields with the file's and Recollector's values)
/// over the memory as it is now, so that the conflict dialog shows them side by side instead
/// of the same memory twice. Field names are said in the user's words ("text", "tier").
class FileClashText final
{
    Q_DECLARE_TR_FUNCTIONS(FileClashText)

public:
    struct Sides
    {
        core::Memory file;     ///< the memory as the assistant's file has it
        core::Memory decision; ///< the memory as the user's decision would have written it
        QStringList fields;    ///< the clashing fields, in the user's words
        bool deletion = false; ///< the decision was a delete (the file was kept)
    };

    /// The sides for conflict `conflictId` from the memory's events (its `file_clash` event);
    /// nothing when no event names it.
    static std::optional<Sides> sides(const core::Memory &memory, const std::vector<core::Event> &events,
                                      qint64 conflictId);
    /// "text", "tier", "superseded", ... for a file field.
    static QString fieldWord(const QString &field);
    /// One line for the dialog: which fields the assistant changed, that nothing was written.
    static QString summary(const Sides &sides);
};

} // namespace recollector::ui
