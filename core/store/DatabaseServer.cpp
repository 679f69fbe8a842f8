#include "store/DatabaseServer.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/PgSchema.h"
#include "store/ServerPassword.h"
#include "store/ServerUrl.h"
#include "store/Transaction.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

Q_DECLARE_LOGGING_CATEGORY(lcStore)

namespace recollector::core {

bool isServer(const Database &db) { return server::isServerConnection(db.connectionName()); }

QString serverRole(Database &db)
{
    if (!isServer(db) || !db.handle().driver())
        return {};
    return db.handle().driver()->property(server::kRoleProperty).toString();
}

namespace server {

namespace {

QAtomicInteger<quint64> s_connections;
const QLatin1String kPrefix("recollector-pg-");

// Any number, the same in every Recollector: the lock two first openers of one empty database
// take turns on, so only one creates the tables.
constexpr qint64 kSchemaLock = 0x5265636f6c6c; // "Recoll"

// libpq's text on one line, without the severity and the code.
QString serverError(const QSqlError &err)
{
    QString text = err.databaseText().isEmpty() ? err.text() : err.databaseText();
    if (text.startsWith(QLatin1String("ERROR:")))
        text = text.mid(6);
    static const QRegularExpression code(QStringLiteral("\\s*\\(([0-9A-Z]{5})\\)\\s*$"));
    static const QRegularExpression breaks(QStringLiteral("\\s*\\n\\s*"));
    text.remove(code);
    text.replace(breaks, QStringLiteral("; "));
    return text.trimmed();
}

// A curator's or an assistant's role changes memories and appends events; a reviewer's
// only reads them (docs/team-store.md#roles).
Result<bool> roleMayDecide(Database &db)
{
    QSqlQuery q(db.handle());
    if (!q.exec(QStringLiteral("SELECT has_table_privilege(current_user, 'memories', 'UPDATE') AND "
                               "has_table_privilege(current_user, 'events', 'INSERT')"))
        || !q.next())
        return db.errorFrom(q, QStringLiteral("reading the role's rights"));
    return q.value(0).toBool();
}

Status createTables(Database &db, OpenState &state)
{
    Transaction tx(db);
    if (!tx.isActive())
        return tx.error();
    QSqlQuery q(db.handle());
    // Two first openers of one empty database: the second waits here, then finds the tables.
    if (!q.exec(QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kSchemaLock)))
        return db.errorFrom(q, QStringLiteral("locking the schema"));
    if (!q.exec(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL").arg(QLatin1String(pg_schema::kVersionTable)))
        || !q.next())
        return db.errorFrom(q, QStringLiteral("reading the schema"));
    if (q.value(0).toBool()) {
        state.versionOnDisk = Database::kSchemaVersion;
        return tx.commit();
    }
    for (const QString &sql : pg_schema::createCurrent(Database::kSchemaVersion)) {
        if (!q.exec(sql))
            return Error::make(Error::Code::Schema, QStringLiteral("%1: creating the store's tables failed: %2")
                                                        .arg(db.path(), serverError(q.lastError())));
    }
    if (const Status st = tx.commit(); !st)
        return st;
    qCInfo(lcStore) << "created the store's tables on" << db.path();
    return {};
}

// The name the server shows for the connection (pg_stat_activity.application_name): the
// program's, so an administrator tells a window from `recollector-cli mcp`.
QString programName()
{
    QString name = QCoreApplication::instance() ? QFileInfo(QCoreApplication::applicationFilePath()).fileName() : QString();
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_.-]"));
    name.remove(unsafe);
    return name.isEmpty() ? QStringLiteral("recollector") : name;
}

// Opens the connection (with the password the person typed, if any: ServerPassword) and
// sets what every session of a store needs.
Status openSession(QSqlDatabase &db, const QString &location, int busyTimeoutMs)
{
    if (const QString password = server_password::of(location); !password.isEmpty())
        db.setPassword(password);
    const bool opened = db.open();
    db.setPassword(QString()); // the driver needs it only to connect
    if (!opened)
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: cannot connect: %2").arg(location, serverError(db.lastError())),
                           db.lastError().text());
    // The busy wait's counterpart: a row another writer holds is waited for this long, then
    // the write fails as "locked". The server's notices (a word too long for the text index,
    // a query of stop words only) are not sent: libpq would print them on the program's
    // stderr, which holds the command line's one-line errors and nothing a store on SQLite
    // does not say.
    QSqlQuery q(db);
    for (const QString &sql : {QStringLiteral("SET lock_timeout = %1").arg(busyTimeoutMs),
                               QStringLiteral("SET client_encoding = 'UTF8'"),
                               QStringLiteral("SET client_min_messages = warning")}) {
        if (!q.exec(sql))
            return Error::make(Error::Code::Database,
                               QStringLiteral("%1: %2 failed: %3").arg(location, sql, serverError(q.lastError())));
    }
    // Who decides on this connection (docs/team-store.md#who-decided): read once, kept with the
    // connection's driver, recorded with every event it appends.
    if (!q.exec(QStringLiteral("SELECT current_user")) || !q.next())
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: reading the role failed: %2").arg(location, serverError(q.lastError())));
    db.driver()->setProperty(kRoleProperty, q.value(0).toString());
    q.finish();
    return {};
}

} // namespace

QString newConnectionName()
{
    return kPrefix + QStringLiteral("%1-%2").arg(quintptr(QThread::currentThreadId())).arg(s_connections.fetchAndAddRelaxed(1));
}

bool isServerConnection(const QString &connectionName) { return connectionName.startsWith(kPrefix); }

