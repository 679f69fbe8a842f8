#pragma once

#include "engine/review/ChangeList.h"

#include <QCoreApplication>
#include <QString>

namespace recollector::ui {

/// A review inbox row in the window's words (translated; core::ChangeList::describe is the
/// command line's English): "Edited text by the assistant", "New by an import",
/// "Deleted by the assistant in its file", "Fell to weak".
class ChangeText final
{
    Q_DECLARE_TR_FUNCTIONS(ChangeText)

public:
    static QString describe(const core::ChangeRow &row);
    /// "the assistant", "the assistant's file", "an import", "you", "Recollector".
    static QString actor(core::ChangeActor actor);
    /// A kind of change as the filter lists it: "New", "Edited", "Deleted", …
    static QString kind(core::ChangeKind kind);
    /// A memory field by its JSON name as the before/after view names it: "text", "keywords", …
    /// (empty: not one the person edits).
    static QString field(const QString &name);
};

} // namespace recollector::ui
