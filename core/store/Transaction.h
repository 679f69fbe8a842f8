#pragma once

#include "model/Result.h"

namespace recollector::core {

class Database;

/// RAII write transaction (`BEGIN IMMEDIATE`). Rolls back unless commit() succeeded.
/// Nested Transactions join the outermost one: only the outermost commit writes.
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

private:
    Database &m_db;
    Error m_error;
    bool m_active = false;
    bool m_outermost = false;
    bool m_done = false;
};

} // namespace recollector::core
