// Many writers on one store (docs/team-store.md#many-writers), on an SQLite file and on the
// suite's own PostgreSQL: two recollector-cli processes (MCP servers, as two assistants) each
// reinforcing one memory many times, every event kept, none applied over another's, the
// memory the replay of its events; a decision made on a stale view refused with who changed
// the memory and how; a writer killed with SIGKILL while its transaction is open leaving the
// store as before; and on PostgreSQL the roles of docs/team-store.md#roles, their GRANTs run
// as the page gives them: a reviewer reads and is refused a decision in one clear message, a
// curator decides, an assistant writes through MCP, and each event names its role.
#include "CliProcess.h"
#include "EngineStore.h"
#include "McpProcess.h"
#include "StoreFingerprint.h"
#include "TeamRoles.h"
#include "TestScale.h"

#include "engine/decisions/Decisions.h"
#include "model/MemoryFields.h"
#include "store/Store.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const QString kId = QStringLiteral("mem_shared");

QByteArray reinforceRequest(int id)
{
    const QJsonObject message{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), id},
        {QStringLiteral("method"), QStringLiteral("tools/call")},
        {QStringLiteral("params"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("reinforce")},
                     {QStringLiteral("arguments"),
                      QJsonObject{{QStringLiteral("id"), kId}, {QStringLiteral("event"), QStringLiteral("access")}}}}}};
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

} // namespace

class TestStoreConcurrency : public QObject
{
    Q_OBJECT
    test::EngineFixture m_engines;

    static Memory shared()
    {
        Memory m = test::sampleMemory(kId);
        m.stability = 24;
        return m;
    }

    static QString as(const QString &address, const QString &role) { return test::asRole(address, role); }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void twoWritersDecideOnOneMemoryAndNothingIsLost()
    {
        // Issue 33's 500 decisions each: a decision reads its memory's mentions as counts
        // (MemoryMentions), so the thousandth costs what the first did.
        const int each = test::sized(500, 25);
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(shared()));
        const Memory initial = *s->memories().get(kId); // as stored
        test::McpProcess a(s.path());
        test::McpProcess b(s.path());
        QVERIFY(a.started() && b.started());
        QVERIFY(!a.initialize().contains(QStringLiteral("error")));
        QVERIFY(!b.initialize().contains(QStringLiteral("error")));
        // Every request written at once, so the two servers decide at the same time.
        for (int i = 0; i < each; ++i) {
            a.send(reinforceRequest(100 + i));
            b.send(reinforceRequest(100 + i));
        }
        a.flush();
        b.flush();
        for (test::McpProcess *p : {&a, &b}) {
            for (int i = 0; i < each; ++i) {
                const QJsonObject answer = p->readMessage();
                const QJsonObject result = answer.value(QStringLiteral("result")).toObject();
                QVERIFY2(!result.isEmpty() && !result.value(QStringLiteral("isError")).toBool(),
                         QJsonDocument(answer).toJson(QJsonDocument::Compact).constData());
            }
            QCOMPARE(p->finish(), 0);
        }

