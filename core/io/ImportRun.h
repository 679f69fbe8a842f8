#pragma once

#include "io/EventPayloadTexts.h"
#include "io/MemoryPositions.h"
#include "io/ImportPreview.h"
#include "io/ImportWriter.h"
#include "io/MemorySet.h"
#include "io/SetPositions.h"
#include "io/WrittenKeywordIndex.h"
#include "model/Result.h"

#include <QHash>

#include <optional>

#include <vector>

namespace recollector::core {
class Store;
}

namespace recollector::core::io {

/// One Importer::apply() under way: the state its loops share (the stored versions of the
/// incoming ids, where each written memory went, the progress count) and one function per
/// loop, in the order apply() calls them. Everything runs inside the caller's transaction;
/// each function stops at the first error or cancel (Error::Code::Cancelled) and leaves the
/// rollback to the caller.
class ImportRun final
{
public:
    /// `total`: the steps the loops will report (memories, links, events, conflicts and
    /// contradictions of the set), for `progress`.
    ImportRun(Store &store, const MemorySet &set, Millis at, ImportProgress progress, int total);

    /// The stored versions of the set's ids, by id.
    [[nodiscard]] static Result<QHash<QString, Memory>> storedVersions(Store &store, const MemorySet &set);

    /// Reads the stored versions of the incoming ids; first.
    [[nodiscard]] Status loadStored();
    /// New, overwritten and keep-both memories, per the policy.
    [[nodiscard]] Status writeMemories(const ImportPolicy &policy);
    /// The set's links whose two ends exist afterwards, the stronger one kept per pair.
    [[nodiscard]] Status writeLinks();
    [[nodiscard]] Status writeLinkRows();
    /// The set's events of memories that were written or are not in the set, once each.
    [[nodiscard]] Status writeEvents();
    /// The set's conflicts not already recorded whose two memories exist afterwards.
    [[nodiscard]] Status writeConflicts();
    /// Detected contradictions (incoming ids) as open conflicts.
    [[nodiscard]] Status writeContradictions(const std::vector<Conflict> &contradictions);
    /// One `import` event per written memory.
    [[nodiscard]] Status writeImportEvents();
    /// A store with no profile yet takes the set's.
    [[nodiscard]] Status adoptProfile();
    /// The last progress report when there was nothing to step through (a cancel still counts).
    [[nodiscard]] Status finish();

    const ImportReport &report() const { return m_report; }

    /// Importer::setBuildKeywordIndex.
    void setBuildKeywordIndex(bool build) { m_buildKeywordIndex = build; }
    /// The keyword index of the store after the import, when one was built (waits for it).
    std::optional<KeywordIndex> takeKeywordIndex();

private:
    [[nodiscard]] Status step();
    /// `position`: the memory's place in the set.
    [[nodiscard]] Status writeMemory(std::size_t position, ImportKind kind, ImportAction action);
    /// A memory this import wrote: its id in the store (a keep-both copy's is new), whether
    /// the import created it (else it overwrote a stored one), and whether a link of the set
    /// reached it.
    struct Target
    {
        QString storeId;
        bool written = false; ///< false: not (yet) written, the rest unset
        bool created = false;
        bool linked = false;
        bool renamed = false; ///< storeId is not the set's id (kept as a copy)
    };
    /// The id `target`, found for the set's `id`, has in the store: `id` itself unless the
    /// memory was renamed, so the common case reads no other string (a link's ends are found
    /// in random order).
    static const QString &storeIdOf(const Target *target, const QString &id)
    {
        return target && target->renamed ? target->storeId : id;
    }

    /// The Target of the set's memory at this position (-1: none) when the import wrote it,
    /// else nullptr.
    Target *writtenAt(qsizetype position)
    {
        Target *target = position < 0 ? nullptr : &m_target[std::size_t(position)];
        return target && target->written ? target : nullptr;
    }
    /// The Target of the set's memory with this id when the import wrote it, else nullptr.
    Target *writtenTarget(QStringView id) { return writtenAt(m_ids.find(id)); }
    /// An id as the store knows it after the import: a keep-both copy's new id, else the same.
    QString mapped(const QString &id)
    {
        const Target *written = writtenTarget(id);
        return storeIdOf(written, id);
    }
    /// Whether a memory is in the store after the import (written, stored, or found there).
    [[nodiscard]] Result<bool> exists(const QString &id);
    /// Whether a memory the import did not write is in the store (stored, or found there).
    [[nodiscard]] Result<bool> existsUnwritten(const QString &id);
    /// Whether both ends exist; `missing` gets the (incoming) id of the first that does not.
    [[nodiscard]] Result<bool> bothExist(const QString &a, const QString &b, QString *missing);
    /// exists(mapped(id)), with `storeId` set to mapped(id) and `written`, when given, to the
    /// Target of a memory this import wrote (else nullptr).
    [[nodiscard]] Result<bool> existsAfter(const QString &id, const QString *&storeId, Target **written = nullptr);
    /// existsAfter() for the id at this position of the set (SetPositions), without looking it up.
    [[nodiscard]] Result<bool> existsAt(qsizetype position, const QString &id, const QString *&storeId, Target **written);
    [[nodiscard]] Result<bool> inHistory(const Event &event);
    [[nodiscard]] Status recordConflict(Conflict c, int &counter);
    /// Queues the event an undo needs for a link the set brings between two memories the
    /// store had before (none when the stored link is kept). Not for a link with a memory the
    /// import created.
    [[nodiscard]] Status noteLink(const Association &link);
    /// Starts the keyword index of the store after the import (see m_keywordIndex).
    void startKeywordIndex();
    /// The decision id and source every import event carries.
    QJsonObject undoPayload() const;

    Store &m_store;
    const MemorySet &m_set;
    const Millis m_at;
    const ImportProgress m_progress;
    const int m_total;
    int m_done = 0;
    ImportWriter m_writer;
    ImportReport m_report;
    QHash<QString, Memory> m_stored;               ///< stored versions of the incoming ids
    const MemoryPositions m_ids;                           ///< every id the set carries, to its position
    std::vector<Target> m_target;                  ///< by position in the set: where each memory went
    SetPositions m_positions;                      ///< the links' and events' memories, by position
    std::optional<EventPayloadTexts> m_payloadTexts; ///< the set's event payloads, from writeLinks() on
    bool m_buildKeywordIndex = false;
    bool m_storeWasEmpty = false;                  ///< no memory row before the import
    std::optional<WrittenKeywordIndex> m_keywordIndex; ///< from writeLinks() on, when built
    const QString m_decision;                      ///< the import's decision id (one undo step)
    std::vector<Event> m_importEvents;             ///< per written memory, link and conflict; appended last
    QJsonObject m_addedPayload;                    ///< the import event's payload of a new memory
    QHash<QString, bool> m_existsCache;            ///< ids looked up in the store
    QHash<QString, std::vector<Event>> m_history;  ///< stored histories, loaded on first need
};

} // namespace recollector::core::io
