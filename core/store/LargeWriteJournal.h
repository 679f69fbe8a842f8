#pragma once

#include <QString>

namespace recollector::core {

class Database;

/// One large transaction written through a rollback journal instead of the WAL, when this
/// connection is the only one on the store. In WAL mode each page a transaction changes is
/// written twice: to the WAL at the commit, then into the store file by the checkpoint, which
/// reads it back first. A rollback journal holds only the old content of pages that had any
/// (next to nothing when the write mostly appends), and each new page is written once. SQLite's
/// own advice (wal.html, "Performance Considerations") is a rollback journal for transactions
/// over about 100 MB, such as the 100k set's import (185 MiB of pages; docs/performance.md,
/// import_100k_s).
///
/// While it lives the connection's journal_mode is DELETE, with synchronous=FULL (a rollback
/// journal's safe setting: the journal reaches the disk before the store file changes) or
/// OFF for a store being generated (`Durability::None`); destruction puts WAL and the
/// connection's synchronous back. SQLite leaves WAL only for the sole connection and says so
/// at once, without waiting: with any other open (the window, another recollector-cli, a worker's),
/// nothing changes and the write goes through the WAL, slower and as safe. A connection that
/// opens the store meanwhile reads it as usual (Database::configure leaves it to this one to
/// put WAL back). Create it before the Transaction (the mode cannot change inside one) and let
/// it end after.
class LargeWriteJournal final
{
public:
    enum class Durability { Full, None };

    explicit LargeWriteJournal(Database &db, Durability durability = Durability::Full);
    ~LargeWriteJournal();
    LargeWriteJournal(const LargeWriteJournal &) = delete;
    LargeWriteJournal &operator=(const LargeWriteJournal &) = delete;

    /// True when the write goes through the rollback journal.
    [[nodiscard]] bool isActive() const { return m_active; }

private:
    Database &m_db;
    QString m_synchronous; ///< as it was: SQLite's own number for it, read back from SQLite
    bool m_active = false;
};

} // namespace recollector::core
