#pragma once

#include "model/Result.h"
#include "model/Time.h"

#include <QSet>
#include <QStringList>

namespace recollector::core {

class Database;

/// Which memories the event log records the creation of (docs/scoring.md#contents-as-of): an
/// event whose payload says `created` (a decision, an import, an undo), a folder sync's
/// `added`, or a sealed `create` or `import` event (its payload is an envelope). Rows written
/// without one (`recollector-cli generate`, an import of an older Recollector) can only be
/// placed in time by their own creation date.
class CreationRecords final
{
public:
    explicit CreationRecords(Database &db) : m_db(db) {}

    /// Memories with no recorded creation and a creation date at or after `at`.
    [[nodiscard]] Result<QStringList> unrecordedFrom(Millis at) const;
    /// How many memories have no recorded creation and a creation date before `at`.
    [[nodiscard]] Result<qint64> countUnrecordedBefore(Millis at) const;
    /// Of `ids`, the memories whose being there at `at` rests on their creation date alone: no
    /// recorded creation and no event before `at` ("Contents as of" marks them approximate).
    [[nodiscard]] Result<QSet<QString>> undatedAmong(const QStringList &ids, Millis at) const;
    /// Whether `memoryId`'s creation is recorded.
    [[nodiscard]] Result<bool> isRecorded(const QString &memoryId) const;

private:
    Database &m_db;
};

} // namespace recollector::core
