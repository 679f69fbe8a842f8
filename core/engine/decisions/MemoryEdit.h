#pragma once

#include "model/Memory.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace recollector::core {

/// The fields `edit` may change (docs/architecture.md, "What each decision writes"): every
/// field the detail panel shows as editable; unset = unchanged. Ranges as docs/formats.md,
/// "A memory's fields" gives them: confidence 0–1, importance 0–1,000,000 (what an import
/// accepts), sensitivity 0–3; projectPath empty = global.
struct MemoryEdit
{
    std::optional<QString> content;
    std::optional<QStringList> keywords;
    std::optional<QString> category;
    std::optional<double> confidence;
    std::optional<double> importance;
    std::optional<QString> projectPath;
    std::optional<int> sensitivity;
    /// The assistant's own title and one-line summary, where its format keeps them (Claude
    /// Code's front matter `name` and `description`; docs/formats.md, "Claude Code memory
    /// folders"). Kept in the memory's other fields; empty removes them.
    std::optional<QString> name;
    std::optional<QString> description;

    bool isEmpty() const
    {
        return !content && !keywords && !category && !confidence && !importance && !projectPath && !sensitivity
               && !name && !description;
    }
    /// The first value out of its field's range, as "edit <id>: <field> must be …"; empty when
    /// every value set is valid.
    QString invalidReason(const QString &id) const;
    /// Writes the values set into `memory` (keywords normalised, category and path trimmed).
    void applyTo(Memory &memory) const;
};

} // namespace recollector::core