        auto events = s->events().forMemory(kId);
        QVERIFY(events);
        QCOMPARE(qsizetype(events->size()), qsizetype(2 * each)); // every decision kept
        auto now = s->memories().get(kId);
        QVERIFY(now);
        QCOMPARE(now->reinforceCount, initial.reinforceCount + 2 * each); // none lost
        // Each decision was made on the state the one before left: its "before" is that state,
        // so none was applied over another it had not seen; the replay ends at the store's row.
        Memory replay = initial;
        for (const Event &e : *events) {
            QCOMPARE(e.kind, QStringLiteral("reinforce"));
            Memory claimed = replay;
            QVERIFY(MemoryFields::apply(claimed, e.payload.value(QStringLiteral("before")).toObject()));
            QVERIFY2(claimed == replay, qPrintable(QStringLiteral("event %1 was decided on a stale state").arg(e.id)));
            QVERIFY(MemoryFields::apply(replay, e.payload.value(QStringLiteral("after")).toObject()));
            if (test::EngineFixture::onServer())
                QCOMPARE(e.payload.value(QStringLiteral("dbRole")).toString(), QLatin1String(test::PgTestServer::kUser));
            else
                QVERIFY(!e.payload.contains(QStringLiteral("dbRole")));
        }
        QVERIFY(replay == *now);
    }

    void aDecisionOnAStaleViewIsRefusedWithWhoAndWhat()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(shared()));
        auto other = Store::open(s.path()); // another window, person or assistant
        QVERIFY2(other, other ? "" : qPrintable(other.error().message));
        const Config config = Config::defaults();
        const Millis seen = s->memories().get(kId)->updatedAt;
        QVERIFY(Decisions(**other, config).confirm(kId, seen + 60000));

        const test::StoreFingerprint before = test::fingerprint(*s);
        Decisions mine(*s, config);
        mine.expecting(kId, seen);
        auto refused = mine.negate(kId, {}, seen + 120000);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Conflict);
        const QString who = test::EngineFixture::onServer() ? QLatin1String(test::PgTestServer::kUser)
                                                            : QStringLiteral("someone");
        QVERIFY2(refused.error().message.contains(who) && refused.error().message.contains(QLatin1String("confirmed it"))
                     && refused.error().message.contains(QLatin1String("changed since you looked at it")),
                 qPrintable(refused.error().message));
        QVERIFY(test::fingerprint(*s) == before); // never applied over it

        // Seen as it is now, the same decision goes through; the expectation was used up.
        mine.expecting(kId, s->memories().get(kId)->updatedAt);
        QVERIFY(mine.negate(kId, {}, seen + 120000));
        QVERIFY(mine.reinforce(kId, ReinforceEvent::Access, seen + 180000));
    }

    void aWriterKilledMidTransactionLeavesTheStoreAsBefore()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(shared()));
        const test::StoreFingerprint before = test::fingerprint(*s);
        QProcess writer;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        env.insert(QStringLiteral("RECOLLECTOR_HOLD_AT"), QStringLiteral("decision.before-commit"));
        writer.setProcessEnvironment(env);
        writer.start(QStringLiteral(RECOLLECTOR_CLI_PATH),
                     {QStringLiteral("--store"), s.path(), QStringLiteral("negate"), kId, QStringLiteral("--correction"),
                      QStringLiteral("Prefers jest now")});
        writer.setReadChannel(QProcess::StandardError);
        QVERIFY(writer.waitForStarted());
        // The writer says when its transaction holds everything but the commit.
        QByteArray said;
        while (!said.contains("held at decision.before-commit")) {
            QVERIFY2(writer.waitForReadyRead(60000), said.constData());
            said += writer.readAllStandardError();
        }
        if (test::EngineFixture::onServer())
            QVERIFY(test::fingerprint(*s) == before); // its writes are not seen before a commit
        writer.kill(); // SIGKILL
        QVERIFY(writer.waitForFinished());
        QCOMPARE(writer.exitStatus(), QProcess::CrashExit);

        QVERIFY(test::fingerprint(*s) == before);
        // Nothing of it holds the memory: the next writer decides at once.
        const test::CliRun next = test::runRecollectorCli(s.path(), {QStringLiteral("confirm"), kId});
        QVERIFY2(next.code == 0, next.err.constData());
        QCOMPARE(s->events().forMemory(kId)->size(), std::size_t(2)); // reinforce + confirm
    }

    void rolesReadDecideAndWriteAsTheirGrantsSay()
    {
        if (!test::EngineFixture::onServer())
            QSKIP("roles are the server's");
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(shared()));
        const QString database = test::PgTestServer::databaseOf(s.path());
        const QString granted = test::grantRoles(m_engines.server(), database);
        QVERIFY2(granted.isEmpty(), qPrintable(granted));

        // The reviewer looks.
        const QString ann = as(s.path(), QStringLiteral("ann"));
        for (const QString &command : {QStringLiteral("stats"), QStringLiteral("list")}) {
            const test::CliRun looked = test::runRecollectorCli(ann, {command});
            QVERIFY2(looked.code == 0, looked.err.constData());
        }
        const test::CliRun shown = test::runRecollectorCli(ann, {QStringLiteral("show"), kId});
        QVERIFY2(shown.code == 0 && shown.out.contains("Prefers vitest"), shown.out + shown.err);
        // …and is refused a decision, in one message that says why, and nothing changes.
        const test::StoreFingerprint before = test::fingerprint(*s);
        const test::CliRun refused = test::runRecollectorCli(ann, {QStringLiteral("confirm"), kId});
        QVERIFY(refused.code != 0);
        QVERIFY2(refused.err.contains("your role \"ann\" may read this store but not change it; opened read-only; "
                                      "nothing was changed"),
                 refused.err.constData());
        QVERIFY2(!refused.err.contains("ERROR") && !refused.err.contains("permission denied"), refused.err.constData());
        QVERIFY(test::fingerprint(*s) == before);
        auto reviewer = Store::open(ann); // the window's read-only mode, its line from the warning
        QVERIFY(reviewer);
        QVERIFY((*reviewer)->database().isReadOnly());
        QVERIFY((*reviewer)->database().warning().contains(QLatin1String("may read this store but not change it")));

        // The curator decides; the event says who.
        const test::CliRun decided = test::runRecollectorCli(as(s.path(), QStringLiteral("bob")),
                                                             {QStringLiteral("confirm"), kId});
        QVERIFY2(decided.code == 0, decided.err.constData());
        auto history = s->events().forMemory(kId);
        QVERIFY(history && !history->empty());
        QCOMPARE(history->back().payload.value(QStringLiteral("dbRole")).toString(), QStringLiteral("bob"));

        // The assistant remembers and reinforces through MCP.
        test::McpProcess assistant(as(s.path(), QStringLiteral("ci_agent")));
        QVERIFY(assistant.started());
        QVERIFY(!assistant.initialize().contains(QStringLiteral("error")));
        const QJsonObject remembered = assistant.callTool(
            QStringLiteral("remember"),
            {{QStringLiteral("content"), QStringLiteral("The CI runs on two cores")},
             {QStringLiteral("category"), QStringLiteral("fact")}});
        QVERIFY2(!remembered.isEmpty() && !remembered.value(QStringLiteral("isError")).toBool(),
                 QJsonDocument(assistant.lastAnswer()).toJson(QJsonDocument::Compact).constData());
        const QJsonObject reinforced = assistant.callTool(
            QStringLiteral("reinforce"), {{QStringLiteral("id"), kId}, {QStringLiteral("event"), QStringLiteral("access")}});
        QVERIFY2(!reinforced.isEmpty() && !reinforced.value(QStringLiteral("isError")).toBool(),
                 QJsonDocument(assistant.lastAnswer()).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(assistant.finish(), 0);
        history = s->events().forMemory(kId);
        QCOMPARE(history->back().actor, QStringLiteral("assistant"));
        QCOMPARE(history->back().payload.value(QStringLiteral("dbRole")).toString(), QStringLiteral("ci_agent"));
    }
};

QTEST_GUILESS_MAIN(TestStoreConcurrency)
#include "tst_store_concurrency.moc"
