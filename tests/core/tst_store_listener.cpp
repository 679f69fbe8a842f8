// A team store's commits announced to its other connections (docs/team-store.md, "Live
// refresh"), on the suite's own PostgreSQL 15: the events trigger's NOTIFY heard by
// StoreListener with the memory ids of another connection's decision (never of the
// listener's own), a statement of very many events announced without ids, and a connection
// the server ended found dead, opened again and listening again.
#include "PgTestServer.h"
#include "TempStore.h"

#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"
#include "store/StoreListener.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

class TestStoreListener : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::PgTestServer> m_server;

    // Two connections to one new store holding mem_a and mem_b: the listener's, and another.
    struct Pair
    {
        std::unique_ptr<Store> mine;
        std::unique_ptr<Store> other;
        std::unique_ptr<StoreListener> listener;
    };
    Pair pair()
    {
        const QString url = m_server->createDatabase();
        Pair p;
        auto mine = Store::open(url);
        auto other = Store::open(url);
        if (!mine || !other)
            qFatal("cannot open %s", qPrintable(url));
        p.mine = std::move(*mine);
        p.other = std::move(*other);
        for (const char *id : {"mem_a", "mem_b"})
            if (!p.other->memories().insert(test::sampleMemory(QLatin1String(id), time::nowMs() - kMsPerHour)))
                qFatal("cannot insert %s", id);
        auto listener = StoreListener::start(p.mine->database());
        if (!listener || !*listener)
            qFatal("cannot listen: %s", listener ? "no listener" : qPrintable(listener.error().message));
        p.listener = std::move(*listener);
        return p;
    }

    static bool reinforce(Store &store, const QString &id)
    {
        return bool(Decisions(store, Config::defaults()).reinforce(id, ReinforceEvent::Access, 0, QStringLiteral("user")));
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server = std::make_unique<test::PgTestServer>();
        QVERIFY2(m_server->error().isEmpty(), qPrintable(m_server->error()));
    }
    void cleanupTestCase()
    {
        const QString stopped = m_server->stop();
        QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
    }

    void sqliteStoreHasNoListener()
    {
        test::TempStore store;
        auto listener = StoreListener::start(store->database());
        QVERIFY(listener);
        QVERIFY(!*listener);
    }

    void anotherConnectionsDecisionIsAnnouncedWithItsIds()
    {
        Pair p = pair();
        QSignalSpy changed(p.listener.get(), &StoreListener::changed);
        QVERIFY(reinforce(*p.mine, QStringLiteral("mem_a")));  // its own: refreshed by whoever made it
        QVERIFY(reinforce(*p.other, QStringLiteral("mem_b")));
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 1000);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toStringList(), QStringList{QStringLiteral("mem_b")});
    }

    void aStatementOfManyEventsIsAnnouncedWithoutIds()
    {
        Pair p = pair();
        QSignalSpy changed(p.listener.get(), &StoreListener::changed);
        QSqlQuery q(p.other->database().handle());
        QVERIFY(q.exec(QStringLiteral("INSERT INTO events (memory_id, kind, at) SELECT 'mem_' || g, 'access', 0 "
                                      "FROM generate_series(1, 2000) g")));
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 1000);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toStringList(), QStringList());
    }

    void aConnectionTheServerEndedIsOpenedAgainAndListens()
    {
        Pair p = pair();
        QSignalSpy woke(p.listener.get(), &StoreListener::woke);
        QSqlQuery pid(p.mine->database().handle());
        QVERIFY(pid.exec(QStringLiteral("SELECT pg_backend_pid()")) && pid.next());
        QSqlQuery end(p.other->database().handle());
        QVERIFY(end.exec(QStringLiteral("SELECT pg_terminate_backend(%1, 10000)").arg(pid.value(0).toLongLong())));
        QTRY_VERIFY_WITH_TIMEOUT(woke.count() >= 1, 5000); // told at once, not at the next query
        QVERIFY(!p.listener->isAlive());

        QVERIFY(p.listener->reconnect());
        QVERIFY(p.listener->isAlive());
        QSignalSpy changed(p.listener.get(), &StoreListener::changed);
        QVERIFY(reinforce(*p.other, QStringLiteral("mem_a")));
        QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 1000);
        QCOMPARE(changed.at(0).at(0).toStringList(), QStringList{QStringLiteral("mem_a")});
        QVERIFY(reinforce(*p.mine, QStringLiteral("mem_b"))); // and it writes again
    }
};

QTEST_GUILESS_MAIN(TestStoreListener)
#include "tst_store_listener.moc"
