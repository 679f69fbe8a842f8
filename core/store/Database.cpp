#include "store/Database.h"

#include "store/SealKeys.h"

#include "store/FtsTerms.h"
#include "store/Schema.h"
#include "store/DatabaseServer.h"
#include "store/Engine.h"
#include "store/ServerUrl.h"
#include "store/SqliteLink.h"
#include "store/Transaction.h"

#include <QAtomicInteger>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

#include <sqlite3.h>

#include <algorithm>
#include <cerrno>
#include <functional>

Q_LOGGING_CATEGORY(lcStore, "recollector.core.store")

namespace recollector::core {

namespace {

QAtomicInteger<quint64> s_connectionCounter;

QString uniqueConnectionName()
{
    return QStringLiteral("recollector-%1-%2")
        .arg(quintptr(QThread::currentThreadId()))
        .arg(s_connectionCounter.fetchAndAddRelaxed(1));
}

// PostgreSQL's text through Qt reads "ERROR:  …\nDETAIL:  …\n(23505)": one line without
// the severity and the code, for a message a person reads.
QString oneLine(QString text)
{
    if (text.startsWith(QLatin1String("ERROR:")))
        text = text.mid(6).trimmed();
    static const QRegularExpression code(QStringLiteral("\\s*\\(([0-9A-Z]{5})\\)\\s*$"));
    text.remove(code);
    text.replace(QRegularExpression(QStringLiteral("\\s*\\n\\s*")), QStringLiteral("; "));
    return text.trimmed();
}

Error classify(const QString &path, const QSqlError &err, const QString &what, int systemErrno = 0)
{
    const QString text = oneLine(err.databaseText().isEmpty() ? err.text() : err.databaseText());
    const QString lower = text.toLower();
    // SQLite says "disk I/O error" when a write of the WAL fails for want of space: say so.
    if (lower.contains(QLatin1String("disk is full"))
        || (lower.contains(QLatin1String("i/o error")) && systemErrno == ENOSPC))
        return Error::make(Error::Code::Io,
                           QStringLiteral("%1: the disk is full (%2); free some space and try again").arg(path, what), text);
    if (lower.contains(QLatin1String("locked")) || lower.contains(QLatin1String("busy"))
        || lower.contains(QLatin1String("lock timeout")))
        return Error::make(Error::Code::Locked,
                           QStringLiteral("%1: the store is locked by another program (%2)").arg(path, what), text);
    if (lower.contains(QLatin1String("malformed")) || lower.contains(QLatin1String("not a database"))
        || lower.contains(QLatin1String("corrupt")))
        return Error::make(Error::Code::Parse,
                           QStringLiteral("%1: the store is corrupt (%2: %3)").arg(path, what, text), text);
    if (lower.contains(QLatin1String("readonly")) || lower.contains(QLatin1String("read-only")))
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: the store is read-only (%2)").arg(path, what), text);
    return Error::make(Error::Code::Database, QStringLiteral("%1: %2 failed: %3").arg(path, what, text), text);
}

} // namespace

Database::~Database()
{
    m_kept.clear();
    if (m_db.isValid()) {
        if (m_txDepth > 0)
            (void)exec(QStringLiteral("ROLLBACK"));
        m_db.close();
    }
    m_db = QSqlDatabase();
    if (!m_connectionName.isEmpty())
        QSqlDatabase::removeDatabase(m_connectionName);
}

KeptQueries::Use Database::keptQuery(const QString &sql) { return m_kept.use(m_db, sql, isServer(*this)); }

Result<std::unique_ptr<Database>> Database::open(const QString &path, Options options)
{
    if (path.isEmpty())
        return Error::make(Error::Code::Usage, QStringLiteral("no store path given"));
    if (ServerUrl::isServerUrl(path)) {
        // A team store (docs/team-store.md): the same object over Qt's PostgreSQL driver.
        std::unique_ptr<Database> db(new Database);
        db->m_path = path;
        db->m_options = options;
        db->m_readOnly = options.readOnly;
        db->m_connectionName = server::newConnectionName();
        auto handle = server::connect(db->m_connectionName, path, options.busyTimeoutMs);
        if (!handle)
            return handle.error();
        db->m_db = *handle;
        if (const Status st = server::prepareStore(
                *db, {db->m_readOnly, db->m_warning, db->m_versionOnDisk, options.createIfMissing && !options.readOnly});
            !st)
            return st.error();
        return db;
    }
    const QFileInfo info(path);
    if (info.exists() && info.isDir())
        return Error::make(Error::Code::Io, QStringLiteral("%1: is a folder, not a store file").arg(path));
    if (!info.exists() && (!options.createIfMissing || options.readOnly))
        return Error::make(Error::Code::NotFound, QStringLiteral("%1: no such store").arg(path));
    // Never open the file ourselves, not even to peek at its header: on Linux, closing any
    // descriptor of a file drops every POSIX lock this process holds on it, SQLite's included,
    // and another process may then take itself for the last user and delete the live WAL.
    // stat() (QFileInfo) opens no descriptor. A zero-byte file is something that went wrong
    // (a failed copy, a truncated file), not a store: SQLite would silently make it a new one.
    if (info.exists() && info.size() == 0)
        return Error::make(Error::Code::Parse,
                           QStringLiteral("%1: the file is empty (0 bytes), not a Recollector store; "
                                          "to start a new store, give a path that does not exist yet")
                               .arg(path));

    // Before the file is touched: the statements of the bulk paths need the driver and
    // Recollector's libsqlite3 to be one library (checked once per process).
    if (const Status st = SqliteLink::verify(); !st)
        return st.error();

    std::unique_ptr<Database> db(new Database);
    db->m_path = path;
    db->m_options = options;
    db->m_connectionName = uniqueConnectionName();
    db->m_readOnly = options.readOnly;
    db->m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), db->m_connectionName);
    db->m_db.setDatabaseName(path);
    QString connectOptions = QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(options.busyTimeoutMs);
    if (options.readOnly)
        connectOptions += QStringLiteral(";QSQLITE_OPEN_READONLY");
    db->m_db.setConnectOptions(connectOptions);
    if (const Status st = db->connect(); !st)
        return st.error();

    if (const Status st = db->configure(); !st)
        return st.error();
    return db;
}

