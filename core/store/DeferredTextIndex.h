#pragma once

#include "model/Result.h"

#include <cstddef>
#include <cstdint>

namespace recollector::core {

class Database;

/// Many memories inserted at once (an import, a first attach) with the text index filled once
/// after them, not by the insert trigger row by row (docs/scoring.md, "Text index"). In the caller's
/// transaction: defer() drops the insert trigger; finish() indexes every row inserted since,
/// through TextIndexSchema's own expressions (textIndexFill), and creates the trigger again
/// from the same text (textIndexInsertTrigger). DDL is transactional: other connections never
/// see the store without the trigger, and a rollback brings it back.
/// The update and delete triggers stay: an overwrite of a memory indexed before keeps its
/// index row meanwhile. Between defer() and finish() nothing may update or delete a row
/// inserted since defer() (it has no index row yet).
class DeferredTextIndex final
{
public:
    /// From this many inserted rows on, deferring pays: below it the trigger costs about as
    /// much as dropping and creating it, which also makes every other connection read the
    /// schema again (docs/scoring.md, "Text index").
    static constexpr std::size_t kWorthFromRows = 100;

    explicit DeferredTextIndex(Database &db);
    /// Still deferred (an error or a cancel stopped the insert): the transaction is marked to
    /// roll back (Database::transactionPoisoned), so the store never commits without the trigger.
    ~DeferredTextIndex();
    DeferredTextIndex(const DeferredTextIndex &) = delete;
    DeferredTextIndex &operator=(const DeferredTextIndex &) = delete;

    /// True when the trigger was dropped; false when the triggers keep the index as before: a
    /// team store (its own text search), no open transaction, or a store whose insert trigger is
    /// not the one TextIndexSchema creates.
    [[nodiscard]] Result<bool> defer();
    /// defer() for an insert of `rows` memories when that many reach kWorthFromRows; false
    /// (the triggers keep the index) below it.
    [[nodiscard]] Result<bool> deferFor(std::size_t rows);
    /// Indexes the rows inserted since defer() and creates the trigger again; nothing when not deferred.
    [[nodiscard]] Status finish();

private:
    Database &m_db;
    std::int64_t m_lastRowBefore = 0; ///< the largest rowid of `memories` at defer()
    bool m_deferred = false;
};

} // namespace recollector::core
