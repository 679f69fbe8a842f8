#pragma once

#include "model/Conflict.h"
#include "model/Memory.h"

#include <QHash>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace recollector::core::io {

/// What to do with an incoming memory whose id the store already has (docs/formats.md, "Import").
enum class ImportAction {
    Skip, ///< keep the stored memory
    Overwrite, ///< replace it with the incoming one
    KeepBoth, ///< keep it and add the incoming one under a new mem_ id (sourceIds records the old id)
};
QString actionName(ImportAction action); ///< "skip", "overwrite", "keep-both"
std::optional<ImportAction> actionFromName(const QString &name);

/// How an incoming memory relates to the store.
enum class ImportKind {
    New, ///< id not in the store
    Identical, ///< same id, every field equal
    Changed, ///< same id and createdAt, incoming updatedAt ≥ stored: a later version of it
    Conflicting, ///< same id but another createdAt, or the stored copy changed after the incoming one
};
QString kindName(ImportKind kind);

/// One policy per kind the user can choose for (new ones are always added, identical ones
/// always left alone), and per-memory overrides of it (the import preview's per-item choice).
struct ImportPolicy
{
    ImportAction changed = ImportAction::Overwrite;
    ImportAction conflicting = ImportAction::Skip;
    /// Incoming id → action, over the kind's choice. For a new memory only Skip means
    /// anything (any other action adds it); an identical one is always left alone.
    QHash<QString, ImportAction> overrides;

    static ImportPolicy all(ImportAction action) { return { action, action, {} }; }

    /// What apply() does with an incoming memory of this kind: Overwrite = write it (a new
    /// one is added), Skip = leave the store as it is, KeepBoth = add it under a new id.
    ImportAction actionFor(const QString &id, ImportKind kind) const;
};

/// What an import would do, computed without writing (the preview of docs/formats.md, "Import").
struct ImportPreview
{
    QString sourceName;
    QStringList newIds;
    QStringList changedIds;
    QStringList identicalIds;
    QStringList conflictingIds;
    /// Contradictions between incoming and stored memories, from the injected detector.
    std::vector<Conflict> contradictions;
    int associations = 0; ///< in the set
    int events = 0;
    int conflicts = 0;
    QStringList problems; ///< parts of the input that were skipped (bad files), one line each
    QStringList notes; ///< values migration had to guess
    QStringList mapping; ///< another program's file: how its fields were mapped (MappingReport::lines)

    int memories() const
    {
        return int(newIds.size() + changedIds.size() + identicalIds.size() + conflictingIds.size());
    }
};

/// What an import did.
struct ImportReport
{
    int added = 0; ///< new memories, keep-both copies included
    int updated = 0; ///< overwritten
    int skipped = 0; ///< identical, or skipped by the policy
    int conflicts = 0; ///< incoming memories of kind Conflicting (whatever the policy did)
    int keptBoth = 0;
    /// Incoming id → the memory held it restates (docs/scoring.md#restatements): not added,
    /// the memory held reinforced with its text instead.
    QHash<QString, QString> restated;
    QHash<QString, QString> renamed; ///< incoming id → new id, for keep-both copies
    QStringList written; ///< incoming ids whose memory was written (added, overwritten or copied)
    int associations = 0; ///< links written
    int events = 0; ///< the set's events appended (the import events not counted)
    int conflictsRecorded = 0; ///< the set's conflicts recorded
    int contradictionsRecorded = 0; ///< detected contradictions recorded as open conflicts
    QStringList warnings; ///< links or events left out, one line each
    /// The import's own decision (docs/formats.md, "Import"): its id, in every `import`
    /// event's payload, and the first of those events (0 when nothing was written).
    QString decisionId;
    qint64 firstEventId = 0;
    /// The last of the import's own events: firstEventId..lastEventId are all of them, with
    /// nothing else between (0 when nothing was written).
    qint64 lastEventId = 0;
    QStringList overwritten; ///< ids of the stored memories the import overwrote
    /// Store ids of the written memories to which the set brought no link, in the set's
    /// order: the only ones that may be left without a link (ImportOperation links them).
    QStringList withoutSetLinks;
};

/// done/total steps; return false to cancel (the import then rolls back, nothing written).
using ImportProgress = std::function<bool(int done, int total)>;
/// Finds contradictions between the incoming memories and the store (the engine's conflict
/// detection plugs in here; the importer does not depend on it). Returned conflicts name the
/// incoming memories by their incoming ids.
using ContradictionDetector = std::function<std::vector<Conflict>(const std::vector<Memory> &incoming)>;

} // namespace recollector::core::io
