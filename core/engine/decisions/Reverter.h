#pragma once

#include "config/Config.h"
#include "engine/decisions/DecisionOutcome.h"
#include "model/Event.h"
#include "model/Result.h"

#include <QHash>
#include <QJsonObject>

#include <vector>

namespace recollector::core {

class DecisionRecorder;
class RevertChain;
class EnhancedProfile;
class Store;

/// Undo as docs/architecture.md, "Undo" wants it: never deletes an event, appends a
/// compensating `revert` event per reverted event (payload "reverts": id, "revertsDecision",
/// and its own before/after), and restores the prior state field for field, in one transaction.
/// Reverting a revert re-applies the original decision (redo).
///
/// What an event's payload may hold, and what reverting it does:
///  - "before"/"after" (changed memory fields): the memory must still hold the "after"
///    values (cached strength and updatedAt excepted), else the revert is refused; the
///    "before" values are written back.
///  - "created": true → the memory is removed again; "removed": true (+ "associations") →
///    it is inserted back from "before", with its links whose other end still exists.
///  - "conflictCreated" / "conflictRemoved" (a conflict object) → the row is removed / put back;
///    "conflictBefore" + "conflictAfter" → the row is set back to "conflictBefore".
///  - "linkAdded" / "linkRemoved" (an association object) → the link is removed / put back.
///  - an `import` event of a memory the import wrote ("created" or "before", with the
///    import's decision id): refused while a later decision on that memory is not undone.
class Reverter final
{
public:
    Reverter(Store &store, const Config &config, const EnhancedProfile *weights = nullptr);

    /// The next revert is made on what a person saw: each memory in `seen` had that
    /// `updatedAt` in their view; one changed since is refused as Decisions refuses it
    /// (StaleView), before anything is written.
    void expecting(QHash<QString, Millis> seen) { m_seen = std::move(seen); }

    /// Reverts the whole decision `eventId` belongs to (its events, newest first), or only
    /// that event when `wholeDecision` is false. `at` 0 = now.
    [[nodiscard]] Result<DecisionOutcome> revert(qint64 eventId, Millis at = 0,
                                                 const QString &actor = QStringLiteral("user"),
                                                 bool wholeDecision = true);
    /// The events of the decision `eventId` belongs to, oldest first (one event when it
    /// carries no decision id). A decision's events have contiguous ids: they were appended
    /// in one write transaction.
    [[nodiscard]] Result<std::vector<Event>> decisionOf(qint64 eventId) const;
    [[nodiscard]] Result<Event> event(qint64 eventId) const;

private:
    Status revertOne(const Event &event, DecisionRecorder &recorder);
    /// StaleView's check of the memory `memoryId`, once, when expecting() named it.
    Status asSeen(const QString &memoryId);
    /// Refuses to revert an import's memory that a later decision (not undone) touched.
    Status untouchedSinceImport(const Event &event, const std::vector<Event> &history, const RevertChain &chain) const;
    Status revertConflictAndLinks(const QJsonObject &payload, QJsonObject &extra, DecisionRecorder &recorder);

    Store &m_store;
    const Config &m_config;
    const EnhancedProfile *m_weights;
    QHash<QString, Millis> m_seen; ///< taken by the next revert()
};

} // namespace recollector::core
