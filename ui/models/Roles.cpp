#include "models/Roles.h"

#include <QCoreApplication>

namespace recollector::ui {

QString levelText(core::MemoryLevel level, bool compressed)
{
    using core::MemoryLevel;
    switch (level) {
    case MemoryLevel::Full:
        return compressed ? QCoreApplication::translate("Columns", "compressed")
                          : QCoreApplication::translate("Columns", "full text");
    case MemoryLevel::Summary:
        return compressed ? QCoreApplication::translate("Columns", "compressed summary")
                          : QCoreApplication::translate("Columns", "summary");
    case MemoryLevel::Trace: return QCoreApplication::translate("Columns", "trace");
    case MemoryLevel::Archive:
        return compressed ? QCoreApplication::translate("Columns", "archived (compressed)")
                          : QCoreApplication::translate("Columns", "archived");
    }
    return {};
}

QString columnTitle(Column column)
{
    switch (column) {
    case ContentColumn: return QCoreApplication::translate("Columns", "Content");
    case CategoryColumn: return QCoreApplication::translate("Columns", "Category");
    case StrengthColumn: return QCoreApplication::translate("Columns", "Strength");
    case TierColumn: return QCoreApplication::translate("Columns", "Tier");
    case ScoreColumn: return QCoreApplication::translate("Columns", "Score");
    case ConfidenceColumn: return QCoreApplication::translate("Columns", "Confidence");
    case CreatedColumn: return QCoreApplication::translate("Columns", "Created");
    case LastReinforcedColumn: return QCoreApplication::translate("Columns", "Last reinforced");
    case AccessesColumn: return QCoreApplication::translate("Columns", "Accesses");
    case ProjectColumn: return QCoreApplication::translate("Columns", "Project");
    case SourceColumn: return QCoreApplication::translate("Columns", "Source");
    case VerifiedColumn: return QCoreApplication::translate("Columns", "Verified");
    case FlagsColumn: return QCoreApplication::translate("Columns", "Flags");
    case KeywordsColumn: return QCoreApplication::translate("Columns", "Keywords");
    case UpdatedColumn: return QCoreApplication::translate("Columns", "Updated");
    case LastAccessedColumn: return QCoreApplication::translate("Columns", "Last accessed");
    case ReinforcementsColumn: return QCoreApplication::translate("Columns", "Reinforcements");
    case ImportanceColumn: return QCoreApplication::translate("Columns", "Importance");
    case StabilityColumn: return QCoreApplication::translate("Columns", "Stability (h)");
    case SensitivityColumn: return QCoreApplication::translate("Columns", "Sensitivity");
    case IdColumn: return QCoreApplication::translate("Columns", "Id");
    case LevelColumn: return QCoreApplication::translate("Columns", "Level");
    case NameColumn: return QCoreApplication::translate("Columns", "Name");
    case DescriptionColumn: return QCoreApplication::translate("Columns", "Description");
    case ColumnCount: break;
    }
    return {};
}

QString columnDescription(Column column)
{
    switch (column) {
    case ContentColumn: return QCoreApplication::translate("Columns", "What the assistant remembers");
    case StrengthColumn:
        return QCoreApplication::translate("Columns", "Strength 0–100 under the active profile, at the evaluation date");
    case TierColumn:
        return QCoreApplication::translate("Columns", "permanent, active, fading, weak (archive candidate), "
                                                      "forgotten (delete candidate)");
    case ScoreColumn: return QCoreApplication::translate("Columns", "The active profile's native score");
    case ConfidenceColumn: return QCoreApplication::translate("Columns", "Confidence 0–1");
    case LastReinforcedColumn:
        return QCoreApplication::translate("Columns", "Decay counts from here (reinforcement, not mere access)");
    case StabilityColumn: return QCoreApplication::translate("Columns", "Ebbinghaus stability, in hours");
    case FlagsColumn:
        return QCoreApplication::translate("Columns", "★ permanent · ✗ negated · ⌫ deleted · ⤳ superseded · "
                                                      "▣ compressed · ▤ archived");
    case SensitivityColumn: return QCoreApplication::translate("Columns", "0–1 normal, 2 private, 3 encrypted");
    case LevelColumn:
        return QCoreApplication::translate("Columns", "How much of the memory is kept: full text, a summary, a compressed "
                                                      "summary (the original is in its history; Unarchive brings it "
                                                      "back), or archived");
    case NameColumn:
        return QCoreApplication::translate("Columns", "The memory's own title, as the assistant's memory file names it");
    case DescriptionColumn:
        return QCoreApplication::translate("Columns", "The one-line description the assistant keeps with it (what its "
                                                      "index shows)");
    default: return columnTitle(column);
    }
}

core::SortKey sortKeyFor(Column column)
{
    using core::SortKey;
    switch (column) {
    case ContentColumn: return SortKey::Content;
    case CategoryColumn: return SortKey::Category;
    case StrengthColumn: return SortKey::Strength;
    case TierColumn: return SortKey::Tier;
    case ScoreColumn: return SortKey::Score;
    case ConfidenceColumn: return SortKey::Confidence;
    case CreatedColumn: return SortKey::Created;
    case LastReinforcedColumn: return SortKey::LastReinforced;
    case AccessesColumn: return SortKey::Accesses;
    case ProjectColumn: return SortKey::Project;
    case SourceColumn: return SortKey::Source;
    case VerifiedColumn: return SortKey::Verified;
    case FlagsColumn: return SortKey::Flags;
    case KeywordsColumn: return SortKey::Keywords;
    case UpdatedColumn: return SortKey::Updated;
    case LastAccessedColumn: return SortKey::LastAccessed;
    case ReinforcementsColumn: return SortKey::Reinforcements;
    case ImportanceColumn: return SortKey::Importance;
    case StabilityColumn: return SortKey::Stability;
    case SensitivityColumn: return SortKey::Sensitivity;
    case IdColumn: return SortKey::Id;
    case LevelColumn: return SortKey::Level;
    case NameColumn: return SortKey::Name;
    case DescriptionColumn: return SortKey::None;
    case ColumnCount: break;
    }
    return SortKey::None;
}

bool isDefaultVisible(Column column)
{
    switch (column) {
    case ContentColumn:
    case CategoryColumn:
    case StrengthColumn:
    case TierColumn:
    case ScoreColumn:
    case ConfidenceColumn:
    case CreatedColumn:
    case LastReinforcedColumn:
    case AccessesColumn:
    case ProjectColumn:
    case SourceColumn:
    case VerifiedColumn:
    case FlagsColumn:
    case LevelColumn: return true;
    default: return false;
    }
}

} // namespace recollector::ui
