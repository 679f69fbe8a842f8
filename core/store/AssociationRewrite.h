#pragma once

#include "model/Result.h"
#include "store/BulkRows.h"

#include <memory>

namespace recollector::core {

class Database;
class SqliteStatement;

/// Replaces every row of `associations` at once (rebuild-associations): begin() drops the
/// table (and with it the `b` index) and creates it again from the store's own definition
/// (on PostgreSQL: truncates it and drops the index),
/// insert() adds rows through one prepared C-API statement
/// (in key order the (a, b) B-tree grows at its right edge), finish() builds the `b` index
/// again in one sort. Emptying and re-sorting beats millions of single deletes and random
/// inserts into a B-tree far bigger than the page cache. The caller holds the Transaction
/// around all of it; nothing is visible to others before its commit.
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

private:
    Status emptyOnFile();
    Status emptyOnServer();

    Database &m_db;
    std::unique_ptr<SqliteStatement> m_insert;
};

} // namespace recollector::core
