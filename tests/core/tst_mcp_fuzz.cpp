// recollector-cli mcp under 1,000 malformed messages (docs/cli.md, "mcp"): a deterministic
// generator (fixed seed) mixes cut-off requests, random bytes (NUL and invalid UTF-8
// included), JSON that is not a request (arrays, scalars, wrong jsonrpc, ids of the wrong
// type, methods that are not strings), unknown methods and tools, arguments of the wrong type
// and ids that do not exist. Every message gets exactly one answer, an error (JSON-RPC or
// tool), in order; the server then still answers a ping, exits 0 at EOF, and the store is
// unchanged.
#include "McpProcess.h"
#include "StoreFingerprint.h"
#include "TempStore.h"

#include <QJsonArray>
#include <QTest>

#include <random>

using namespace recollector;
using test::McpProcess;

namespace {

/// One malformed message, and the id its answer must carry (null when none can be read).
struct Malformed
{
    QByteArray line;
    QJsonValue id = QJsonValue::Null;
};

class Generator
{
public:
    explicit Generator(std::uint32_t seed) : m_random(seed) {}

    Malformed next(int n)
    {
        const int id = 1000 + n;
        switch (pick(9)) {
        case 0: return {cutOff(id)};
        case 1: return {randomBytes()};
        case 2: return {notARequestObject(id)};
        case 3: return {badEnvelope(id), QJsonValue(id)};
        case 4: return {request(id, randomWord(), QJsonObject{}), QJsonValue(id)};
        case 5: return {toolCall(id, randomWord(), QJsonObject{}), QJsonValue(id)};
        case 6: {
            // One draw after the other: the order of a call's arguments is not fixed in C++,
            // and gcc and clang take them in opposite orders.
            const QString name = tool();
            return {toolCall(id, name, wrongArguments()), QJsonValue(id)};
        }
        case 7: return {unknownId(id), QJsonValue(id)};
        default: return {request(id, QStringLiteral("tools/call"), randomParams()), QJsonValue(id)};
        }
    }

private:
    int pick(int n) { return int(m_random() % std::uint32_t(n)); }
    QString randomWord()
    {
        QString w;
        const int length = 1 + pick(12);
        for (int i = 0; i < length; ++i)
            w += QChar(u'a' + pick(26));
        return w;
    }
    static QByteArray compact(const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }
    QByteArray request(int id, const QString &method, const QJsonObject &params)
    {
        return compact({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), id},
                        {QStringLiteral("method"), method},
                        {QStringLiteral("params"), params}});
    }
    QByteArray toolCall(int id, const QString &name, const QJsonObject &arguments)
    {
        return request(id, QStringLiteral("tools/call"),
                       {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}});
    }
    QString tool()
    {
        static const QStringList tools{QStringLiteral("remember"), QStringLiteral("recall"), QStringLiteral("reinforce"),
                                       QStringLiteral("forget"), QStringLiteral("list_recent"), QStringLiteral("get")};
        return tools[pick(int(tools.size()))];
    }
    QString idTool()
    {
        static const QStringList tools{QStringLiteral("get"), QStringLiteral("forget"), QStringLiteral("reinforce")};
        return tools[pick(int(tools.size()))];
    }
    /// get, forget or reinforce of an id that is not in the store: a tool error.
    QByteArray unknownId(int id)
    {
        const QString name = idTool();
        QJsonObject arguments{{QStringLiteral("id"), QStringLiteral("mem_") + randomWord()}};
        if (name == QLatin1String("reinforce"))
            arguments.insert(QStringLiteral("event"), QStringLiteral("manual"));
        return toolCall(id, name, arguments);
    }
    /// An id JSON-RPC does not allow here (MCP: a string or a number, never null).
    QJsonValue wrongId()
    {
        const QJsonValue v = wrongValue();
        return v.isDouble() ? QJsonValue(false) : v;
    }
    /// params that JSON-RPC refuses: anything but an object (an object is a valid params).
    QJsonValue notAnObject()
    {
        const QJsonValue v = wrongValue();
        return v.isObject() ? QJsonValue(QJsonArray{}) : v;
    }
    QJsonValue wrongValue()
    {
        switch (pick(5)) {
        case 0: return 42.5;
        case 1: return true;
        case 2: return QJsonArray{1, 2};
        case 3: return QJsonObject{{QStringLiteral("x"), 1}};
        default: return QJsonValue::Null;
        }
    }
    /// Arguments no tool accepts: a required one of the wrong type, or an unknown one.
    QJsonObject wrongArguments()
    {
        if (pick(2) == 0)
            return {{QStringLiteral("unknown_") + randomWord(), 1}};
        return {{QStringLiteral("content"), wrongValue()}, {QStringLiteral("query"), wrongValue()},
                {QStringLiteral("id"), wrongValue()}, {QStringLiteral("limit"), wrongValue()}};
    }
    QJsonObject randomParams()
    {
        switch (pick(3)) {
        case 0: return {{QStringLiteral("name"), wrongValue()}};
        case 1: return {{QStringLiteral("name"), tool()}, {QStringLiteral("arguments"), QJsonArray{1}}};
        default: return {{QStringLiteral("arguments"), QJsonObject{}}};
        }
    }
    QByteArray cutOff(int id)
    {
        const QString name = tool(); // drawn first, whatever the compiler's argument order
        const QString word = randomWord();
        const QByteArray whole = toolCall(id, name, {{QStringLiteral("content"), word}});
        return whole.left(1 + pick(int(whole.size()) - 1)); // never the closing brace
    }
    QByteArray randomBytes()
    {
        QByteArray bytes("#"); // never valid JSON, never blank
        const int length = pick(200);
        for (int i = 0; i < length; ++i) {
            char c = char(pick(256));
            bytes += c == '\n' ? '\0' : c;
        }
        return bytes;
    }
    QByteArray notARequestObject(int id)
    {
        switch (pick(5)) {
        case 0: return QByteArray::number(id);
        case 1: return "\"" + randomWord().toUtf8() + "\"";
        case 2: return "[" + request(id, QStringLiteral("ping"), {}) + "]";
        case 3: return "[]";
        default: return compact({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), wrongId()},
                                 {QStringLiteral("method"), QStringLiteral("ping")}});
        }
    }
    QByteArray badEnvelope(int id)
    {
        switch (pick(5)) {
        case 0: return compact({{QStringLiteral("jsonrpc"), QStringLiteral("1.0")}, {QStringLiteral("id"), id}, {QStringLiteral("method"), QStringLiteral("ping")}});
        case 1: return compact({{QStringLiteral("id"), id}, {QStringLiteral("method"), QStringLiteral("ping")}});
        case 2: return compact({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id}, {QStringLiteral("method"), wrongValue()}});
        case 3: return compact({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id}});
        default: return compact({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                                 {QStringLiteral("method"), QStringLiteral("tools/list")}, {QStringLiteral("params"), notAnObject()}});
        }
    }

    std::mt19937 m_random;
};

} // namespace

