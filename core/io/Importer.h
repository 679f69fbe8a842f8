#pragma once

#include "engine/conflicts/ConflictDetector.h"
#include "engine/graph/KeywordIndex.h"
#include "io/ImportPreview.h"
#include "io/MemorySet.h"
#include "model/Result.h"

#include <optional>
#include <utility>

namespace recollector::core {
class Store;
}

namespace recollector::core::io {

/// Imports a memory set into a store: first a preview (nothing written), then apply() with a
/// policy per kind. The whole apply is one transaction: any failure, or a cancel from the
/// progress callback, leaves the store exactly as it was.
///
/// apply() writes, in order: the memories (new / overwritten / keep-both copies); the set's
/// links whose two ends exist afterwards (the stronger one kept per pair); the set's events
/// of memories that were written or are not in the set, appended with new ids (kind, actor,
/// instant and payload kept; one already in the memory's history is not added twice); the
/// set's conflicts not already recorded whose two memories exist afterwards (one that names a
/// missing memory is left out with a warning, like a link); the detected contradictions as
/// open conflicts; then one `import` event per written memory (payload: source, action). A
/// store with no profile yet takes the set's.
class Importer final
{
public:
    explicit Importer(Store &store)
        : m_store(store)
    {
    }

    /// The instant recorded in import events and new ids (CLI --at); now when 0.
    void setNow(Millis now) { m_now = now; }
    void setContradictionDetector(ContradictionDetector detector) { m_detector = std::move(detector); }
    void setProgress(ImportProgress progress) { m_progress = std::move(progress); }
    /// When false, apply() leaves detected contradictions to the caller (who may record them
    /// with the engine's automatic handling inside an outer Transaction); true by default.
    void setRecordContradictions(bool record) { m_recordContradictions = record; }
    /// When true, an apply() into a store that held no memory builds the keyword index of the
    /// store after it on the other core meanwhile (WrittenKeywordIndex), when the set leaves
    /// memories without a link: takeKeywordIndex() gives it. False by default.
    void setBuildKeywordIndex(bool build) { m_buildKeywordIndex = build; }
    /// The index the last apply() built, if it built one (once: it is moved out).
    std::optional<KeywordIndex> takeKeywordIndex() { return std::exchange(m_keywordIndex, std::nullopt); }

    [[nodiscard]] Result<ImportPreview> preview(const MemorySet &set) const;
    [[nodiscard]] Result<ImportReport> apply(const MemorySet &set, const ImportPolicy &policy = {});

    static ImportKind classify(const Memory &stored, const Memory &incoming);
    /// The contradictions found before an import (incoming vs stored), as they stand in the
    /// store after it: a pair with an incoming memory the import skipped raises nothing, and
    /// keep-both copies go by their new ids. What the CLI and the window record afterwards.
    static std::vector<ConflictCandidate> candidatesAfter(const MemorySet &set, const ImportReport &report,
                                                          const std::vector<ConflictCandidate> &candidates);

private:
    Millis now() const;
    Store &m_store;
    Millis m_now = 0;
    ContradictionDetector m_detector;
    ImportProgress m_progress;
    bool m_recordContradictions = true;
    bool m_buildKeywordIndex = false;
    std::optional<KeywordIndex> m_keywordIndex;
};

} // namespace recollector::core::io
