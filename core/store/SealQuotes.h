#pragma once

#include "model/Result.h"

#include <QJsonObject>
#include <QString>

namespace recollector::core {

class Database;

namespace crypto {
class StoreKey;
}

/// The text of a level-3 memory that OTHER rows quote (docs/formats.md, "Encryption at
/// rest"): a conflict resolution's event, written to both memories, carries the winner's text
/// in the loser's correction history; a correction's new text sits in the old memory's
/// history. Such an event is sealed when any memory it names is sealed, and when a memory is
/// raised to level 3 the quotes made of it before are sealed (events) or emptied (the
/// `newPreference` of another memory's correction history, which keeps the `newId`).
class SealQuotes final
{
public:
    explicit SealQuotes(Database &db) : m_db(db) {}

    /// Whether `payload` names (a, b, newId, mergedFrom, ...) a memory other than
    /// `ownMemoryId` whose text is sealed in its row.
    [[nodiscard]] Result<bool> namesSealed(const QJsonObject &payload, const QString &ownMemoryId) const;
    /// After `memoryId` is sealed: other memories' events that name it and carry text sealed
    /// (each under its own memory), and its text taken out of other memories' correction
    /// histories. Part of the caller's transaction.
    [[nodiscard]] Status sealQuotesOf(const QString &memoryId, const crypto::StoreKey &key);

private:
    Status sealEventsNaming(const QString &memoryId, const crypto::StoreKey &key);
    Status emptyCorrectionQuotes(const QString &memoryId);

    Database &m_db;
};

} // namespace recollector::core
