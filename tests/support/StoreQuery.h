#pragma once

// What a test reads from its store with SQL: one value (a count, a PRAGMA, a definition: the
// first column of the first row), or every row as text to compare two stores. Header-only,
// like TempStore.h.
#include "store/Database.h"
#include "store/Store.h"

#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QString>
#include <QVariant>

namespace recollector::test {

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

/// Every row the query gives, its values joined by '|', one string per row; {"query failed"}
/// when it fails.
inline QStringList queryRows(core::Store &store, const QString &sql)
{
    QSqlQuery q(store.database().handle());
    if (!q.exec(sql))
        return { QStringLiteral("query failed") };
    QStringList rows;
    while (q.next()) {
        QStringList values;
        for (int i = 0; i < q.record().count(); ++i)
            values << q.value(i).toString();
        rows << values.join(QLatin1Char('|'));
    }
    return rows;
}

} // namespace recollector::test
