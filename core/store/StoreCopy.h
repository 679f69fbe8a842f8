#pragma once

#include "model/Result.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace recollector::core {

class Database;

/// `recollector-cli copy-store FROM TO` (docs/team-store.md, "Moving between the two"): every
/// row of a store into an empty store of either engine, as it is stored (sealed text stays
/// sealed, ids and write order are kept), in one transaction on the target, read from one
/// state of the source.
class StoreCopy final
{
public:
    struct Table
    {
        QString name;
        QStringList columns; ///< in the order copied; the first orders the rows
    };
    /// The tables copied, parents first (links and events after their memories).
    static const std::vector<Table> &tables();

    /// `table`, `done` rows of `total`: called at each table's start and end and every
    /// few thousand rows between. False stops the copy (Error::Code::Cancelled, nothing written).
    using Progress = std::function<bool(const QString &table, qint64 done, qint64 total)>;

    /// Copies `from` into `to`, which must hold no row yet (a store just created). On failure
    /// nothing is written to `to`, and the error names the table and the row.
    [[nodiscard]] static Status copy(Database &from, Database &to, const Progress &progress);

    /// The one way in for `recollector-cli copy-store` and the window's File → Copy Store
    /// (docs/team-store.md, "Moving between the two"): the store at `fromPath` (a file or an
    /// address, read-only) into a new store at `toPath`, created for it. A file that exists
    /// and is not empty is refused; a file this made is removed again when the copy fails or
    /// is stopped, so nothing is left behind. Opens its own connections (any thread). Gives
    /// the number of memories copied.
    [[nodiscard]] static Result<qint64> copyStore(const QString &fromPath, const QString &toPath,
                                                  const Progress &progress);

private:
    static Status copyTable(Database &from, Database &to, const Table &table, const Progress &progress);
    static Status checkEmpty(Database &to);
    static Status continueIds(Database &to);
};

} // namespace recollector::core
