#pragma once

#include "model/Event.h"
#include "model/Result.h"

#include <functional>
#include <optional>
#include <string_view>

#include <QStringList>

#include <vector>

namespace recollector::core {

namespace crypto {
class StoreKey;
}

class Database;

/// The append-only `events` table. Nothing here updates or deletes an event.
class EventLog final
{
public:
    explicit EventLog(Database &db) : m_db(db) {}

    /// Seals the payloads of `memoryId`'s past events that carry its text (a raise to level
    /// 3; docs/formats.md, "Encryption at rest"). Needs the store unlocked. The one place
    /// besides reseal() where an event row is rewritten: its meaning stays, only its form changes.
    [[nodiscard]] Status sealHistory(const QString &memoryId);
    /// Opens every sealed payload with `from` and seals it again with `to` (a passphrase
    /// change); a payload that does not open with `from` fails the whole change.
    [[nodiscard]] Status reseal(const crypto::StoreKey &from, const crypto::StoreKey &to);

    /// Appends and sets `event.id`.
    [[nodiscard]] Status append(Event &event);
    /// Whether append() would seal `event`'s payload: it carries text and its memory is level
    /// 3, or it names a sealed memory (an import's bulk writer asks before writing an event).
    [[nodiscard]] Result<bool> concernsSealed(const Event &event) const;
    /// On a team store, this connection's database role into `payload` as "dbRole", so the
    /// history says who decided (docs/team-store.md#who-decided); nothing on a file. append()
    /// calls it, and so does an import for its own events, which it writes in bulk.
    void nameRole(QJsonObject &payload) const;
    /// A memory's history, oldest first: every event, or only those of `kinds` (a decision
    /// reads just the mention and revert events, not the growing list of recorded accesses).
    [[nodiscard]] Result<std::vector<Event>> forMemory(const QString &memoryId,
                                                       const QStringList &kinds = {}) const;
    /// Events of a kind (or all kinds when empty) since `sinceMs`, oldest first.
    [[nodiscard]] Result<std::vector<Event>> since(Millis sinceMs, const QString &kind = {}) const;
    [[nodiscard]] Result<std::vector<Event>> all() const;
    /// The mentions (a reinforce or confirm event whose payload holds `"mention": true`; a
    /// sealed one is opened with the session's key, and while locked it counts as none), as
    /// visit(event id, memory id in UTF-8, at): read in SQLite, without an Event or a parsed
    /// payload per row (at a million memories there are hundreds of thousands). The memory id
    /// lives only for the call.
    using MentionVisitor = std::function<void(qint64 eventId, std::string_view memoryIdUtf8, Millis at)>;
    /// The plain mentions, by memory id and then time, through the partial index
    /// `events_mention_by_memory`, which holds just them (docs/formats.md, schema v4).
    [[nodiscard]] Status scanMentionsByMemory(const MentionVisitor &visit) const;
    /// The sealed mentions, in id order (few: only level-3 memories seal their events).
    [[nodiscard]] Status scanSealedMentions(const MentionVisitor &visit) const;

    /// How many of a memory's plain mentions lie in a span of time, and the first and last.
    struct MentionSpan
    {
        qint64 count = 0;
        Millis first = 0; ///< when count > 0
        Millis last = 0;  ///< when count > 0
    };
    /// The plain mentions of `memoryId` with from ≤ at ≤ to, the events `leftOut` (undone
    /// ones) not counted: one aggregate over `events_mention_by_memory`, which reads the
    /// index's entries in the span and no event (a decision's cost does not grow with the
    /// memory's history; docs/team-store.md#many-writers).
    [[nodiscard]] Result<MentionSpan> plainMentionSpan(const QString &memoryId, Millis from, Millis to,
                                                       const std::vector<qint64> &leftOut) const;
    /// One memory's sealed mentions, as scanSealedMentions() visits them (few).
    [[nodiscard]] Status scanSealedMentionsOf(const QString &memoryId, const MentionVisitor &visit) const;
    /// Every event of the given kinds, in id order (one pass over the table).
    [[nodiscard]] Result<std::vector<Event>> ofKinds(const QStringList &kinds) const;
    /// Events with ids from `fromId` to `toId` (both included), in id order (undo walks a
    /// decision's events by id).
    [[nodiscard]] Result<std::vector<Event>> between(qint64 fromId, qint64 toId) const;
    [[nodiscard]] Result<qint64> count() const;
    /// The highest event id, 0 when there is none.
    [[nodiscard]] Result<qint64> lastId() const;

    /// A memory that events after some id name, with the newest of those events.
    struct Touched
    {
        QString memoryId;
        qint64 lastEventId = 0;
    };
    /// The distinct memories named by events after `afterEventId`, at most `limit` of them.
    [[nodiscard]] Result<std::vector<Touched>> touchedSince(qint64 afterEventId, int limit) const;
    /// touchedSince's statement: it reads only the events after the id (its query plan is
    /// checked by core.store_scans).
    static QString touchedSinceSql();

private:
    /// The sealed mentions of one memory, or of all when `memoryId` is empty.
    Status scanSealed(const QString &memoryId, const MentionVisitor &visit) const;
    Status rewritePayloads(const QString &memoryId,
                           const std::function<std::optional<QJsonObject>(const Event &)> &change);
    Database &m_db;
};

} // namespace recollector::core
