// recollector-cli mcp, the protocol (docs/cli.md, "mcp"): the real process on a real store (a
// file, a team store), driven over its pipes. initialize negotiates the revision, tools/list
// describes six tools with input schemas, and every bad request (not JSON, a batch, an unknown
// method, wrong types, an unknown id, a 10 MB content) is answered while the server goes on; a
// notification is never answered; EOF ends it with exit 0; stdout carries only JSON-RPC.
#include "EngineStore.h"
#include "McpProcess.h"

#include <QJsonArray>
#include <QTest>

using namespace recollector;
using test::McpProcess;

class TestMcpProtocol : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;

    static int errorCode(const QJsonObject &answer)
    {
        return answer.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
    }
    /// The server still answers: a ping gets its empty result.
    static void stillServes(McpProcess &mcp)
    {
        const QJsonObject pong = mcp.request(QStringLiteral("ping"));
        QVERIFY2(pong.contains(QStringLiteral("result")), QJsonDocument(pong).toJson().constData());
        QCOMPARE(pong.value(QStringLiteral("result")).toObject(), QJsonObject());
    }
    /// Every line was one JSON-RPC 2.0 message, and nothing else is left on stdout.
    static void onlyJsonRpcOnStdout(McpProcess &mcp)
    {
        QByteArray rest;
        QCOMPARE(mcp.finish(&rest), 0);
        QCOMPARE(rest, QByteArray());
        for (const QByteArray &line : mcp.lines()) {
            QJsonParseError error{};
            const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
            QVERIFY2(error.error == QJsonParseError::NoError && doc.isObject(), line.left(200).constData());
            QCOMPARE(doc.object().value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
        }
    }

private slots:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests").
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void initializeNegotiatesTheRevision()
    {
        test::EngineStore store(m_engines);
        store.close();
        McpProcess mcp(store.path());
        QVERIFY(mcp.started());
        const QJsonObject answer = mcp.initialize(QStringLiteral("2025-06-18"));
        QCOMPARE(answer.value(QStringLiteral("id")).toInt(), 1);
        const QJsonObject result = answer.value(QStringLiteral("result")).toObject();
        QCOMPARE(result.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("2025-06-18"));
        QVERIFY(result.value(QStringLiteral("capabilities")).toObject().contains(QStringLiteral("tools")));
        QCOMPARE(result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("recollector"));
        // A revision we do not speak: the answer is our latest, for the client to decide.
        const QJsonObject other = mcp.request(QStringLiteral("initialize"),
                                              {{QStringLiteral("protocolVersion"), QStringLiteral("2024-11-05")},
                                               {QStringLiteral("capabilities"), QJsonObject{}},
                                               {QStringLiteral("clientInfo"), QJsonObject{}}});
        QCOMPARE(other.value(QStringLiteral("result")).toObject().value(QStringLiteral("protocolVersion")).toString(),
                 QStringLiteral("2025-11-25"));
        stillServes(mcp);
        onlyJsonRpcOnStdout(mcp);
    }

    void toolsListDescribesEveryToolWithASchema()
    {
        test::EngineStore store(m_engines);
        store.close();
        McpProcess mcp(store.path());
        mcp.initialize();
        const QJsonArray tools =
            mcp.request(QStringLiteral("tools/list")).value(QStringLiteral("result")).toObject().value(QStringLiteral("tools")).toArray();
        QStringList names;
        for (const QJsonValue &t : tools) {
            const QJsonObject tool = t.toObject();
            names << tool.value(QStringLiteral("name")).toString();
            QVERIFY(!tool.value(QStringLiteral("description")).toString().isEmpty());
            const QJsonObject schema = tool.value(QStringLiteral("inputSchema")).toObject();
            QCOMPARE(schema.value(QStringLiteral("type")).toString(), QStringLiteral("object"));
            QVERIFY(schema.value(QStringLiteral("properties")).isObject());
        }
        QCOMPARE(names, (QStringList{QStringLiteral("remember"), QStringLiteral("recall"), QStringLiteral("reinforce"),
                                     QStringLiteral("forget"), QStringLiteral("list_recent"), QStringLiteral("get")}));
        const QJsonObject remember = tools.first().toObject().value(QStringLiteral("inputSchema")).toObject();
        QCOMPARE(remember.value(QStringLiteral("required")).toArray(), QJsonArray{QStringLiteral("content")});
        onlyJsonRpcOnStdout(mcp);
    }

    void badRequestsAreAnsweredAndTheServerGoesOn()
    {
        test::EngineStore store(m_engines);
        store.close();
        McpProcess mcp(store.path());
        mcp.initialize();

        mcp.send("this is not JSON");
        QJsonObject answer = mcp.readMessage();
        QCOMPARE(errorCode(answer), -32700);
        QVERIFY(answer.value(QStringLiteral("id")).isNull());
        stillServes(mcp);

        mcp.send(R"([{"jsonrpc":"2.0","id":70,"method":"ping"}])");
        QCOMPARE(errorCode(mcp.readMessage()), -32600);
        mcp.send(R"({"jsonrpc":"2.0","id":{"x":1},"method":"ping"})");
        QCOMPARE(errorCode(mcp.readMessage()), -32600);
        mcp.send(R"({"jsonrpc":"1.0","id":71,"method":"ping"})");
        answer = mcp.readMessage();
        QCOMPARE(errorCode(answer), -32600);
        QCOMPARE(answer.value(QStringLiteral("id")).toInt(), 71);
        stillServes(mcp);

        answer = mcp.request(QStringLiteral("resources/list"));
        QCOMPARE(errorCode(answer), -32601);
        stillServes(mcp);

        // Wrong types: JSON-RPC invalid params, naming the tool and the argument.
        mcp.callTool(QStringLiteral("remember"), {{QStringLiteral("content"), 5}});
        QCOMPARE(errorCode(mcp.lastAnswer()), -32602);
        QVERIFY(mcp.lastAnswer()[QStringLiteral("error")][QStringLiteral("message")].toString().contains(
            QStringLiteral("remember: content must be a string")));
        mcp.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), QStringLiteral("x")}, {QStringLiteral("limit"), QStringLiteral("ten")}});
        QCOMPARE(errorCode(mcp.lastAnswer()), -32602);
        mcp.callTool(QStringLiteral("remember"), {{QStringLiteral("content"), QStringLiteral("x")}, {QStringLiteral("colour"), 1}});
        QCOMPARE(errorCode(mcp.lastAnswer()), -32602);
        mcp.callTool(QStringLiteral("summon"), {});
        QCOMPARE(errorCode(mcp.lastAnswer()), -32602);
        mcp.send(R"({"jsonrpc":"2.0","id":72,"method":"tools/call","params":{"name":"get","arguments":[1]}})");
        QCOMPARE(errorCode(mcp.readMessage()), -32602);
        stillServes(mcp);

        // An id that does not exist: a tool error the assistant can read, also for an id no
        // memory can have (a NUL in it), on either engine.
        for (const QString &id : {QStringLiteral("mem_NOSUCH"), QStringLiteral("mem_NO") + QChar(0) + QStringLiteral("SUCH")}) {
            for (const QString &tool : {QStringLiteral("get"), QStringLiteral("forget"), QStringLiteral("reinforce")}) {
                QJsonObject arguments{{QStringLiteral("id"), id}};
                if (tool == QLatin1String("reinforce"))
                    arguments.insert(QStringLiteral("event"), QStringLiteral("manual"));
                const QJsonObject result = mcp.callTool(tool, arguments);
                QCOMPARE(result.value(QStringLiteral("isError")).toBool(), true);
                const QString text = result[QStringLiteral("content")][0][QStringLiteral("text")].toString();
                QVERIFY2(text.endsWith(QStringLiteral(": no memory with id ") + id), qPrintable(text));
            }
        }
        stillServes(mcp);

        // 10 MB of content: refused as a tool error naming the limit; nothing written.
        const QJsonObject huge = mcp.callTool(QStringLiteral("remember"),
                                              {{QStringLiteral("content"), QString(10 * 1024 * 1024, QLatin1Char('a'))}});
        QCOMPARE(huge.value(QStringLiteral("isError")).toBool(), true);
        QVERIFY(huge[QStringLiteral("content")][0][QStringLiteral("text")].toString().contains(QStringLiteral("at most")));
        stillServes(mcp);

        // A notification is never answered: the next line is the ping's answer.
        mcp.notify(QStringLiteral("notifications/cancelled"));
        mcp.send(R"({"jsonrpc":"2.0","method":"no/such/notification","params":{}})");
        stillServes(mcp);

        onlyJsonRpcOnStdout(mcp);
        store.reopen();
        QCOMPARE(*store->memories().count(true), 0);
        QCOMPARE(*store->events().count(), 0);
    }

    void endOfInputEndsTheServerCleanly()
    {
        test::EngineStore store(m_engines);
        store.close();
        McpProcess mcp(store.path());
        QVERIFY(mcp.started());
        // A last message without its newline is still served before the exit.
        mcp.process().write(R"({"jsonrpc":"2.0","id":9,"method":"ping"})");
        QByteArray rest;
        QCOMPARE(mcp.finish(&rest), 0);
        QCOMPARE(rest, QByteArray(R"({"id":9,"jsonrpc":"2.0","result":{}})" "\n"));
    }
};

QTEST_GUILESS_MAIN(TestMcpProtocol)
#include "tst_mcp_protocol.moc"
