// A team store on the suite's own PostgreSQL 15 (docs/team-store.md): the schema created in
// one transaction and versioned with SQLite's number, a database that is not a store refused,
// a newer schema opened read-only (the server itself refusing writes), addresses with a
// password or an unknown parameter refused without echoing the password, a commit after a
// failed statement reported as a failure, and recollector-cli working on the address: add,
// list, a restatement found and a recall, both by PostgreSQL's text search.
#include "CliProcess.h"
#include "PgTestServer.h"
#include "TempStore.h"

#include "store/Database.h"
#include "store/Engine.h"
#include "store/ServerUrl.h"
#include "store/Store.h"
#include "store/TextSearch.h"
#include "store/Transaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace recollector;
using namespace recollector::core;

class TestStoreServer : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::PgTestServer> m_server;

    test::PgTestServer &server() { return *m_server; }

    static qint64 scalar(Store &store, const QString &sql)
    {
        QSqlQuery q(store.database().handle());
        if (!q.exec(sql) || !q.next())
            return -1;
        return q.value(0).toLongLong();
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

    void schemaIsCreatedOnceWithSqlitesVersion()
    {
        const QString url = server().createDatabase();
        {
            auto s = Store::open(url);
            QVERIFY2(s, s ? "" : qPrintable(s.error().message));
            QVERIFY(isServer((*s)->database()));
            QCOMPARE((*s)->path(), url);
            QCOMPARE(scalar(**s, QStringLiteral("SELECT version FROM recollector_schema")),
                     qint64(Database::kSchemaVersion));
            QVERIFY((*s)->memories().insert(test::sampleMemory(QStringLiteral("mem_1"))));
        }
        auto again = Store::open(url);
        QVERIFY2(again, again ? "" : qPrintable(again.error().message));
        QCOMPARE((*again)->database().schemaVersionOnDisk(), Database::kSchemaVersion);
        QCOMPARE(scalar(**again, QStringLiteral("SELECT count(*) FROM recollector_schema")), qint64(1));
        QCOMPARE(*(*again)->memories().count(), qint64(1));
    }

    void otherDatabaseIsRefusedAndUntouched()
    {
        const QString url = server().createDatabase();
        const QString db = test::PgTestServer::databaseOf(url);
        QCOMPARE(server().adminExec(QStringLiteral("CREATE TABLE invoices (n integer)"), db), QString());
        auto s = Store::open(url);
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(QLatin1String("not a Recollector store")), qPrintable(s.error().message));
        QCOMPARE(server().adminExec(QStringLiteral("SELECT 1 FROM memories"), db).isEmpty(), false); // none made
    }

    void newerSchemaOpensReadOnlyAndTheServerRefusesWrites()
    {
        const QString url = server().createDatabase();
        {
            auto s = Store::open(url);
            QVERIFY(s);
            QVERIFY((*s)->memories().insert(test::sampleMemory(QStringLiteral("a"))));
        }
        QCOMPARE(server().adminExec(QStringLiteral("UPDATE recollector_schema SET version = %1")
                                        .arg(Database::kSchemaVersion + 1),
                                    test::PgTestServer::databaseOf(url)),
                 QString());
        auto s = Store::open(url);
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QVERIFY((*s)->database().isReadOnly());
        QVERIFY((*s)->database().warning().contains(QLatin1String("newer")));
        QVERIFY(!(*s)->memories().insert(test::sampleMemory(QStringLiteral("b"))));
        // Not only Recollector's own check: the session is read-only on the server.
        QSqlQuery q((*s)->database().handle());
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('x', 'y')")));
        QCOMPARE(*(*s)->memories().count(), qint64(1));
    }

    void readOnlyOpenIsReadOnlyOnTheServer()
    {
        const QString url = server().createDatabase();
        Database::Options readOnly;
        readOnly.readOnly = true;
        auto missing = Store::open(url, readOnly);
        QVERIFY(!missing); // no tables are made by a read-only open
        QCOMPARE(missing.error().code, Error::Code::NotFound);
        { QVERIFY(Store::open(url)); }
        auto s = Store::open(url, readOnly);
        QVERIFY(s);
        QSqlQuery q((*s)->database().handle());
        QVERIFY(!q.exec(QStringLiteral("INSERT INTO meta (key, value) VALUES ('x', 'y')")));
    }

    void addressesThatAreRefused_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("says");
        QTest::newRow("password") << QStringLiteral("postgresql://ann:hunter2@127.0.0.1:1/db") << QStringLiteral(".pgpass");
        QTest::newRow("password parameter") << QStringLiteral("postgresql://ann@127.0.0.1:1/db?password=hunter2")
                                            << QStringLiteral("unknown parameter password");
        QTest::newRow("no database") << QStringLiteral("postgresql://ann@127.0.0.1:1") << QStringLiteral("no database");
        QTest::newRow("no host") << QStringLiteral("postgresql:///db") << QStringLiteral("no host");
    }
    void addressesThatAreRefused()
    {
        QFETCH(QString, address);
        QFETCH(QString, says);
        auto s = Store::open(address);
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(says), qPrintable(s.error().message));
        QVERIFY2(!s.error().message.contains(QLatin1String("hunter2")) || says.startsWith(QLatin1String("unknown")),
                 qPrintable(s.error().message));
    }

    void unreachableServerIsAClearError()
    {
        auto s = Store::open(QStringLiteral("postgresql://ann@127.0.0.1:1/db?sslmode=disable&connect_timeout=2"));
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(QLatin1String("cannot connect")), qPrintable(s.error().message));
    }

    // PostgreSQL answers COMMIT of a transaction that a failed statement aborted with a
    // rollback and no error: the store must report it as the failure it is.
    void commitAfterAFailedStatementIsAFailure()
    {
        const QString url = server().createDatabase();
        auto s = Store::open(url);
        QVERIFY(s);
        Transaction tx((*s)->database());
        QVERIFY((*s)->memories().insert(test::sampleMemory(QStringLiteral("a"))));
        QVERIFY(!(*s)->memories().insert(test::sampleMemory(QStringLiteral("a")))); // the same id twice
        QVERIFY(!tx.commit());
        QCOMPARE(*(*s)->memories().count(), qint64(0));
    }

    // docs/team-store.md#decision-cost: the statements every decision sends stay prepared on the
    // connection (one PREPARE, then an EXECUTE per use) and still read what was written since;
    // a use of a text already in use gets a query of its own; a statement that failed and
    // aborted its transaction leaves the kept ones usable after the rollback.
    void aDecisionsStatementsStayPreparedOnTheConnection()
    {
        const QString url = server().createDatabase();
        auto s = Store::open(url);
        QVERIFY(s);
        Store &store = **s;
        Memory m = test::sampleMemory(QStringLiteral("kept"));
        QVERIFY(store.memories().insert(m));
        for (const double confidence : {0.5, 0.6, 0.7}) {
            m.confidence = confidence;
            QVERIFY(store.memories().update(m));
            const auto read = store.memories().get(m.id);
            QVERIFY(read);
            QCOMPARE(read->confidence, confidence);
        }
        const auto prepared = [&](const QString &like) {
            return scalar(store, QStringLiteral("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%1'").arg(like));
        };
        QCOMPARE(prepared(QStringLiteral("% AS UPDATE memories SET %")), qint64(1));
        QCOMPARE(prepared(QStringLiteral("% AS SELECT id,content,% WHERE id = $1")), qint64(1));

        const QString sql = QStringLiteral("SELECT confidence FROM memories WHERE id = ?");
        auto outer = store.database().keptQuery(sql);
        auto inner = store.database().keptQuery(sql);
        QVERIFY(outer.isPrepared() && inner.isPrepared());
        QVERIFY(&outer.query() != &inner.query());
        for (QSqlQuery *q : {&outer.query(), &inner.query()}) {
            q->addBindValue(m.id);
            QVERIFY(q->exec() && q->next());
            QCOMPARE(q->value(0).toDouble(), 0.7);
        }

        {
            Transaction tx(store.database());
            QVERIFY(!store.memories().insert(m)); // the same id again: the transaction is aborted
            tx.rollback();
        }
        const auto after = store.memories().get(m.id);
        QVERIFY2(after, after ? "" : qPrintable(after.error().message));
        QCOMPARE(after->confidence, 0.7);
    }

    // docs/team-store.md#many-writers: one writer at a time, as on SQLite. A second program's
    // decision begun while a first is open waits for its commit, so each decision's events are
    // one run of ids and ids follow the commits (undo walks the run; the live refresh and the
    // inbox read "after the last id seen"). An event written outside a transaction waits too.
    void writersTakeTurnsSoEventIdsFollowTheCommits()
    {
        const QString url = server().createDatabase();
        auto a = Store::open(url);
        auto watcher = Store::open(url);
        QVERIFY(a && watcher);
        QVERIFY((*a)->memories().insert(test::sampleMemory(QStringLiteral("m"))));
        const auto reinforce = [](qint64 at) {
            Event e;
            e.memoryId = QStringLiteral("m");
            e.kind = QStringLiteral("reinforce");
            e.at = at;
            return e;
        };
        auto tx = std::make_unique<Transaction>((*a)->database());
        QVERIFY(tx->isActive());
        Event first = reinforce(2);
        QVERIFY((*a)->events().append(first));
        std::atomic<bool> otherDone { false };
        qint64 looseId = 0;
        qint64 otherId = 0;
        QString otherError;
        std::thread other([&] {
            // A connection of its own, made and closed on this thread: first an event written
            // outside any transaction, then a decision's.
            auto s = Store::open(url);
            Event loose = reinforce(3);
            const Status looseWritten = s ? (*s)->events().append(loose) : Status(s.error());
            if (!looseWritten) {
                otherError = looseWritten.error().message;
            } else {
                looseId = loose.id;
                Transaction t((*s)->database());
                Event e = reinforce(5);
                const Status appended = t.isActive() ? (*s)->events().append(e) : Status(t.error());
                const Status committed = appended ? t.commit() : appended;
                otherError = committed ? QString() : committed.error().message;
                otherId = e.id;
            }
            otherDone = true;
        });
        // Until the other writer waits for the lock (or, without it, has written and finished).
        const bool waiting = QTest::qWaitFor([&] {
            return otherDone || scalar(**watcher, QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                                                                 "AND NOT granted")) > 0;
        }, 30'000);
        Event second = reinforce(4);
        const bool appended = bool((*a)->events().append(second));
        const bool committed = appended && bool(tx->commit());
        tx.reset();
        other.join();
        QVERIFY(waiting);
        QVERIFY(appended && committed);
        QVERIFY2(otherError.isEmpty(), qPrintable(otherError));
        QCOMPARE(second.id, first.id + 1);
        QVERIFY(looseId > second.id);
        QVERIFY(otherId > looseId);
    }

    // A writer that waits longer than its busy timeout for another's turn is told the store is
    // locked, and writes nothing.
    void aWriterThatWaitsTooLongIsToldAndWritesNothing()
    {
        const QString url = server().createDatabase();
        auto a = Store::open(url);
        auto b = Store::open(url);
        QVERIFY(a && b);
        QVERIFY(QSqlQuery((*b)->database().handle()).exec(QStringLiteral("SET lock_timeout = 100")));
        Transaction first((*a)->database());
        QVERIFY(first.isActive());
        {
            Transaction second((*b)->database());
            QVERIFY(!second.isActive());
            QCOMPARE(second.error().code, Error::Code::Locked);
            QVERIFY2(second.error().message.contains(QLatin1String("locked by another program")), qPrintable(second.error().message));
        }
        QVERIFY(first.commit());
        QVERIFY((*b)->memories().insert(test::sampleMemory(QStringLiteral("after"))));
        QCOMPARE(*(*b)->memories().count(), qint64(1));
    }

    // docs/team-store.md#text-search: a store whose text index predates a note's title and
    // description gets the new one at its next open that may write; a title is then found.
    void anOlderTextIndexIsRenewedAtTheNextOpen()
    {
        const QString url = server().createDatabase();
        const auto indexdef = [](Store &store) {
            QSqlQuery q(store.database().handle());
            return q.exec(QStringLiteral("SELECT indexdef FROM pg_indexes WHERE indexname = 'memories_text'")) && q.next()
                ? q.value(0).toString()
                : QString();
        };
        {
            auto s = Store::open(url);
            QVERIFY(s);
            QSqlQuery q((*s)->database().handle());
            QVERIFY(q.exec(QStringLiteral("DROP INDEX memories_text")));
            QVERIFY(q.exec(QStringLiteral("CREATE INDEX memories_text ON memories USING gin "
                                          "(to_tsvector('english', content || ' ' || keywords)) WHERE sensitivity < 3")));
            QVERIFY(!indexdef(**s).contains(QLatin1String("description")));
            Memory m = test::sampleMemory(QStringLiteral("noted"));
            m.extra.insert(QStringLiteral("title"), QStringLiteral("Quarterly pelican census"));
            QVERIFY((*s)->memories().insert(m));
        }
        auto s = Store::open(url);
        QVERIFY(s);
        QVERIFY(indexdef(**s).contains(QLatin1String("description")));
        auto hits = TextSearch((*s)->database()).search({QStringLiteral("pelican")}, {}, 10);
        QVERIFY(hits);
        QCOMPARE(hits->size(), std::size_t(1));
        QCOMPARE(hits->front().id, QStringLiteral("noted"));
    }

    void cliAddsAndListsOnTheAddress()
    {
        const QString url = server().createDatabase();
        const auto added = test::runCli({QStringLiteral("--store"), url, QStringLiteral("add"),
                                         QStringLiteral("--content"), QStringLiteral("The staging database is on Postgres 15"),
                                         QStringLiteral("--category"), QStringLiteral("fact")});
        QVERIFY2(added.code == 0, added.err.constData());
        const auto listed = test::runCli({QStringLiteral("--store"), url, QStringLiteral("--json"), QStringLiteral("list")});
        QVERIFY2(listed.code == 0, listed.err.constData());
        QVERIFY2(listed.out.contains("Postgres 15"), listed.out.constData());
        // The assistant says it again: PostgreSQL's text search finds the memory it restates.
        const auto again = test::runCli({QStringLiteral("--store"), url, QStringLiteral("--json"), QStringLiteral("add"),
                                         QStringLiteral("--actor"), QStringLiteral("assistant"), QStringLiteral("--content"),
                                         QStringLiteral("The staging database runs on Postgres 15"),
                                         QStringLiteral("--category"), QStringLiteral("fact")});
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY2(again.out.contains("restates"), again.out.constData());
        const auto recalled = test::runCli({QStringLiteral("--store"), url, QStringLiteral("--json"), QStringLiteral("retrieve"),
                                            QStringLiteral("--preview"), QStringLiteral("which database does staging use")});
        QVERIFY2(recalled.code == 0, recalled.err.constData());
        const QJsonArray memories = QJsonDocument::fromJson(listed.out).array();
        QCOMPARE(memories.size(), 1);
        const QJsonArray results = QJsonDocument::fromJson(recalled.out).array();
        QVERIFY2(!results.isEmpty(), recalled.out.constData());
        QCOMPARE(results.first().toObject().value(QStringLiteral("id")), memories.first().toObject().value(QStringLiteral("id")));
        const auto bad = test::runCli({QStringLiteral("--store"), QStringLiteral("postgresql://x:secret@127.0.0.1:1/db"),
                                       QStringLiteral("stats")});
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains(".pgpass") && !bad.err.contains("secret"), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestStoreServer)
#include "tst_store_server.moc"
