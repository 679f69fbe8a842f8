#pragma once

#include "model/Result.h"
#include "store/BulkRows.h"

#include <QByteArray>

#include <memory>
#include <vector>

namespace recollector::core {

class Database;
class SqliteStatement;

/// Replaces every row of `associations` at once (rebuild-associations): begin() drops the
/// table (and with it the `b` index) and creates it again from the store's own definition
/// (on PostgreSQL: truncates it and drops the index),
/// insert() adds rows through one prepared C-API statement
/// (in key order the (a, b) B-tree grows at its right edge), finish() builds the `b` index
/// again in one sort. Emptying and re-sorting beats millions of single deletes and random
/// inserts into a B-tree far bigger than the page cache. On PostgreSQL the links go
/// kRowsPerStatement to a statement, as the bulk writer's rows do: one round trip each, not one
/// a link. The caller holds the Transaction around all of it; nothing is visible to others
/// before its commit.
class AssociationRewrite final
{
public:
    explicit AssociationRewrite(Database &db);
    ~AssociationRewrite();
    AssociationRewrite(const AssociationRewrite &) = delete;
    AssociationRewrite &operator=(const AssociationRewrite &) = delete;

    [[nodiscard]] Status begin();
    /// Adds the pair's link unless the pair has one already (the first written wins).
    [[nodiscard]] Status insert(const LinkValues &link);
    [[nodiscard]] Status finish();

    static constexpr int kRowsPerStatement = 1000;

private:
    /// A link waiting for its statement on a team store (the caller's views do not outlive
    /// its call).
    struct PendingLink
    {
        QByteArray a;
        QByteArray b;
        double weight = 0;
        QByteArray type;
        std::int64_t createdAt = 0;
    };

    Status emptyOnFile();
    Status emptyOnServer();
    static void bindPending(SqliteStatement &statement, int first, const PendingLink &link);
    /// Writes the pending links, `statement` holding as many rows as there are.
    Status writePending(SqliteStatement &statement);

    Database &m_db;
    std::unique_ptr<SqliteStatement> m_insert;
    std::unique_ptr<SqliteStatement> m_insertMany; ///< on a team store: kRowsPerStatement rows
    std::vector<PendingLink> m_pending;
};

} // namespace recollector::core
