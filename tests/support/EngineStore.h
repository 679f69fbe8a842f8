#pragma once

// One parametrised fixture for the store tests (docs/team-store.md, "Tests"): the same test
// runs on an SQLite file and on a PostgreSQL database of the suite's own server. A test class
// holds an EngineFixture and adds the engines as global data:
//
//     void initTestCase_data() { test::EngineFixture::addEngines(); }
//     void someTest() { test::EngineStore s(m_engines); ... s->memories() ... }
//
// Each test function then runs once per engine ("sqlite", "postgresql"). The server starts
// when the first PostgreSQL row runs and stops with the fixture. Each EngineStore gets an
// empty store, as each TempStore gets a fresh file: a database of the fixture's pool that no
// open EngineStore uses, emptied (its rows deleted, its ids started at 1 again). A
// new database costs half a second (CREATE DATABASE and the tables); emptying one, a few
// milliseconds. Its address differs at every use (application_name), so nothing the process
// keeps per store address (an unlocked passphrase) carries over.
#include "PgTestServer.h"
#include "TempStore.h"
#include "TestScale.h"

#include "store/Store.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

namespace recollector::test {

class EngineFixture
{
public:
    /// How much a test class's PostgreSQL row costs: a heavy one (many stores, many decisions)
    /// runs it in the release build only (TestScale.h: the sanitizer build runs each test many
    /// times slower, and CI runs both in one time limit).
    enum class Cost { Light, Heavy };
    static void addEngines(Cost cost = Cost::Light)
    {
        QTest::addColumn<QString>("engine");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        if (cost == Cost::Light || !kSanitizerBuild)
            QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }
    /// The engine of the row running now.
    static QString current()
    {
        QFETCH_GLOBAL(QString, engine);
        return engine;
    }
    static bool onServer() { return current() == QLatin1String("postgresql"); }

    PgTestServer &server()
    {
        if (!m_server) {
            m_server = std::make_unique<PgTestServer>();
            if (!m_server->error().isEmpty())
                qFatal("cannot start the test's PostgreSQL: %s", qPrintable(m_server->error()));
        }
        return *m_server;
    }
    /// A database no open store uses (its name); release() gives it back.
    QString acquire()
    {
        if (!m_free.isEmpty())
            return m_free.takeLast();
        return PgTestServer::databaseOf(server().createDatabase());
    }
    void release(const QString &database) { m_free.append(database); }
    /// The address of `database` for one use.
    QString address(const QString &database)
    {
        return server().url(database) + QStringLiteral("&application_name=use%1").arg(++m_uses);
    }

private:
    std::unique_ptr<PgTestServer> m_server;
    QStringList m_free;
    int m_uses = 0;
};

/// TempStore's interface on either engine.
class EngineStore
{
public:
    explicit EngineStore(EngineFixture &engines) : m_engines(engines)
    {
        if (EngineFixture::onServer()) {
            m_database = engines.acquire();
            m_location = engines.address(m_database);
        } else {
            m_location = m_dir.filePath(QStringLiteral("test.recollector"));
        }
        reopen();
        if (!m_database.isEmpty()) {
            QSqlQuery q(m_store->database().handle());
            // DELETE, not TRUNCATE: on a few rows it costs a fraction of a millisecond, where
            // TRUNCATE makes new files for every table and index.
            for (const char *sql : {"DELETE FROM associations", "DELETE FROM events", "DELETE FROM conflicts",
                                    "DELETE FROM meta", "DELETE FROM memories",
                                    "ALTER TABLE memories ALTER COLUMN rowid RESTART",
                                    "ALTER TABLE events ALTER COLUMN id RESTART",
                                    "ALTER TABLE conflicts ALTER COLUMN id RESTART"}) {
                if (!q.exec(QString::fromLatin1(sql)))
                    qFatal("cannot empty the test database %s: %s", qPrintable(m_database), sql);
            }
        }
    }
    ~EngineStore()
    {
        m_store.reset();
        if (!m_database.isEmpty())
            m_engines.release(m_database);
    }
    EngineStore(const EngineStore &) = delete;
    EngineStore &operator=(const EngineStore &) = delete;
    core::Store &operator*() { return *m_store; }
    core::Store *operator->() { return m_store.get(); }
    core::Store &store() { return *m_store; }
    /// The file or the postgresql:// address.
    const QString &path() const { return m_location; }
    QString dir() const { return m_dir.path(); }
    void close() { m_store.reset(); }
    void reopen()
    {
        m_store.reset();
        auto s = core::Store::open(m_location);
        if (!s)
            qFatal("cannot open the test store %s: %s", qPrintable(m_location), qPrintable(s.error().message));
        m_store = std::move(*s);
    }

private:
    EngineFixture &m_engines;
    QTemporaryDir m_dir;
    QString m_database; ///< on PostgreSQL: the pool's database this store uses
    QString m_location;
    std::unique_ptr<core::Store> m_store;
};

/// A store a test class builds once (in initTestCase) on each engine and its test functions
/// read: `build(engine)` selects one to build, `select()` (in init()) the one of the row
/// running. Opened and closed as TempStore is, so the command line can use it in between.
class StorePerEngine
{
public:
    explicit StorePerEngine(EngineFixture &engines) : m_engines(engines) {}

    /// Builds the store on each engine with `fill`, once (a Qt that runs initTestCase once per
    /// global row calls it again).
    void buildEach(const std::function<void()> &fill)
    {
        if (isBuilt())
            return;
        for (const bool onServer : { false, true }) {
            build(onServer);
            fill();
        }
    }
    /// Selects the file (false) or a new database of the fixture's server (true) to build.
    void build(bool onServer)
    {
        close();
        m_onServer = onServer;
        if (onServer && m_url.isEmpty())
            m_url = m_engines.server().createDatabase();
        reopen();
    }
    /// Selects the store of the row running.
    void select()
    {
        close();
        m_onServer = EngineFixture::onServer();
    }
    bool isBuilt() const { return !m_url.isEmpty(); }

    QString path() const { return m_onServer ? m_url : m_file.path(); }
    void close()
    {
        m_server.reset();
        m_file.close();
    }
    void reopen()
    {
        close();
        if (!m_onServer)
            return m_file.reopen();
        auto s = core::Store::open(m_url);
        if (!s)
            qFatal("cannot open the test store %s: %s", qPrintable(m_url), qPrintable(s.error().message));
        m_server = std::move(*s);
    }
    core::Store &operator*() { return m_onServer ? *m_server : *m_file; }
    core::Store *operator->() { return &**this; }

private:
    EngineFixture &m_engines;
    bool m_onServer = false;
    QString m_url;
    TempStore m_file;
    std::unique_ptr<core::Store> m_server;
};

} // namespace recollector::test