Status Database::connect()
{
    m_sqlite = nullptr;
    if (!m_db.open())
        return classify(m_path, m_db.lastError(), QStringLiteral("opening"));
    auto handle = SqliteLink::handleOf(m_db, m_path);
    if (!handle)
        return handle.error();
    m_sqlite = *handle;
    m_busyWait.install(m_sqlite, m_options.busyTimeoutMs);
    // Recall explains its text matches word by word (docs/scoring.md, "Text index").
    if (!FtsTerms::registerOn(m_sqlite))
        qCWarning(lcStore) << m_path << ": SQLite has no FTS5; recall by text is unavailable";
    return {};
}

bool Database::inTransaction() const
{
    // PostgreSQL: the Transactions' and ReadTransactions' own counts, so a read inside another
    // joins it (a second BEGIN there is only a warning, and its COMMIT would end the outer read
    // and its snapshot).
    if (isServer(*this))
        return m_txDepth > 0 || m_readDepth > 0;
    return m_sqlite && sqlite3_get_autocommit(m_sqlite) == 0;
}

Result<std::unique_ptr<Database>> Database::openAnother() const
{
    Options options = m_options;
    options.readOnly = m_readOnly;
    return open(m_path, options);
}

Status Database::exec(const QString &sql)
{
    // SQLite's connection settings (foreign keys, cache, journal) mean nothing to a server, and
    // a failed statement would abort the transaction around it: they are skipped there.
    if (sql.startsWith(QLatin1String("PRAGMA ")) && isServer(*this))
        return {};
    QSqlQuery q(m_db);
    if (!q.exec(sql))
        return errorFrom(q, sql.section(QLatin1Char(' '), 0, 1));
    return {};
}

Error Database::errorFrom(const QSqlQuery &query, const QString &what) const
{
    return classify(m_path, query.lastError(), what, m_sqlite ? sqlite3_system_errno(m_sqlite) : 0);
}

