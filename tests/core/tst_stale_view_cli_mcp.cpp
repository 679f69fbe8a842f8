// What the caller saw, on the command line and over MCP (docs/team-store.md#many-writers), on
// both engines: a decision command given `--seen` (the memory's updatedAt as `show` printed it)
// and MCP `reinforce` given `seen` leave a memory someone changed since as it is, say who
// changed it and how, and write nothing; given what is there now, they decide. A `--seen`
// that is not an instant is a usage error that changes nothing.
#include "CliProcess.h"
#include "EngineStore.h"
#include "McpProcess.h"
#include "StoreFingerprint.h"

#include "engine/decisions/Decisions.h"
#include "engine/decisions/MemoryEdit.h"
#include "model/Time.h"
#include "store/Store.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const QString kId = QStringLiteral("mem_seen");
constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

/// The person's edit in the window meanwhile, one second after the memory last changed.
void editedMeanwhile(Store &store)
{
    MemoryEdit edit;
    edit.content = QStringLiteral("The staging server is staging-3");
    const Millis at = store.memories().get(kId)->updatedAt + 1000;
    const auto done = Decisions(store, Config::defaults()).edit(kId, edit, at);
    QVERIFY2(done, done ? "" : qPrintable(done.error().message));
}

QString seenNow(Store &store) { return time::toIso(store.memories().get(kId)->updatedAt); }

} // namespace

class TestStaleViewCliMcp : public QObject
{
    Q_OBJECT
    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void aDecisionCommandOnAStaleViewChangesNothing_data()
    {
        QTest::addColumn<QStringList>("command");
        QTest::newRow("confirm") << QStringList{QStringLiteral("confirm")};
        QTest::newRow("delete") << QStringList{QStringLiteral("delete")};
        QTest::newRow("permanent") << QStringList{QStringLiteral("permanent")};
        QTest::newRow("reinforce") << QStringList{QStringLiteral("reinforce"), QStringLiteral("--event"), QStringLiteral("task_success")};
        QTest::newRow("edit") << QStringList{QStringLiteral("edit"), QStringLiteral("--category"), QStringLiteral("decision")};
        QTest::newRow("negate") << QStringList{QStringLiteral("negate")};
    }
    void aDecisionCommandOnAStaleViewChangesNothing()
    {
        QFETCH(QStringList, command);
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory(kId, kT0)));
        const QString seen = seenNow(*s);
        // `show --json` prints the instant `--seen` takes.
        const test::CliRun shown = test::runRecollectorCli(s.path(), {QStringLiteral("--json"), QStringLiteral("show"), kId});
        QCOMPARE(shown.code, 0);
        QCOMPARE(shown.json().object().value(QStringLiteral("updatedAt")).toString(), seen);
        editedMeanwhile(*s);
        const test::StoreFingerprint before = test::fingerprint(*s);

        const QStringList withId = QStringList{command.first(), kId} + command.mid(1);
        const test::CliRun stale = test::runRecollectorCli(s.path(), withId + QStringList{QStringLiteral("--seen"), seen});
        QCOMPARE(stale.code, 1);
        const QString said = QString::fromUtf8(stale.err);
        QVERIFY2(said.contains(QLatin1String("changed since you looked at it")) && said.contains(QLatin1String("edited")),
                 qPrintable(said));
        QVERIFY(test::fingerprint(*s) == before);

        const qint64 events = *s->events().count();
        const test::CliRun current = test::runRecollectorCli(s.path(), withId + QStringList{QStringLiteral("--seen"), seenNow(*s)});
        QVERIFY2(current.code == 0, current.err.constData());
        QVERIFY(*s->events().count() > events);
    }

    void aSeenThatIsNoInstantIsAUsageError()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory(kId, kT0)));
        const test::StoreFingerprint before = test::fingerprint(*s);
        const test::CliRun run =
            test::runRecollectorCli(s.path(), {QStringLiteral("confirm"), kId, QStringLiteral("--seen"), QStringLiteral("yesterday")});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains("--seen must be the memory's updatedAt") && run.err.contains("'yesterday'"), run.err.constData());
        QVERIFY(test::fingerprint(*s) == before);
    }

    void reinforceOverMcpOnAStaleViewChangesNothing()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory(kId, kT0)));
        test::McpProcess mcp(s.path());
        mcp.initialize();
        const QString seen = test::structuredOf(mcp.callTool(QStringLiteral("get"), {{QStringLiteral("id"), kId}}))
                                 [QStringLiteral("memory")][QStringLiteral("updatedAt")]
                                     .toString();
        QCOMPARE(seen, seenNow(*s));
        editedMeanwhile(*s);
        const test::StoreFingerprint before = test::fingerprint(*s);
        const QJsonObject use{{QStringLiteral("id"), kId}, {QStringLiteral("event"), QStringLiteral("task_success")}};

        QJsonObject stale = use;
        stale.insert(QStringLiteral("seen"), seen);
        const QJsonObject refused = mcp.callTool(QStringLiteral("reinforce"), stale);
        QVERIFY(refused.value(QStringLiteral("isError")).toBool());
        const QString said = refused[QStringLiteral("content")].toArray().first()[QStringLiteral("text")].toString();
        QVERIFY2(said.contains(QLatin1String("changed since")) && said.contains(QLatin1String("edited")), qPrintable(said));
        QVERIFY(test::fingerprint(*s) == before);

        QJsonObject unreadable = use;
        unreadable.insert(QStringLiteral("seen"), QStringLiteral("yesterday"));
        mcp.callTool(QStringLiteral("reinforce"), unreadable);
        QCOMPARE(mcp.lastAnswer()[QStringLiteral("error")][QStringLiteral("code")].toInt(), -32602);
        QVERIFY(test::fingerprint(*s) == before);

        QJsonObject current = use;
        current.insert(QStringLiteral("seen"), seenNow(*s));
        const QJsonObject reinforced = mcp.callTool(QStringLiteral("reinforce"), current);
        QVERIFY(!reinforced.value(QStringLiteral("isError")).toBool());
        QCOMPARE(s->memories().get(kId)->reinforceCount, 1);
        QCOMPARE(mcp.finish(), 0);
    }
};

QTEST_GUILESS_MAIN(TestStaleViewCliMcp)
#include "tst_stale_view_cli_mcp.moc"
