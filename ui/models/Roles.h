#pragma once

#include "model/Memory.h"
#include "snapshot/SnapshotFilter.h"

#include <Qt>
#include <QString>

namespace recollector::ui {

/// Every custom item role of Recollector's models. Views and delegates ask by these names only.
enum Role : int {
    IdRole = Qt::UserRole + 1, ///< QString memory id
    SortRole,                  ///< the raw value a column sorts by (number or string)
    TierRole,                  ///< int(core::Tier)
    TierNameRole,              ///< "active", "fading", … in the window's language (TierText)
    StrengthRole,              ///< double 0..100 under the active profile at the session's now
    ScoreRole,                 ///< double, the profile's native score
    PermanentRole,             ///< bool
    NegatedRole,               ///< bool
    DeletedRole,               ///< bool (soft-deleted)
    ArchivedRole,              ///< bool (level archive)
    CompressedRole,            ///< bool (compressed to a summary by a cleanup)
    VerifiedRole,              ///< bool
    SupersededRole,            ///< bool
    SensitivityRole,           ///< int 0..3
    CategoryRole,              ///< QString
    KeywordsRole,              ///< QString "a, b, c"
    ContentRole,               ///< QString (preview, original line breaks kept)
    SnapshotRowRole,           ///< quint32 row in the session's snapshot
    ActivationPathRole,        ///< QStringList: retrieval path from the seed to the memory, itself included
};

/// The memory table's columns, in their default order. Which ones show is the user's choice
/// (header context menu, kept in QSettings).
enum Column : int {
    ContentColumn,
    CategoryColumn,
    StrengthColumn,
    TierColumn,
    ScoreColumn,
    ConfidenceColumn,
    CreatedColumn,
    LastReinforcedColumn,
    AccessesColumn,
    ProjectColumn,
    SourceColumn,
    VerifiedColumn,
    FlagsColumn,
    KeywordsColumn,
    UpdatedColumn,
    LastAccessedColumn,
    ReinforcementsColumn,
    ImportanceColumn,
    StabilityColumn,
    SensitivityColumn,
    IdColumn,
    LevelColumn, ///< full text, summary, compressed summary, archived (after Id: saved layouts keep their columns)
    NameColumn,        ///< the memory's own title, as an assistant's memory file names it
    DescriptionColumn, ///< its one-line description (Claude Code's front matter)
    ColumnCount
};

/// A memory's level in a person's words ("compressed summary", "archived", …).
QString levelText(core::MemoryLevel level, bool compressed);

/// Column title for the header.
QString columnTitle(Column column);
/// A sentence for the header tooltip (units included).
QString columnDescription(Column column);
/// What the snapshot sorts by for this column.
core::SortKey sortKeyFor(Column column);
/// Columns shown on first start; the rest are one right-click away.
bool isDefaultVisible(Column column);

} // namespace recollector::ui
