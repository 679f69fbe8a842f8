// The MCP server without a process (docs/cli.md, "mcp"): McpServer::handle on a real store,
// one row per kind of line. Each row says what must come back: nothing (a notification, a
// client's response, a blank line), a JSON-RPC error with its code and id, or a result.
#include "TempStore.h"

#include "mcp/McpServer.h"
#include "mcp/McpTools.h"

#include <QJsonDocument>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

class TestMcpJsonRpc : public QObject
{
    Q_OBJECT

private slots:
    void answers_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("code");      // 0: a result; 1: no answer at all; 2: a tool error result
        QTest::addColumn<QJsonValue>("id"); // of the answer
        const QJsonValue null(QJsonValue::Null);
        QTest::newRow("ping") << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"ping"})") << 0 << QJsonValue(1);
        QTest::newRow("string id") << QByteArray(R"({"jsonrpc":"2.0","id":"a-1","method":"ping"})") << 0 << QJsonValue("a-1");
        QTest::newRow("blank") << QByteArray("   \t") << 1 << null;
        QTest::newRow("notification") << QByteArray(R"({"jsonrpc":"2.0","method":"notifications/initialized"})") << 1 << null;
        QTest::newRow("unknown notification") << QByteArray(R"({"jsonrpc":"2.0","method":"x/y"})") << 1 << null;
        QTest::newRow("client response") << QByteArray(R"({"jsonrpc":"2.0","id":5,"result":{}})") << 1 << null;
        QTest::newRow("not JSON") << QByteArray("hello") << -32700 << null;
        QTest::newRow("cut off") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":2,\"meth") << -32700 << null;
        QTest::newRow("NUL byte") << QByteArray("{\"jsonrpc\":\"2.0\",\0}", 19) << -32700 << null;
        QTest::newRow("batch") << QByteArray(R"([{"jsonrpc":"2.0","id":3,"method":"ping"}])") << -32600 << null;
        QTest::newRow("empty object") << QByteArray("{}") << -32600 << null;
        QTest::newRow("null id") << QByteArray(R"({"jsonrpc":"2.0","id":null,"method":"ping"})") << -32600 << null;
        QTest::newRow("object id") << QByteArray(R"({"jsonrpc":"2.0","id":{},"method":"ping"})") << -32600 << null;
        QTest::newRow("jsonrpc 1.0") << QByteArray(R"({"jsonrpc":"1.0","id":4,"method":"ping"})") << -32600 << QJsonValue(4);
        QTest::newRow("method a number") << QByteArray(R"({"jsonrpc":"2.0","id":6,"method":7})") << -32600 << QJsonValue(6);
        QTest::newRow("no method") << QByteArray(R"({"jsonrpc":"2.0","id":8})") << -32600 << QJsonValue(8);
        QTest::newRow("unknown method") << QByteArray(R"({"jsonrpc":"2.0","id":9,"method":"prompts/list"})") << -32601 << QJsonValue(9);
        QTest::newRow("params an array") << QByteArray(R"({"jsonrpc":"2.0","id":10,"method":"tools/list","params":[]})") << -32602 << QJsonValue(10);
        QTest::newRow("initialize without version") << QByteArray(R"({"jsonrpc":"2.0","id":11,"method":"initialize","params":{}})") << -32602 << QJsonValue(11);
        QTest::newRow("tools/call without name") << QByteArray(R"({"jsonrpc":"2.0","id":12,"method":"tools/call","params":{}})") << -32602 << QJsonValue(12);
        QTest::newRow("unknown tool") << QByteArray(R"({"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"fly"}})") << -32602 << QJsonValue(13);
        QTest::newRow("missing argument") << QByteArray(R"({"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"recall","arguments":{}}})") << 2 << QJsonValue(14);
        QTest::newRow("limit 0") << QByteArray(R"({"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"list_recent","arguments":{"limit":0}}})") << 2 << QJsonValue(15);
        QTest::newRow("limit 2.5") << QByteArray(R"({"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"recall","arguments":{"query":"x","limit":2.5}}})") << 2 << QJsonValue(16);
        QTest::newRow("keywords not strings") << QByteArray(R"({"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"remember","arguments":{"content":"x","keywords":[1]}}})") << 2 << QJsonValue(17);
        QTest::newRow("list_recent, no arguments") << QByteArray(R"({"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"list_recent"}})") << 0 << QJsonValue(18);
    }

    void answers()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, code);
        QFETCH(QJsonValue, id);
        test::TempStore store;
        mcp::McpTools tools(*store, Config::defaults(), {}, [] { return Millis(1704103200000); });
        mcp::McpServer server(tools);
        const std::optional<QByteArray> answer = server.handle(line);
        if (code == 1) {
            QVERIFY2(!answer, answer ? answer->constData() : "");
            return;
        }
        QVERIFY(answer);
        QVERIFY(!answer->contains('\n'));
        const QJsonObject message = QJsonDocument::fromJson(*answer).object();
        QCOMPARE(message.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
        QCOMPARE(message.value(QStringLiteral("id")), id);
        if (code == 0)
            QVERIFY2(message.contains(QStringLiteral("result")), answer->constData());
        else if (code == 2) // arguments a tool cannot take (SEP-1303): a tool error the model reads
            QVERIFY2(message[QStringLiteral("result")][QStringLiteral("isError")].toBool(), answer->constData());
        else
            QCOMPARE(message[QStringLiteral("error")][QStringLiteral("code")].toInt(), code);
    }

    void answersAreOneLineEvenForTextWithNewlines()
    {
        test::TempStore store;
        mcp::McpTools tools(*store, Config::defaults(), {}, [] { return Millis(1704103200000); });
        mcp::McpServer server(tools);
        const auto answer = server.handle(
            R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"remember","arguments":{"content":"line one\nline two"}}})");
        QVERIFY(answer && !answer->contains('\n'));
        QCOMPARE(QJsonDocument::fromJson(*answer)[QStringLiteral("result")][QStringLiteral("structuredContent")]
                                                 [QStringLiteral("memory")][QStringLiteral("content")]
                     .toString(),
                 QStringLiteral("line one\nline two"));
    }
};

QTEST_GUILESS_MAIN(TestMcpJsonRpc)
#include "tst_mcp_jsonrpc.moc"
