// The test suite's own PostgreSQL 15 (tests/support/PgTestServer.h): it starts as root and as
// a normal user, a client finds the password in PGPASSFILE only, and nothing of the server is
// left when it stops, or when its owner dies without stopping it.
#include "PgTestServer.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using recollector::test::PgTestServer;

class TestPgServer : public QObject
{
    Q_OBJECT

    static QString queryOne(const QString &connection, int port, const QString &sql, QString *error)
    {
        QString out;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
            db.setHostName(QStringLiteral("127.0.0.1"));
            db.setPort(port);
            db.setUserName(QLatin1String(PgTestServer::kUser));
            db.setDatabaseName(QStringLiteral("postgres"));
            db.setConnectOptions(QStringLiteral("sslmode=disable"));
            if (!db.open()) {
                *error = db.lastError().text();
            } else {
                QSqlQuery q(db);
                if (q.exec(sql) && q.next())
                    out = q.value(0).toString();
                else
                    *error = q.lastError().text();
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);
        return out;
    }

private slots:
    void startsServesAndStopsWithNothingLeft()
    {
        PgTestServer server;
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        QVERIFY(server.port() > 0);
        QString error;
        const QString version = queryOne(QStringLiteral("pg-version"), server.port(),
                                         QStringLiteral("SELECT current_setting('server_version_num')"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(version.startsWith(QLatin1String("15")), qPrintable(version));
        const QString dataDir = server.dataDir();
        QVERIFY(!PgTestServer::processesIn(dataDir).isEmpty());
        const QString stopped = server.stop();
        QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
        QVERIFY(PgTestServer::processesIn(dataDir).isEmpty());
        qInfo("initdb %lld ms, pg_ctl start %lld ms, pg_ctl stop %lld ms", server.initdbMs(), server.startMs(),
              server.stopMs());
    }

    // The server asks TCP clients for a password (scram-sha-256): the one in PGPASSFILE lets
    // them in, and without it libpq has none to give.
    void passwordComesFromThePassFileOnly()
    {
        PgTestServer server;
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        const QByteArray passFile = qgetenv("PGPASSFILE");
        QVERIFY(!passFile.isEmpty());
        QString error;
        QCOMPARE(queryOne(QStringLiteral("pg-user"), server.port(), QStringLiteral("SELECT current_user"), &error),
                 QLatin1String(PgTestServer::kUser));
        qputenv("PGPASSFILE", "/nonexistent/pgpass");
        error.clear();
        (void)queryOne(QStringLiteral("pg-nopass"), server.port(), QStringLiteral("SELECT 1"), &error);
        qputenv("PGPASSFILE", passFile);
        QVERIFY2(error.contains(QLatin1String("password")), qPrintable(error));
    }

    // A test process that dies (a crash, qFatal) runs no destructor: the watchdog's pipe then
    // reads end-of-file, as it does here when the owner's end is closed, and stops the server.
    void ownerGoneStopsTheServer()
    {
        PgTestServer server;
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        const QString dataDir = server.dataDir();
        QVERIFY(!PgTestServer::processesIn(dataDir).isEmpty());
        server.dropLifeline();
        QVERIFY(PgTestServer::processesIn(dataDir).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPgServer)
#include "tst_pg_server.moc"
