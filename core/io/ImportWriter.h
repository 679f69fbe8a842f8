#pragma once

#include "model/Association.h"
#include "model/Event.h"
#include "model/Memory.h"
#include "model/Result.h"

#include "store/BulkStatement.h"

#include <QSqlQuery>

#include <memory>

namespace engram::core {
class Database;
}

namespace engram::core::io {

/// The importer's bulk write path: the same rows the repositories write, through statements
/// prepared once per import instead of once per row, bound through SQLite's C API on the
/// store's own connection (Qt Sql costs a QVariant, a placeholder name and a hash lookup per
/// bound value; import_100k_s of docs/architecture.md, "Performance budget"). Bound parameters
/// only. The caller holds the transaction, which these statements join.
class ImportWriter final
{
public:
    explicit ImportWriter(Database &db);

    [[nodiscard]] Status insertMemory(const Memory &memory);
    /// Appends and sets `event.id`.
    [[nodiscard]] Status appendEvent(Event &event);
    /// Writes the link unless the pair already has one at least as strong (one edge per
    /// pair, the strongest kept: docs/scoring.md, "Associations"). `link` must be ordered (a < b).
    [[nodiscard]] Status putLinkIfStronger(const Association &link);
    [[nodiscard]] Result<bool> memoryExists(const QString &id);

private:
    Database &m_db;
    std::unique_ptr<BulkStatement> m_insertMemory;
    std::unique_ptr<BulkStatement> m_appendEvent;
    std::unique_ptr<BulkStatement> m_putLink;
    QSqlQuery m_exists;
    bool m_prepared = false;
    Status prepare();
};

} // namespace engram::core::io