class TestMcpFuzz : public QObject
{
    Q_OBJECT

private slots:
    void everyMalformedMessageIsAnswered()
    {
        test::TempStore store;
        const test::StoreFingerprint before = test::fingerprint(*store);
        McpProcess mcp(store.path());
        QVERIFY(mcp.started());
        mcp.initialize();
        Generator generator(20261124);
        for (int n = 0; n < 1000; ++n) {
            const Malformed message = generator.next(n);
            mcp.send(message.line);
            const QByteArray line = mcp.readLine();
            const QByteArray shown = message.line.left(120).toPercentEncoding(" {}[]\":,_/");
            QVERIFY2(!line.isEmpty(), qPrintable(QStringLiteral("no answer to #%1: %2").arg(n).arg(QString::fromLatin1(shown))));
            const QJsonObject answer = QJsonDocument::fromJson(line).object();
            QCOMPARE(answer.value(QStringLiteral("jsonrpc")).toString(), QStringLiteral("2.0"));
            QCOMPARE(answer.value(QStringLiteral("id")), message.id);
            const bool rpcError = answer.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt() < 0;
            const bool toolError = answer[QStringLiteral("result")][QStringLiteral("isError")].toBool();
            QVERIFY2(rpcError != toolError, qPrintable(QStringLiteral("#%1: %2 → %3").arg(n).arg(QString::fromLatin1(shown),
                                                                                                QString::fromUtf8(line))));
        }
        const QJsonObject pong = mcp.request(QStringLiteral("ping"));
        QVERIFY(pong.contains(QStringLiteral("result")));
        QByteArray rest;
        QCOMPARE(mcp.finish(&rest), 0);
        QCOMPARE(rest, QByteArray());
        QVERIFY(test::fingerprint(*store) == before);
    }
};

QTEST_GUILESS_MAIN(TestMcpFuzz)
#include "tst_mcp_fuzz.moc"
