#include "store/StoreCopy.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/MemoryRow.h"
#include "store/ReadTransaction.h"
#include "store/ServerUrl.h"
#include "store/Transaction.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <vector>

namespace recollector::core {

namespace {

constexpr qint64 kProgressEvery = 5000;

Error stopped() { return Error::make(Error::Code::Cancelled, QStringLiteral("the copy was stopped; nothing was written")); }

QString placeholders(qsizetype n)
{
    QString out = QStringLiteral("?");
    for (qsizetype i = 1; i < n; ++i)
        out += QStringLiteral(",?");
    return out;
}

/// The INSERTs of one table's copy. On PostgreSQL many rows go in one statement (each
/// statement is a round trip to the server: row by row, a million rows would take minutes);
/// on SQLite, in the same process, one prepared row at a time is as fast.
class BatchInsert final
{
public:
    BatchInsert(Database &to, const StoreCopy::Table &table, QString what)
        : m_to(to), m_table(table), m_what(std::move(what)),
          // PostgreSQL takes at most 65,535 parameters a statement.
          m_rowsPerStatement(isServer(to) ? std::max<qsizetype>(1, 30000 / table.columns.size()) : 1),
          m_full(to.handle())
    {
        m_valid = m_full.prepare(sql(m_rowsPerStatement));
        if (!m_valid)
            m_error = to.errorFrom(m_full, m_what);
        m_values.reserve(m_rowsPerStatement * table.columns.size());
    }
    bool isValid() const { return m_valid; }
    const Error &error() const { return m_error; }

    void add(const QVariant &value) { m_values.push_back(value); }
    /// After each row's values: writes the rows held once a statement's worth is there.
    /// `done` counts the rows so far, for the error's "rows".
    Status rowDone(qint64 done)
    {
        m_done = done;
        if (qsizetype(m_values.size()) < m_rowsPerStatement * m_table.columns.size())
            return {};
        return write(m_full);
    }
    /// Writes the rows still held (fewer than a statement's worth).
    Status flush()
    {
        if (m_values.empty())
            return {};
        QSqlQuery rest(m_to.handle());
        if (!rest.prepare(sql(qsizetype(m_values.size()) / m_table.columns.size())))
            return m_to.errorFrom(rest, m_what);
        return write(rest);
    }

private:
    QString sql(qsizetype rows) const
    {
        const QString row = QStringLiteral("(") + placeholders(m_table.columns.size()) + QStringLiteral(")");
        QStringList values;
        for (qsizetype i = 0; i < rows; ++i)
            values << row;
        return QStringLiteral("INSERT INTO %1 (%2) VALUES %3")
            .arg(m_table.name, m_table.columns.join(QLatin1Char(',')), values.join(QLatin1Char(',')));
    }
    Status write(QSqlQuery &q)
    {
        for (int i = 0; i < int(m_values.size()); ++i)
            q.bindValue(i, m_values[std::size_t(i)]);
        const qint64 rows = qint64(m_values.size() / std::size_t(m_table.columns.size()));
        const QString first = m_values.front().toString();
        m_values.clear();
        if (q.exec())
            return {};
        const Error err = m_to.errorFrom(q, m_what);
        // Which rows: the statement's, named by the first one's key.
        const QString where = rows == 1 ? QStringLiteral("row %1,").arg(m_done)
                                        : QStringLiteral("rows %1 to %2, from").arg(m_done - rows + 1).arg(m_done);
        return Error::make(err.code,
                           QStringLiteral("%1 (%2 %3 %4)").arg(err.message, where, m_table.columns.first(), first),
                           err.detail);
    }

    Database &m_to;
    const StoreCopy::Table &m_table;
    QString m_what;
    qsizetype m_rowsPerStatement;
    QSqlQuery m_full;
    bool m_valid = false;
    Error m_error;
    std::vector<QVariant> m_values;
    qint64 m_done = 0;
};

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

Result<qint64> StoreCopy::copyStore(const QString &fromPath, const QString &toPath, const Progress &progress)
{
    const bool toIsFile = !ServerUrl::isServerUrl(toPath);
    if (toIsFile && QFileInfo::exists(toPath) && QFileInfo(toPath).size() > 0)
        return Error::make(Error::Code::Usage, QStringLiteral("%1 exists; copy into a new store").arg(toPath));
    Database::Options readOnly;
    readOnly.readOnly = true;
    auto from = Database::open(fromPath, readOnly);
    if (!from)
        return from.error();
    qint64 memories = 0;
    Status st;
    if (auto to = Database::open(toPath); !to) {
        st = to.error();
    } else {
        st = copy(**from, **to, [&](const QString &table, qint64 done, qint64 total) {
            if (table == QLatin1String("memories"))
                memories = done;
            return !progress || progress(table, done, total);
        });
        to->reset(); // closed before its file may be removed
    }
    if (st)
        return memories;
    // The file made for the copy is removed again: a failed copy leaves nothing behind.
    if (toIsFile) {
        for (const char *suffix : {"", "-wal", "-shm"})
            QFile::remove(toPath + QLatin1String(suffix));
    }
    return st.error();
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
    if (progress && !progress(table.name, 0, total))
        return stopped();

    QSqlQuery read(from.handle());
    read.setForwardOnly(true);
    // Rows in the order they were written (memories by rowid, events and conflicts by id), so
    // the target gives later rows the same order.
    if (!read.exec(QStringLiteral("SELECT %1 FROM %2 ORDER BY %3").arg(columns, table.name, table.columns.first())))
        return from.errorFrom(read, what);
    BatchInsert write(to, table, what);
    if (!write.isValid())
        return write.error();
    qint64 done = 0;
    qint64 nextReport = kProgressEvery;
    const int n = int(table.columns.size());
    while (read.next()) {
        for (int i = 0; i < n; ++i) {
            // Qt's PostgreSQL driver reads a positive BIGINT as unsigned; SQLite's driver
            // would bind that as text. Every integer of the store is a signed 64-bit one.
            const QVariant v = read.value(i);
            write.add(v.typeId() == QMetaType::ULongLong ? QVariant(v.toLongLong()) : v);
        }
        ++done;
        if (const Status st = write.rowDone(done); !st)
            return st;
        if (done >= nextReport) {
            nextReport += kProgressEvery;
            if (progress && !progress(table.name, done, total))
                return stopped();
        }
    }
    if (const Status st = from.endOfRows(read, what); !st)
        return st;
    if (const Status st = write.flush(); !st)
        return st;
    if (progress && done % kProgressEvery != 0 && !progress(table.name, done, total))
        return stopped();
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
