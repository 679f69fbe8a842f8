#pragma once

// Row counts and a SHA-256 over every row of every table of a store, in a fixed order: equal
// fingerprints mean nothing was written. Header-only, for any test executable.
#include "store/Store.h"

#include <QCryptographicHash>
#include <QList>
#include <QSqlQuery>
#include <QSqlRecord>

namespace recollector::test {

struct StoreFingerprint
{
    QList<qint64> counts;
    QByteArray hash;
    bool operator==(const StoreFingerprint &) const = default;
};

/// Every row of every table of `store` in a fixed order: `onValue(text)` for each value (as
/// UTF-8 text), `onRowEnd()` after each row. Gives each table's row count.
template <typename OnValue, typename OnRowEnd>
QList<qint64> visitRows(core::Store &store, OnValue &&onValue, OnRowEnd &&onRowEnd)
{
    QList<qint64> counts;
    for (const char *sql : {"SELECT * FROM memories ORDER BY id", "SELECT * FROM associations ORDER BY a, b",
                            "SELECT * FROM events ORDER BY id", "SELECT * FROM conflicts ORDER BY id",
                            "SELECT * FROM meta ORDER BY key"}) {
        QSqlQuery q(store.database().handle());
        if (!q.exec(QString::fromLatin1(sql)))
            qFatal("reading every row failed: %s", sql);
        qint64 rows = 0;
        const int columns = q.record().count(); // record() builds a whole record: once, not per cell
        while (q.next()) {
            ++rows;
            for (int i = 0; i < columns; ++i)
                onValue(q.value(i).toString().toUtf8());
            onRowEnd();
        }
        counts << rows;
    }
    return counts;
}

inline StoreFingerprint fingerprint(core::Store &store)
{
    StoreFingerprint f;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    f.counts = visitRows(
        store, [&](const QByteArray &value) { hash.addData(value + '\x1f'); }, [&] { hash.addData("\x1e"); });
    f.hash = hash.result();
    return f;
}

} // namespace recollector::test
