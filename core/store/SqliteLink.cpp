#include "store/SqliteLink.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <sqlite3.h>

#include <optional>

namespace recollector::core {

namespace {

QMutex s_mutex;
std::optional<Status> s_verdict; // guarded by s_mutex
QAtomicInteger<int> s_injectedVersion = 0;
QAtomicInteger<quint64> s_probeCounter = 0;

constexpr int kProbeValue = 1729; // written through the driver, read back through the C API

Error mismatch(const QString &what)
{
    return Error::make(Error::Code::Database,
                       QStringLiteral("SQLite mismatch: %1; Recollector drives the driver's connection with its own "
                                      "libsqlite3, so Qt's QSQLITE driver must use that same library "
                                      "(build Qt with -system-sqlite)")
                           .arg(what));
}

int versionNumberOf(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char('.'));
    if (parts.size() < 3)
        return -1;
    return parts[0].toInt() * 1000000 + parts[1].toInt() * 1000 + parts[2].toInt();
}

sqlite3 *driverHandle(QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

// Reads the probe value back through Recollector's library on the driver's handle.
int readBackProbe(sqlite3 *handle)
{
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(handle, "PRAGMA user_version", -1, &stmt, nullptr) != SQLITE_OK)
        return -1;
    const int value = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : -1;
    sqlite3_finalize(stmt);
    return value;
}

Status probe(QSqlDatabase &db)
{
    if (!db.open())
        return mismatch(QStringLiteral("the QSQLITE driver cannot open an in-memory database (%1)")
                            .arg(db.lastError().text()));
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT sqlite_version(), sqlite_source_id()")) || !q.next())
        return mismatch(QStringLiteral("the QSQLITE driver cannot report its SQLite version (%1)")
                            .arg(q.lastError().text()));
    const QString driverVersion = q.value(0).toString();
    const QString driverSource = q.value(1).toString();
    q.finish();
    const int linked = SqliteLink::linkedVersionNumber();
    // The version first: only when it matches is the handle safe to pass to our library.
    if (versionNumberOf(driverVersion) != linked)
        return mismatch(QStringLiteral("Qt's QSQLITE driver runs SQLite %1, Recollector links libsqlite3 %2")
                            .arg(driverVersion, SqliteLink::versionText(linked)));
    if (linked == sqlite3_libversion_number() && driverSource != QString::fromLatin1(sqlite3_sourceid()))
        return mismatch(QStringLiteral("Qt's QSQLITE driver and Recollector's libsqlite3 are both SQLite %1 but "
                                       "different builds (%2 / %3)")
                            .arg(driverVersion, driverSource.left(40),
                                 QString::fromLatin1(sqlite3_sourceid()).left(40)));
    sqlite3 *handle = driverHandle(db);
    if (!handle)
        return mismatch(QStringLiteral("the QSQLITE driver gives no sqlite3 handle"));
    if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(kProbeValue)))
        return mismatch(QStringLiteral("the QSQLITE driver cannot write (%1)").arg(q.lastError().text()));
    const int back = readBackProbe(handle);
    if (back != kProbeValue)
        return mismatch(QStringLiteral("a value written through Qt's QSQLITE driver reads back as %1 through "
                                       "Recollector's libsqlite3 (expected %2)")
                            .arg(back)
                            .arg(kProbeValue));
    return {};
}

Status runCheck()
{
    // Before SQLite's first use in the process: no allocation statistics (nothing reads them),
    // so an allocation does not take SQLite's global memory mutex (about 4% of an import in perf).
    // Refused, harmlessly, if something in the process already started SQLite.
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return mismatch(QStringLiteral("Qt's QSQLITE driver is not installed"));
    const QString name = QStringLiteral("recollector-sqlite-link-%1").arg(s_probeCounter.fetchAndAddRelaxed(1));
    Status verdict;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(QStringLiteral(":memory:"));
        verdict = probe(db);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return verdict;
}

} // namespace

Status SqliteLink::verify()
{
    QMutexLocker lock(&s_mutex);
    if (!s_verdict)
        s_verdict = runCheck();
    return *s_verdict;
}

Result<sqlite3 *> SqliteLink::handleOf(QSqlDatabase &db, const QString &path)
{
    sqlite3 *handle = driverHandle(db);
    if (!handle)
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: the QSQLITE connection gives no sqlite3 handle").arg(path));
    const char *file = sqlite3_db_filename(handle, "main");
    const QString opened = QString::fromUtf8(file ? file : "");
    const auto same = [](const QString &x, const QString &y) {
        const QFileInfo fx(x), fy(y);
        const QString cx = fx.canonicalFilePath(), cy = fy.canonicalFilePath();
        if (!cx.isEmpty() && !cy.isEmpty())
            return cx == cy;
        return QDir::cleanPath(fx.absoluteFilePath()) == QDir::cleanPath(fy.absoluteFilePath());
    };
    if (opened.isEmpty() || !same(opened, path))
        return Error::make(Error::Code::Database,
                           QStringLiteral("%1: SQLite mismatch: the QSQLITE connection's handle names '%2', not this "
                                          "store")
                               .arg(path, opened));
    return handle;
}

int SqliteLink::linkedVersionNumber()
{
    if (const int injected = s_injectedVersion.loadRelaxed(); injected != 0)
        return injected;
    static const int fromEnvironment = qEnvironmentVariableIntValue("RECOLLECTOR_TEST_SQLITE_VERSION");
    return fromEnvironment != 0 ? fromEnvironment : sqlite3_libversion_number();
}

void SqliteLink::setLinkedVersionForTesting(int versionNumber)
{
    QMutexLocker lock(&s_mutex);
    s_injectedVersion.storeRelaxed(versionNumber);
    s_verdict.reset();
}

QString SqliteLink::versionText(int n)
{
    return QStringLiteral("%1.%2.%3").arg(n / 1000000).arg(n / 1000 % 1000).arg(n % 1000);
}

} // namespace recollector::core
