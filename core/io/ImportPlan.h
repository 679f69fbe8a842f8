#pragma once

#include "engine/conflicts/ConflictDetector.h"
#include "io/ImportPreview.h"

#include <QString>

#include <functional>
#include <vector>

namespace recollector::core::io {

/// What contradiction detection made of an import (docs/scoring.md, "Detection"; docs/formats.md, "Import").
struct ImportDetection
{
    /// In a plan: the pairs the import would raise, by incoming ids. In an outcome: those the
    /// import kept, as they stand in the store after it (a skipped memory raises nothing,
    /// keep-both copies go by their new ids): the ones handed to ConflictDetector::record.
    std::vector<ConflictCandidate> candidates;
    bool skipped = false; ///< too many memories (ImportOperation::kDetectAtMost): not done on the spot
    bool queued = false; ///< in an outcome: the skipped detection was queued (meta detection_queued_at)
    QString error; ///< detection failed (the import goes on without it): why
    QString capsNote; ///< ConflictDetector::capsNote() when a cap cut anything, else empty

    bool ran() const { return !skipped && error.isEmpty(); }
};

/// An import's preview (nothing written): how each incoming memory relates to the store, and
/// the contradictions the import would raise (also in `preview.contradictions`, as conflicts).
struct ImportPlan
{
    ImportPreview preview;
    ImportDetection detection;
};

/// What an import did: the rows (ImportReport), the contradictions it recorded (conflict rows,
/// ids set, after the engine's automatic handling) and what detection made of it.
struct ImportOutcome
{
    ImportReport report;
    std::vector<Conflict> recorded;
    ImportDetection detection;
    /// The first event of every decision the import's transaction wrote, oldest first: the
    /// import's own (report.decisionId) and the detector's. Reverting them newest first
    /// undoes the import as one step (docs/formats.md, "Import"); empty when nothing was written.
    std::vector<qint64> decisionEvents;
};

/// Where an import is.
enum class ImportPhase {
    Writing, ///< the rows: memories, links, events, conflicts, import events
    RecordingContradictions, ///< the detected contradictions, with the automatic handling
    Committing, ///< everything is written; the last moment a cancel rolls it all back
};

/// Progress and cancel in one: `done` of `total` steps (the writing's; the later phases report
/// it complete); return false to cancel, and the import rolls back, nothing written.
using ImportStep = std::function<bool(ImportPhase phase, int done, int total)>;

} // namespace recollector::core::io