Result<QSqlDatabase> connect(const QString &connectionName, const QString &location, int busyTimeoutMs)
{
    auto url = ServerUrl::parse(location);
    if (!url)
        return url.error();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: Qt's PostgreSQL driver is not installed (Debian package libqt6sql6-psql)")
                               .arg(location));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connectionName);
    db.setHostName(url->host);
    db.setPort(url->port);
    db.setDatabaseName(url->database);
    if (!url->user.isEmpty())
        db.setUserName(url->user);
    QStringList options = url->options;
    if (!url->connectOptions().contains(QLatin1String("application_name=")))
        options << QStringLiteral("application_name=%1").arg(programName());
    db.setConnectOptions(options.join(QLatin1Char(';')));
    if (const Status st = openSession(db, location, busyTimeoutMs); !st)
        return st.error();
    return db;
}

Status reconnect(Database &db, int busyTimeoutMs)
{
    QSqlDatabase &handle = db.handle();
    db.dropKeptQueries();
    handle.close();
    if (const Status st = openSession(handle, db.path(), busyTimeoutMs); !st)
        return st;
    // The new session is read-only again when the store was (a newer schema, a reviewer's open).
    if (db.isReadOnly())
        return db.exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"));
    return {};
}

// A store made before the text index held a note's title and description gets it now, once
// (docs/team-store.md#text-search): its searches would otherwise say the text another way than
// its index and read every row. Any open that may write does it; a reviewer's does not.
Status renewTextIndex(Database &db)
{
    QSqlQuery q(db.handle());
    const auto current = [&]() -> Result<bool> {
        if (!q.exec(QStringLiteral("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND "
                                   "indexname = '%1'")
                        .arg(QLatin1String(pg_schema::kTextIndex))))
            return db.errorFrom(q, QStringLiteral("reading the text index"));
        // The current expression's mark: the shortcut for memories that keep no fields.
        const bool renewed = q.next() && q.value(0).toString().contains(QLatin1String("'{}'"));
        q.finish();
        return renewed;
    };
    auto before = current();
    if (!before || *before)
        return before ? Status{} : Status(before.error());
    Transaction tx(db);
    if (!tx.isActive())
        return tx.error();
    // Another program may have renewed it while this one waited for its turn.
    auto now = current();
    if (!now || *now)
        return now ? tx.commit() : Status(now.error());
    for (const QString &sql : {QStringLiteral("DROP INDEX IF EXISTS %1").arg(QLatin1String(pg_schema::kTextIndex)),
                               pg_schema::textIndex()}) {
        if (!q.exec(sql))
            return db.errorFrom(q, QStringLiteral("renewing the text index"));
    }
    if (const Status st = tx.commit(); !st)
        return st;
    qCInfo(lcStore) << "renewed the text index of" << db.path();
    return {};
}

Status prepareStore(Database &db, OpenState state)
{
    QSqlQuery q(db.handle());
    if (!q.exec(QStringLiteral("SELECT to_regclass('%1') IS NOT NULL, (SELECT count(*) FROM pg_tables WHERE "
                               "schemaname = current_schema())")
                    .arg(QLatin1String(pg_schema::kVersionTable)))
        || !q.next())
        return db.errorFrom(q, QStringLiteral("reading the schema"));
    const bool versioned = q.value(0).toBool();
    const qint64 tables = q.value(1).toLongLong();
    q.finish();
    if (!versioned && tables > 0)
        return Error::make(Error::Code::Schema,
                           QStringLiteral("%1: a PostgreSQL database, but not a Recollector store").arg(db.path()));
    if (versioned) {
        if (!q.exec(QStringLiteral("SELECT max(version) FROM %1").arg(QLatin1String(pg_schema::kVersionTable)))
            || !q.next())
            return db.errorFrom(q, QStringLiteral("reading the schema version"));
        state.versionOnDisk = q.value(0).toInt();
        q.finish();
    }
    if (state.versionOnDisk > Database::kSchemaVersion) {
        state.readOnly = true;
        state.warning = QStringLiteral("%1: written by a newer Recollector (schema %2, this version knows %3); "
                                       "opened read-only")
                            .arg(db.path(), QString::number(state.versionOnDisk),
                                 QString::number(Database::kSchemaVersion));
    }
    if (versioned && !state.readOnly) {
        auto mayDecide = roleMayDecide(db);
        if (!mayDecide)
            return mayDecide.error();
        if (!*mayDecide) {
            // A reviewer's role (docs/team-store.md#roles): the store opens read-only, and the
            // reason is the warning every refused write and the window repeat.
            state.readOnly = true;
            state.warning = QStringLiteral("%1: your role \"%2\" may read this store but not change it; opened "
                                           "read-only")
                                .arg(db.path(), serverRole(db));
        }
    }
    if (!versioned && (state.readOnly || !state.createIfMissing))
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: the database holds no store").arg(db.path()));
    // The server refuses every write of a read-only session, not only the ones Recollector knows.
    if (state.readOnly)
        return db.exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"));
    if (state.versionOnDisk == Database::kSchemaVersion)
        return renewTextIndex(db);
    if (state.versionOnDisk != 0)
        return Error::make(Error::Code::Schema, QStringLiteral("%1: schema %2 on PostgreSQL has no migration to %3")
                                                    .arg(db.path(), QString::number(state.versionOnDisk),
                                                         QString::number(Database::kSchemaVersion)));
    return createTables(db, state);
}

qint64 dataVersion(QSqlDatabase &handle)
{
    // Every decision appends an event, so the last event id moves with each write
    // (docs/team-store.md, "Live refresh").
    QSqlQuery q(handle);
    if (q.exec(QStringLiteral("SELECT COALESCE(max(id), 0) FROM events")) && q.next())
        return q.value(0).toLongLong();
    return -1;
}

} // namespace server
} // namespace recollector::core
