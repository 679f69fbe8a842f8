#pragma once

#include "model/Event.h"
#include "model/Result.h"

#include <vector>

namespace engram::core {

class Database;

/// The append-only `events` table. Nothing here updates or deletes an event.
class EventLog final
{
public:
    explicit EventLog(Database &db) : m_db(db) {}

    /// Appends and sets `event.id`.
    [[nodiscard]] Status append(Event &event);
    /// A memory's history, oldest first.
    [[nodiscard]] Result<std::vector<Event>> forMemory(const QString &memoryId) const;
    /// Events of a kind (or all kinds when empty) since `sinceMs`, oldest first.
    [[nodiscard]] Result<std::vector<Event>> since(Millis sinceMs, const QString &kind = {}) const;
    [[nodiscard]] Result<std::vector<Event>> all() const;
    [[nodiscard]] Result<qint64> count() const;

private:
    Database &m_db;
};

} // namespace engram::core