Status Database::endOfRows(const QSqlQuery &query, const QString &what) const
{
    if (query.lastError().isValid())
        return errorFrom(query, what);
    return {};
}

Result<QStringList> Database::integrityProblems()
{
    QStringList problems;
    // PostgreSQL checks its references on every write and its pages with checksums of its own
    // (docs/team-store.md, "What differs"): there is no separate check to run.
    if (isServer(*this))
        return problems;
    // Each check lists its findings; a check that SQLite stops because a page is damaged is a
    // finding too (the store is damaged), not a failure to check.
    const auto run = [&](const QString &pragma, const QString &what,
                         const std::function<QString(const QSqlQuery &)> &line) -> Status {
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        if (q.exec(pragma)) {
            while (q.next()) {
                const QString found = line(q);
                if (!found.isEmpty())
                    problems.append(found);
            }
        }
        const Status st = q.lastError().isValid() ? Status(errorFrom(q, what)) : Status();
        if (!st && st.error().code == Error::Code::Parse) {
            problems.append(st.error().detail);
            return {};
        }
        return st;
    };
    if (const Status st = run(QStringLiteral("PRAGMA integrity_check"), QStringLiteral("checking integrity"),
                              [](const QSqlQuery &q) {
                                  const QString text = q.value(0).toString();
                                  return text == QLatin1String("ok") ? QString() : text;
                              });
        !st)
        return st.error();
    if (const Status st = run(QStringLiteral("PRAGMA foreign_key_check"), QStringLiteral("checking references"),
                              [](const QSqlQuery &q) {
                                  return QStringLiteral("table %1, row %2: refers to a missing row of %3")
                                      .arg(q.value(0).toString(), q.value(1).toString(), q.value(2).toString());
                              });
        !st)
        return st.error();
    return problems;
}

qint64 Database::dataVersion()
{
    if (isServer(*this))
        return server::dataVersion(m_db);
    QSqlQuery q(m_db);
    if (q.exec(QStringLiteral("PRAGMA data_version")) && q.next())
        return q.value(0).toLongLong();
    return -1;
}

Status Database::configure()
{
    QSqlQuery q(m_db);
    // Reading user_version is the first real read: a file that is not SQLite fails here.
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
        if (q.lastError().nativeErrorCode() == QLatin1String("26")) // SQLITE_NOTADB
            return Error::make(Error::Code::Parse,
                               QStringLiteral("%1: not a Recollector store (not an SQLite database)").arg(m_path));
        return errorFrom(q, QStringLiteral("reading the schema version"));
    }
    m_versionOnDisk = q.value(0).toInt();
    q.finish();
    // A schema read also catches files whose header is fine but whose pages are not.
    if (!q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !q.next())
        return errorFrom(q, QStringLiteral("reading the schema"));
    const int objects = q.value(0).toInt();
    q.finish();

    if (m_versionOnDisk == 0 && objects > 0)
        return Error::make(Error::Code::Schema,
                           QStringLiteral("%1: an SQLite database, but not a Recollector store").arg(m_path));
    if (m_versionOnDisk > kSchemaVersion) {
        m_readOnly = true;
        m_warning = QStringLiteral("%1: written by a newer Recollector (schema %2, this version knows %3); "
                                   "opened read-only")
                        .arg(m_path, QString::number(m_versionOnDisk), QString::number(kSchemaVersion));
        m_sqlite = nullptr;
        m_db.close();
        m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1;QSQLITE_OPEN_READONLY")
                                   .arg(m_options.busyTimeoutMs));
        return connect();
    }

    if (!m_readOnly) {
        // SQLITE_BUSY: another connection is writing one large transaction through a rollback
        // journal (LargeWriteJournal), and puts WAL back when it ends. Until then this one
        // works in rollback mode, as SQLite allows; it follows the store into WAL by itself.
        if (!q.exec(QStringLiteral("PRAGMA journal_mode=WAL")) && q.lastError().nativeErrorCode() != QLatin1String("5"))
            return errorFrom(q, QStringLiteral("setting WAL journal"));
        q.finish();
    }
    for (const char *pragma : {"PRAGMA foreign_keys=ON", "PRAGMA synchronous=NORMAL", "PRAGMA temp_store=MEMORY",
                               m_options.singlePass ? "PRAGMA cache_size=-2000" : "PRAGMA cache_size=-65536"}) {
        if (!q.exec(QString::fromLatin1(pragma)))
            return errorFrom(q, QString::fromLatin1(pragma));
    }
    q.finish();
    if (m_readOnly && m_versionOnDisk < kSchemaVersion)
        m_warning = QStringLiteral("%1: an older store (schema %2) opened read-only; it is migrated on the "
                                   "first writable open")
                        .arg(m_path, QString::number(m_versionOnDisk));
    if (m_readOnly)
        return {};
    return migrate();
}

