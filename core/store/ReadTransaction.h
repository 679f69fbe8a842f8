#pragma once

#include "model/Result.h"

namespace recollector::core {

class Database;

/// RAII read transaction (a deferred `BEGIN`): the reads inside see one state of the file,
/// whatever other connections commit meanwhile (a snapshot's rows and its event high-water
/// mark; what changed since). Inside a transaction already open on the connection it does
/// nothing: the reads join that one. Ends on destruction; it never writes.
class ReadTransaction final
{
public:
    explicit ReadTransaction(Database &db);
    ~ReadTransaction();
    ReadTransaction(const ReadTransaction &) = delete;
    ReadTransaction &operator=(const ReadTransaction &) = delete;

    /// The error of a BEGIN that failed; reads should not go on then.
    [[nodiscard]] Status status() const { return m_status; }

private:
    Database &m_db;
    Status m_status;
    bool m_own = false;
};

} // namespace recollector::core
