#pragma once

#include "model/Result.h"
#include "store/LargeWriteJournal.h"
#include "store/PageCacheSize.h"

#include <QStringList>

namespace recollector::core {

class Database;

/// A store filled in bulk in one transaction (`recollector-cli generate`). While it lives the
/// connection runs with bulk-load settings (a LargeWriteJournal without syncs: a generated
/// store has nothing to lose; foreign_keys=OFF; a large page cache keeping the B-tree tops
/// hot); the store's own values are put back on destruction, however the load ends. The
/// journal stays WAL if another connection holds the file: slower, still correct. A team store
/// (PostgreSQL) keeps the server's settings and its checks; only the indexes are built at the
/// end there too. Create it before the Transaction (the journal mode cannot change inside one)
/// and let it end after.
class BulkLoad final
{
public:
    explicit BulkLoad(Database &db);
    ~BulkLoad();
    BulkLoad(const BulkLoad &) = delete;
    BulkLoad &operator=(const BulkLoad &) = delete;

    /// Rows of memories, associations, events and conflicts together.
    [[nodiscard]] static Result<qint64> rowsInTables(Database &db);

    /// Empties those tables and restarts the event and conflict ids.
    [[nodiscard]] Status clearTables();
    /// Drops the secondary indexes of those tables, remembering their definitions: one sort
    /// at the end beats millions of random B-tree inserts.
    [[nodiscard]] Status dropSecondaryIndexes();
    /// Builds the dropped indexes again.
    [[nodiscard]] Status restoreSecondaryIndexes();

private:
    QString pragma(const QString &name);

    Database &m_db;
    QString m_foreignKeys;
    PageCacheSize m_cache;
    LargeWriteJournal m_journal;
    QStringList m_indexSql; ///< definitions of the dropped indexes, to build again
};

} // namespace recollector::core
