#pragma once

#include "model/Result.h"

#include <optional>

namespace recollector::core {

class Database;

/// RAII write transaction: `BEGIN IMMEDIATE` on SQLite; on a team store `BEGIN` and the store's
/// writer lock, so one writer at a time on both (docs/team-store.md#many-writers). Rolls back
/// unless commit() succeeded. Nested Transactions join the outermost one: only the outermost
/// commit writes.
class Transaction final
{
public:
    explicit Transaction(Database &db);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    /// False (with error()) when BEGIN failed, e.g. the store is locked or read-only.
    bool isActive() const { return m_active; }
    const Error &error() const { return m_error; }

    [[nodiscard]] Status commit();
    void rollback();

    /// On a team store, a write outside any Transaction gets one of its own, so it holds the
    /// writer lock too (an event's id must follow the commits); elsewhere, none. Commit it
    /// when the write succeeded.
    [[nodiscard]] static std::optional<Transaction> forLooseWrite(Database &db);

private:
    Database &m_db;
    Error m_error;
    bool m_active = false;
    bool m_outermost = false;
    bool m_done = false;
};

} // namespace recollector::core
