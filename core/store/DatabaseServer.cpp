// Database's PostgreSQL half (docs/team-store.md): a team store opened through Qt's QPSQL
// driver. The rest of core/store runs on it through the same Database, with the differences
// kept here and in PgSchema / SqliteStatement.
#include "store/Database.h"

#include "store/PgSchema.h"
#include "store/ServerUrl.h"
#include "store/Transaction.h"

#include <QAtomicInteger>
#include <QLoggingCategory>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

Q_DECLARE_LOGGING_CATEGORY(lcStore)

namespace recollector::core {

namespace {

QAtomicInteger<quint64> s_serverConnections;

// Any number, the same in every Recollector: the lock two first openers of one empty database
// take turns on, so only one creates the tables.
constexpr qint64 kSchemaLock = 0x5265636f6c6c; // "Recoll"

QString serverError(const QSqlError &err)
{
    return err.databaseText().isEmpty() ? err.text() : err.databaseText().trimmed();
}

} // namespace

Result<std::unique_ptr<Database>> Database::openServer(const QString &location, Options options)
{
    auto url = ServerUrl::parse(location);
    if (!url)
        return url.error();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: Qt's PostgreSQL driver is not installed (Debian package libqt6sql6-psql)")
                               .arg(location));
    std::unique_ptr<Database> db(new Database);
    db->m_engine = Engine::PostgreSql;
    db->m_path = location;
    db->m_options = options;
    db->m_readOnly = options.readOnly;
    db->m_connectionName = QStringLiteral("recollector-pg-%1-%2")
                               .arg(quintptr(QThread::currentThreadId()))
                               .arg(s_serverConnections.fetchAndAddRelaxed(1));
    db->m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), db->m_connectionName);
    db->m_db.setHostName(url->host);
    db->m_db.setPort(url->port);
    db->m_db.setDatabaseName(url->database);
    if (!url->user.isEmpty())
        db->m_db.setUserName(url->user);
    QStringList connectOptions = url->options;
    if (!url->connectOptions().contains(QLatin1String("application_name=")))
        connectOptions << QStringLiteral("application_name=recollector");
    db->m_db.setConnectOptions(connectOptions.join(QLatin1Char(';')));
    if (!db->m_db.open())
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: cannot connect: %2").arg(location, serverError(db->m_db.lastError())),
                           db->m_db.lastError().text());
    if (const Status st = db->configureServer(); !st)
        return st.error();
    return db;
}

Status Database::configureServer()
{
    // The busy wait's counterpart: a row another writer holds is waited for this long, then
    // the write fails as "locked". Text as UTF-8, times as the numbers the store holds.
    for (const QString &sql : {QStringLiteral("SET lock_timeout = %1").arg(m_options.busyTimeoutMs),
                               QStringLiteral("SET client_encoding = 'UTF8'")}) {
        if (const Status st = execServer(sql); !st)
            return st;
    }
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL, (SELECT count(*) FROM pg_tables WHERE "
                               "schemaname = current_schema())")
                    .arg(QLatin1String(pg_schema::kVersionTable)))
        || !q.next())
        return errorFrom(q, QStringLiteral("reading the schema"));
    const bool versioned = q.value(0).toBool();
    const qint64 tables = q.value(1).toLongLong();
    q.finish();
    if (!versioned && tables > 0)
        return Error::make(Error::Code::Schema,
                           QStringLiteral("%1: a PostgreSQL database, but not a Recollector store").arg(m_path));
    if (versioned) {
        if (!q.exec(QStringLiteral("SELECT max(version) FROM %1").arg(QLatin1String(pg_schema::kVersionTable)))
            || !q.next())
            return errorFrom(q, QStringLiteral("reading the schema version"));
        m_versionOnDisk = q.value(0).toInt();
        q.finish();
    }
    if (m_versionOnDisk > kSchemaVersion) {
        m_readOnly = true;
        m_warning = QStringLiteral("%1: written by a newer Recollector (schema %2, this version knows %3); "
                                   "opened read-only")
                        .arg(m_path, QString::number(m_versionOnDisk), QString::number(kSchemaVersion));
    }
    if (!versioned && (m_readOnly || !m_options.createIfMissing))
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: the database holds no store").arg(m_path));
    if (m_readOnly) {
        // The server refuses every write of this session, not only the ones Recollector knows.
        return execServer(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"));
    }
    if (m_versionOnDisk == kSchemaVersion)
        return {};
    if (m_versionOnDisk != 0)
        return Error::make(Error::Code::Schema, QStringLiteral("%1: schema %2 on PostgreSQL has no migration to %3")
                                                    .arg(m_path, QString::number(m_versionOnDisk),
                                                         QString::number(kSchemaVersion)));
    return createServerSchema();
}

Status Database::createServerSchema()
{
    Transaction tx(*this);
    if (!tx.isActive())
        return tx.error();
    QSqlQuery q(m_db);
    // Two first openers of one empty database: the second waits here, then finds the tables.
    if (!q.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kSchemaLock)))
        return errorFrom(q, QStringLiteral("locking the schema"));
    if (!q.exec(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL").arg(QLatin1String(pg_schema::kVersionTable)))
        || !q.next())
        return errorFrom(q, QStringLiteral("reading the schema"));
    if (q.value(0).toBool()) {
        m_versionOnDisk = kSchemaVersion;
        return tx.commit();
    }
    for (const QString &sql : pg_schema::createCurrent(kSchemaVersion)) {
        if (!q.exec(sql))
            return Error::make(Error::Code::Schema, QStringLiteral("%1: creating the store's tables failed: %2")
                                                        .arg(m_path, serverError(q.lastError())));
    }
    if (const Status st = tx.commit(); !st)
        return st;
    qCInfo(lcStore) << "created the store's tables on" << m_path;
    return {};
}

Status Database::execServer(const QString &sql)
{
    // SQLite's connection settings (foreign keys, cache, journal) mean nothing to a server, and
    // a failed statement would abort the transaction around it: they are skipped here.
    if (sql.startsWith(QLatin1String("PRAGMA ")))
        return {};
    const bool begins = sql.startsWith(QLatin1String("BEGIN"));
    const bool ends = sql.startsWith(QLatin1String("COMMIT")) || sql.startsWith(QLatin1String("ROLLBACK"));
    QSqlQuery q(m_db);
    if (ends && sql.startsWith(QLatin1String("COMMIT"))) {
        // PostgreSQL answers COMMIT of a transaction a failed statement aborted with a
        // rollback, and no error: ask first, so a commit that writes nothing never reads as done.
        if (!q.exec(QStringLiteral("SELECT 1"))) {
            const Error err = errorFrom(q, QStringLiteral("committing"));
            q.exec(QStringLiteral("ROLLBACK"));
            m_serverInTransaction = false;
            return err;
        }
    }
    const bool ok = q.exec(sql);
    if (ends)
        m_serverInTransaction = false;
    if (!ok)
        return errorFrom(q, sql.section(QLatin1Char(' '), 0, 1));
    if (begins)
        m_serverInTransaction = true;
    return {};
}

Result<qint64> Database::serverDataVersion()
{
    // A stand-in for SQLite's data_version until LISTEN/NOTIFY (docs/team-store.md, "Live
    // refresh"): every decision appends an event, so the last event id moves with each write.
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT COALESCE(max(id), 0) FROM events")) || !q.next())
        return errorFrom(q, QStringLiteral("reading the last event"));
    return q.value(0).toLongLong();
}

} // namespace recollector::core
