#pragma once

#include "model/Time.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace recollector::core {

/// What kind of contradiction a conflict is (docs/scoring.md, "Conflicts").
/// FileClash: an attached folder's file changed by the assistant in a field a decision wrote
/// (docs/formats.md, "Attached folders"); `a` and `b` are the same memory.
enum class ConflictType : std::uint8_t { DirectContradiction, ScopeOverlap, TemporalShift, FileClash };

/// Where a conflict stands.
enum class ConflictStatus : std::uint8_t { Open, Resolved, Dismissed };

/// How a conflict was settled (docs/scoring.md, "Resolution strategies"): by the user, or
/// automatically when it was detected (the `auto:` ones). None while it is open.
enum class ConflictResolution : std::uint8_t {
    None,
    LatestWins,
    VersionKeep,
    WeightBalance,
    KeepA,
    KeepB,
    KeepBoth,
    Merge,
    AutoLatestWins,
    AutoProjectWins,
};

// The one mapping between these enums and the names the store, the JSON of a memory set, the
// event payloads and the CLI's output hold (docs/formats.md, "Table `conflicts`"). Those names
// never change: old stores and files must read. A name not in the mapping gives nothing; the
// readers turn that into an error naming the field (never a silent default).
QString conflictTypeName(ConflictType type);
std::optional<ConflictType> conflictTypeFromName(const QString &name);
QStringList conflictTypeNames();

QString conflictStatusName(ConflictStatus status);
std::optional<ConflictStatus> conflictStatusFromName(const QString &name);
QStringList conflictStatusNames();

/// None is the empty name.
QString conflictResolutionName(ConflictResolution resolution);
std::optional<ConflictResolution> conflictResolutionFromName(const QString &name);
/// Every non-empty name.
QStringList conflictResolutionNames();
/// True for the resolutions chosen by the detector's automatic handling ("auto:…").
bool isAutomatic(ConflictResolution resolution);

/// A detected contradiction between two memories (docs/formats.md, "Table `conflicts`").
struct Conflict
{
    qint64 id = 0;
    QString a;
    QString b;
    ConflictType type = ConflictType::DirectContradiction;
    ConflictStatus status = ConflictStatus::Open;
    ConflictResolution resolution = ConflictResolution::None;
    Millis detectedAt = 0;
    Millis resolvedAt = 0;

    bool isOpen() const { return status == ConflictStatus::Open; }
    bool operator==(const Conflict &) const = default;
};

/// One of a conflict's named fields as read from a store or a file.
struct ConflictFieldProblem
{
    QString field;   ///< "type", "status" or "resolution"
    QString problem; ///< e.g. `"foo" is not one of open, resolved, dismissed`
};

/// Sets `conflict`'s type, status and resolution from their stored names. The first name not
/// in the mapping is returned as a problem (and the fields from it on are left as they were).
std::optional<ConflictFieldProblem> setConflictFields(Conflict &conflict, const QString &type, const QString &status,
                                                      const QString &resolution);

} // namespace recollector::core
