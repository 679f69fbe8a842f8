#include "store/StoreCopy.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/MemoryRow.h"
#include "store/ReadTransaction.h"
#include "store/Transaction.h"

#include <QSqlQuery>
#include <QVariant>

namespace recollector::core {

namespace {

constexpr qint64 kProgressEvery = 5000;

QString placeholders(qsizetype n)
{
    QString out = QStringLiteral("?");
    for (qsizetype i = 1; i < n; ++i)
        out += QStringLiteral(",?");
    return out;
}

} // namespace

const std::vector<StoreCopy::Table> &StoreCopy::tables()
{
    static const std::vector<Table> kTables = [] {
        QStringList memories{QStringLiteral("rowid")};
        memories += row::memoryColumns();
        return std::vector<Table>{
            {QStringLiteral("memories"), memories},
            {QStringLiteral("associations"),
             {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("weight"), QStringLiteral("type"),
              QStringLiteral("created_at")}},
            {QStringLiteral("events"),
             {QStringLiteral("id"), QStringLiteral("memory_id"), QStringLiteral("kind"), QStringLiteral("actor"),
              QStringLiteral("at"), QStringLiteral("payload")}},
            {QStringLiteral("conflicts"),
             {QStringLiteral("id"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("type"),
              QStringLiteral("status"), QStringLiteral("resolution"), QStringLiteral("detected_at"),
              QStringLiteral("resolved_at")}},
            {QStringLiteral("meta"), {QStringLiteral("key"), QStringLiteral("value")}},
        };
    }();
    return kTables;
}

Status StoreCopy::copy(Database &from, Database &to, const Progress &progress)
{
    if (from.path() == to.path())
        return Error::make(Error::Code::Usage, QStringLiteral("%1: a store cannot be copied onto itself").arg(to.path()));
    ReadTransaction snapshot(from);
    if (!snapshot.status())
        return snapshot.status();
    Transaction tx(to);
    if (!tx.isActive())
        return tx.error();
    if (const Status st = checkEmpty(to); !st)
        return st;
    for (const Table &table : tables()) {
        if (const Status st = copyTable(from, to, table, progress); !st)
            return st;
    }
    if (const Status st = continueIds(to); !st)
        return st;
    return tx.commit();
}

Status StoreCopy::checkEmpty(Database &to)
{
    for (const Table &table : tables()) {
        QSqlQuery q(to.handle());
        if (!q.exec(QStringLiteral("SELECT 1 FROM %1 LIMIT 1").arg(table.name)))
            return to.errorFrom(q, QStringLiteral("reading %1").arg(table.name));
        if (q.next())
            return Error::make(Error::Code::Validation,
                               QStringLiteral("%1: the target store is not empty (its %2 table has rows); "
                                              "copy into a new store")
                                   .arg(to.path(), table.name));
        if (const Status st = to.endOfRows(q, QStringLiteral("reading %1").arg(table.name)); !st)
            return st;
    }
    return {};
}

Status StoreCopy::copyTable(Database &from, Database &to, const Table &table, const Progress &progress)
{
    const QString columns = table.columns.join(QLatin1Char(','));
    const QString what = QStringLiteral("copying %1").arg(table.name);
    QSqlQuery count(from.handle());
    if (!count.exec(QStringLiteral("SELECT count(*) FROM %1").arg(table.name)) || !count.next())
        return from.errorFrom(count, what);
    const qint64 total = count.value(0).toLongLong();
    count.finish();
    if (progress)
        progress(table.name, 0, total);

    QSqlQuery read(from.handle());
    read.setForwardOnly(true);
    // Rows in the order they were written (memories by rowid, events and conflicts by id), so
    // the target gives later rows the same order.
    if (!read.exec(QStringLiteral("SELECT %1 FROM %2 ORDER BY %3").arg(columns, table.name, table.columns.first())))
        return from.errorFrom(read, what);
    QSqlQuery write(to.handle());
    if (!write.prepare(QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)")
                           .arg(table.name, columns, placeholders(table.columns.size()))))
        return to.errorFrom(write, what);
    qint64 done = 0;
    const int n = int(table.columns.size());
    while (read.next()) {
        for (int i = 0; i < n; ++i) {
            // Qt's PostgreSQL driver reads a positive BIGINT as unsigned; SQLite's driver
            // would bind that as text. Every integer of the store is a signed 64-bit one.
            const QVariant v = read.value(i);
            write.bindValue(i, v.typeId() == QMetaType::ULongLong ? QVariant(v.toLongLong()) : v);
        }
        if (!write.exec()) {
            const Error err = to.errorFrom(write, what);
            return Error::make(err.code, QStringLiteral("%1 (row %2, %3 %4)")
                                             .arg(err.message)
                                             .arg(done + 1)
                                             .arg(table.columns.first(), read.value(0).toString()),
                               err.detail);
        }
        if (++done % kProgressEvery == 0 && progress)
            progress(table.name, done, total);
    }
    if (const Status st = from.endOfRows(read, what); !st)
        return st;
    if (progress && done % kProgressEvery != 0)
        progress(table.name, done, total);
    return {};
}

Status StoreCopy::continueIds(Database &to)
{
    // Rows copied with their ids: the target's next id follows the last one copied. SQLite's
    // AUTOINCREMENT keeps sqlite_sequence by itself; PostgreSQL's identity sequences do not.
    if (!isServer(to))
        return {};
    const QList<std::pair<const char *, const char *>> identities = {
        {"memories", "rowid"}, {"events", "id"}, {"conflicts", "id"}};
    for (const auto &[table, column] : identities) {
        QSqlQuery q(to.handle());
        const QString sql = QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', '%2'), "
                                           "COALESCE((SELECT max(%2) FROM %1), 0) + 1, false)")
                                .arg(QLatin1String(table), QLatin1String(column));
        if (!q.exec(sql))
            return to.errorFrom(q, QStringLiteral("continuing the ids of %1").arg(QLatin1String(table)));
    }
    return {};
}

} // namespace recollector::core
