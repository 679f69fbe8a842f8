#pragma once

// One value read from a test's store with SQL (a count, a PRAGMA, a definition): the first
// column of the first row. Header-only, like TempStore.h.
#include "store/Database.h"
#include "store/Store.h"

#include <QSqlQuery>
#include <QString>
#include <QVariant>

namespace engram::test {

/// The value, or an invalid QVariant when the query fails or gives no row.
inline QVariant queryValue(core::Store &store, const QString &sql)
{
    QSqlQuery q(store.database().handle());
    if (!q.exec(sql) || !q.next())
        return {};
    return q.value(0);
}

/// The value as a number; -1 when the query fails or gives no row.
inline qint64 scalar(core::Store &store, const QString &sql)
{
    const QVariant v = queryValue(store, sql);
    return v.isValid() ? v.toLongLong() : -1;
}

} // namespace engram::test
