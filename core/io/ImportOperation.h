#pragma once

#include "config/Config.h"
#include "io/ImportPlan.h"
#include "io/MemorySet.h"
#include "model/Result.h"

#include <cstddef>

namespace recollector::core {
class KeywordIndex;
class Store;
}

namespace recollector::core::io {

/// One import as the command line and the window run it (docs/formats.md, "Import"): preview()
/// (nothing written), then apply() in one transaction that holds the rows (Importer) and the
/// contradictions they raise (ConflictDetector::record, with the engine's automatic handling),
/// with progress and cancel through one callback up to the commit.
///
/// Contradiction detection compares the incoming memories with each other as well as with
/// the store; on a very large set that costs far more than the import itself, so above
/// kDetectAtMost memories it is not done on the spot (the plan says so) but queued: apply()
/// sets meta `detection_queued_at` in the import's transaction (QueuedDetection), and the
/// window or `conflicts --detect` runs the whole-store detection later.
/// A detection that fails is reported in the plan too; the import itself can go on.
class ImportOperation final
{
public:
    static constexpr std::size_t kDetectAtMost = 20000;
    /// The written memories that have no link after the set's own links are in get theirs one
    /// by one (AfterChange); a set of more memories than this that brings no links at all
    /// rebuilds every derived link in the same transaction instead, which is then cheaper.
    static constexpr qsizetype kLinkOneByOneAtMost = 2000;
    /// A set of this many rows or more (memories, links, events, conflicts) is written
    /// through a rollback journal when no other connection holds the store (LargeWriteJournal):
    /// about 20 MiB of pages, from where the WAL's second write of each page costs more than
    /// the journal's fsyncs.
    static constexpr std::size_t kRollbackJournalFromRows = 100000;

    /// `now`: the instant of the import events, new ids and recorded contradictions (the
    /// CLI's --at); the current time when 0.
    ImportOperation(Store &store, const Config &config, Millis now);

    /// Above this many incoming memories detection is queued (kDetectAtMost; tests lower it).
    void setDetectAtMost(std::size_t count) { m_detectAtMost = count; }
    /// From this many rows the write goes through a rollback journal (kRollbackJournalFromRows;
    /// tests lower it).
    void setRollbackJournalFromRows(std::size_t rows) { m_rollbackJournalFromRows = rows; }

    /// Sorts the incoming memories against the store and finds the contradictions the import
    /// would raise. Writes nothing (a read-only store will do).
    [[nodiscard]] Result<ImportPlan> preview(const MemorySet &set) const;

    /// Imports `set` per `policy` and records the contradictions of `plan` (a preview of the
    /// same set) that still apply, in one transaction. `step` is called as the work goes on,
    /// and once more right before the commit; when it returns false everything rolls back
    /// (Error::Code::Cancelled). Any failure rolls back too: nothing is written.
    [[nodiscard]] Result<ImportOutcome> apply(const MemorySet &set, const ImportPlan &plan,
                                              const ImportPolicy &policy, const ImportStep &step = {}) const;

private:
    /// The written memories' derived links (docs/scoring.md, "Associations"), inside apply()'s
    /// transaction; `step` can still cancel. `storeIndex`: the keyword index of the whole store
    /// as the import left it, when the importer built one (Importer::setBuildKeywordIndex).
    [[nodiscard]] Status linkWritten(const ImportReport &report, Millis at, const ImportStep &step, int total,
                                     const KeywordIndex *storeIndex) const;
    /// Records the derived links just computed for overwritten memories in the import's decision.
    [[nodiscard]] Status noteDerivedLinks(const ImportReport &report, const QStringList &unlinked, Millis at) const;
    ImportDetection detect(const std::vector<Memory> &incoming) const;
    /// The first event of each decision among the events from the report's firstEventId on.
    [[nodiscard]] Result<std::vector<qint64>> decisionsFrom(const ImportReport &report) const;

    Store &m_store;
    Config m_config;
    Millis m_now;
    std::size_t m_detectAtMost = kDetectAtMost;
    std::size_t m_rollbackJournalFromRows = kRollbackJournalFromRows;
};

} // namespace recollector::core::io