Status Database::migrate()
{
    if (m_versionOnDisk == kSchemaVersion)
        return {};
    bool onlyIndexes = true;
    for (int v = std::max(1, m_versionOnDisk); v < kSchemaVersion; ++v)
        onlyIndexes = onlyIndexes && schema::isIndexOnly(v);
    if (m_versionOnDisk > 0 && !onlyIndexes) {
        // Back the old store up before touching it; the migration itself is one transaction.
        // VACUUM INTO copies through SQLite (WAL content included, locks respected): a
        // QFile::copy of a live store would open and close it behind SQLite's back.
        const QString backup = QStringLiteral("%1.v%2-%3.bak")
                                   .arg(m_path, QString::number(m_versionOnDisk),
                                        QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMddHHmmss")));
        QFile::remove(backup);
        QSqlQuery copy(m_db);
        bool copied = copy.prepare(QStringLiteral("VACUUM INTO ?"));
        if (copied) {
            copy.addBindValue(backup);
            copied = copy.exec();
        }
        if (!copied)
            return Error::make(Error::Code::Io,
                               QStringLiteral("%1: cannot back the store up to %2 before migrating (%3)")
                                   .arg(m_path, backup, copy.lastError().databaseText()));
        m_backupPath = backup;
        qCInfo(lcStore) << "backed up" << m_path << "to" << backup;
    }

    Transaction tx(*this);
    if (!tx.isActive())
        return tx.error();
    QStringList statements;
    int version = m_versionOnDisk;
    if (version == 0) {
        statements += schema::createV1();
        version = 1;
    }
    for (; version < kSchemaVersion; ++version)
        statements += schema::migrationFrom(version);
    for (const QString &sql : statements) {
        QSqlQuery q(m_db);
        if (!q.exec(sql))
            return Error::make(Error::Code::Schema,
                               QStringLiteral("%1: migrating from schema %2 failed: %3")
                                   .arg(m_path, QString::number(m_versionOnDisk),
                                        q.lastError().databaseText()));
    }
    if (const Status st = exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion)); !st)
        return st;
    if (const Status st = tx.commit(); !st)
        return st;
    qCInfo(lcStore) << "migrated" << m_path << "from schema" << m_versionOnDisk << "to" << kSchemaVersion;
    return {};
}

std::shared_ptr<const crypto::StoreKey> Database::sealKey() const { return SealKeys::find(m_path); }

Status Database::enableSecureDelete()
{
    if (isServer(*this))
        return {}; // docs/team-store.md, "Roles and GRANTs": old row versions stay until VACUUM
    return exec(QStringLiteral("PRAGMA secure_delete=ON"));
}

Status Database::checkpointAndTruncate()
{
    if (isServer(*this))
        return {};
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")))
        return errorFrom(q, QStringLiteral("checkpointing the WAL"));
    // Row: busy, log frames, checkpointed frames. Busy means another connection's read kept
    // part of the WAL alive: it is truncated by the next checkpoint that finds no reader.
    if (q.next() && q.value(0).toInt() != 0)
        qCInfo(lcStore) << m_path << ": WAL checkpoint was partly blocked by a reader";
    return {};
}

} // namespace recollector::core
