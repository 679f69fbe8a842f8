#pragma once

// One parametrised fixture for the store tests (docs/team-store.md, "Tests"): the same test
// runs on an SQLite file and on a PostgreSQL database of the suite's own server. A test class
// holds an EngineFixture and adds the engines as global data:
//
//     void initTestCase_data() { test::EngineFixture::addEngines(); }
//     void someTest() { test::EngineStore s(m_engines); ... s->memories() ... }
//
// Each test function then runs once per engine ("sqlite", "postgresql"). The server starts
// when the first PostgreSQL row runs and stops with the fixture; each EngineStore gets a fresh
// database (CREATE DATABASE), as each TempStore gets a fresh file.
#include "PgTestServer.h"
#include "TempStore.h"

#include "store/Store.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace recollector::test {

class EngineFixture
{
public:
    static void addEngines()
    {
        QTest::addColumn<QString>("engine");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
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
    /// Where a new store of the current engine goes: a file in `dir`, or a fresh database.
    QString newLocation(const QTemporaryDir &dir)
    {
        if (onServer())
            return server().createDatabase();
        return dir.filePath(QStringLiteral("test.recollector"));
    }

private:
    std::unique_ptr<PgTestServer> m_server;
};

/// TempStore's interface on either engine.
class EngineStore
{
public:
    explicit EngineStore(EngineFixture &engines) : m_location(engines.newLocation(m_dir)) { reopen(); }
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
    QTemporaryDir m_dir;
    QString m_location;
    std::unique_ptr<core::Store> m_store;
};

} // namespace recollector::test
