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

inline StoreFingerprint fingerprint(core::Store &store)
{
    StoreFingerprint f;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const char *sql : {"SELECT * FROM memories ORDER BY id", "SELECT * FROM associations ORDER BY a, b",
                            "SELECT * FROM events ORDER BY id", "SELECT * FROM conflicts ORDER BY id",
                            "SELECT * FROM meta ORDER BY key"}) {
        QSqlQuery q(store.database().handle());
        if (!q.exec(QString::fromLatin1(sql)))
            qFatal("fingerprint query failed: %s", sql);
        qint64 rows = 0;
        const int columns = q.record().count(); // record() builds a whole record: once, not per cell
        while (q.next()) {
            ++rows;
            for (int i = 0; i < columns; ++i)
                hash.addData(q.value(i).toString().toUtf8() + '\x1f');
            hash.addData("\x1e");
        }
        f.counts << rows;
    }
    f.hash = hash.result();
    return f;
}

} // namespace recollector::test
