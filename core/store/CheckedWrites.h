#pragma once

namespace recollector::core {

class Database;

/// A write whose caller checks every link's two ends itself runs without SQLite's foreign-key
/// enforcement, which would look both ends up a second time: an import (ImportRun looks each
/// end up before it writes the link: 1 million lookups for the 100k set's 500k links), a
/// rebuild of the links from memories no other connection changed since it read them.
/// While it lives the connection's `foreign_keys` is OFF; destruction puts ON back, however
/// the write ends. Create it before the Transaction and let it end after: the PRAGMA is a
/// no-op inside a transaction, so under an outer one enforcement simply stays on (slower,
/// still correct). Nothing may delete a memory meanwhile: ON DELETE CASCADE is off too.
class CheckedWrites final
{
public:
    explicit CheckedWrites(Database &db);
    ~CheckedWrites();
    CheckedWrites(const CheckedWrites &) = delete;
    CheckedWrites &operator=(const CheckedWrites &) = delete;

private:
    Database &m_db;
    bool m_turnedOff = false;
};

} // namespace recollector::core
