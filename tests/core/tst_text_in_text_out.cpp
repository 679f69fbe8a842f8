// Text in = text out (docs/formats.md, "Text in, text out"), through the real recollector-cli:
// - a NUL character is refused with one message ("holds a NUL character (U+0000)"), naming the
//   field, on every path that can carry one (an import of a JSON set, a YAML set and another
//   program's JSON, MCP remember, an attached folder's file), and the store is unchanged;
// - a lone surrogate escape (`\ud800`) becomes U+FFFD, the same over MCP as on import (over
//   MCP it was paired with the next character: U+10020);
// - a single 60,000-character word can be added (the links of a new memory were looked up
//   with a LIKE pattern made from it, over SQLite's pattern limit).
#include "CliProcess.h"
#include "McpProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray set(const QByteArray &content)
{
    return R"({"format": "recollector-memory-set", "version": 1, "memories": [{"id": "mem_text1", "content": ")" + content
        + R"(", "category": "fact", "keywords": ["text"], "createdAt": "2025-01-01T00:00:00Z"}]})";
}

} // namespace

class TestTextInTextOut : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_store;
    int m_n = 0;

    test::CliRun cli(const QStringList &args) const { return test::runRecollectorCli(m_store, args); }
    int count() const
    {
        const test::CliRun r = cli({QStringLiteral("--json"), QStringLiteral("stats")});
        return r.json().object().value(QStringLiteral("memories")).toInt(-1);
    }
    QString contentOf(const QString &id) const
    {
        const test::CliRun r = cli({QStringLiteral("--json"), QStringLiteral("show"), id});
        return r.json().object().value(QStringLiteral("content")).toString();
    }
    QString file(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_tmp.filePath(QStringLiteral("%1-%2").arg(++m_n).arg(name));
        writeFile(path, bytes);
        return path;
    }

private slots:
    void init()
    {
        m_store = m_tmp.filePath(QStringLiteral("s%1.recollector").arg(++m_n));
        QCOMPARE(cli({QStringLiteral("add"), QStringLiteral("--content"), QStringLiteral("Likes green tea")}).code, 0);
    }

    void nulIsRefusedOnEveryPath_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("json set") << "set.json" << set(R"(before\u0000after)");
        QTest::newRow("yaml set") << "set.yaml"
                                  << QByteArray("format: recollector-memory-set\nversion: 1\nmemories:\n  - id: mem_text1\n    content: \"before\\0after\"\n"
                                                "    category: fact\n    createdAt: 2025-01-01T00:00:00Z\n");
        QTest::newRow("mcp-memory") << "graph.jsonl"
                                    << QByteArray(R"({"type":"entity","name":"Tea","entityType":"topic","observations":["before\u0000after"]})"
                                                  "\n");
        QFile service(QStringLiteral(RECOLLECTOR_TEST_DATA "/formats/mcp-memory-service.json"));
        QVERIFY(service.open(QIODevice::ReadOnly));
        QByteArray bytes = service.readAll();
        QVERIFY(bytes.contains("\"The staging database is reset every Sunday night\""));
        bytes.replace("\"The staging database is reset every Sunday night\"", R"("before\u0000after")");
        QTest::newRow("mcp-memory-service") << "service.json" << bytes;
    }

    void nulIsRefusedOnEveryPath()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, bytes);
        const QString path = file(name, bytes);
        const test::CliRun r = cli({QStringLiteral("import"), path});
        // Recollector's sets refuse the file; another program's file skips the entry, saying why.
        QVERIFY2((r.err + r.out).contains("holds a NUL character (U+0000)"), (r.err + r.out).constData());
        QVERIFY(name.startsWith(QLatin1String("set.")) ? r.code != 0 : true);
        QCOMPARE(count(), 1); // nothing stored
    }

    void nulIsRefusedOverMcp()
    {
        test::McpProcess mcp(m_store);
        QVERIFY(mcp.started());
        mcp.initialize();
        mcp.send(R"({"jsonrpc":"2.0","id":50,"method":"tools/call","params":{"name":"remember","arguments":{"content":"before\u0000after"}}})");
        const QJsonObject answer = mcp.readMessage();
        const QJsonObject result = answer.value(QStringLiteral("result")).toObject();
        QVERIFY2(result.value(QStringLiteral("isError")).toBool(), QJsonDocument(answer).toJson().constData());
        QVERIFY(QJsonDocument(result).toJson().contains("holds a NUL character (U+0000)"));
        QCOMPARE(mcp.finish(), 0);
        QCOMPARE(count(), 1);
    }

    void nulInAnAttachedFileIsAProblemNotAMemory()
    {
        const QString folder = m_tmp.filePath(QStringLiteral("hub%1/memory").arg(++m_n));
        QVERIFY(QDir().mkpath(folder));
        writeFile(QDir(folder).filePath(QStringLiteral("1a2b0001.json")),
                  R"({"id": "1a2b0001", "content": "before\u0000after", "category": "fact", "createdAt": "2025-01-01T00:00:00Z"})");
        const test::CliRun r = test::runCli({QStringLiteral("--attach"), folder, QStringLiteral("--json"), QStringLiteral("stats")},
                                            {{QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("data%1").arg(m_n))}});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("1a2b0001.json") && r.err.contains("holds a NUL character (U+0000)"), r.err.constData());
        QCOMPARE(r.json().object().value(QStringLiteral("memories")).toInt(), 0);
    }

    void aLoneSurrogateIsTheSameEverywhere()
    {
        const QString expected = QStringLiteral("a") + QChar(QChar::ReplacementCharacter) + QStringLiteral(" b");
        const test::CliRun imported = cli({QStringLiteral("import"), file(QStringLiteral("s.json"), set(R"(a\ud800 b)"))});
        QVERIFY2(imported.code == 0, imported.err.constData());
        QCOMPARE(contentOf(QStringLiteral("mem_text1")), expected);

        test::McpProcess mcp(m_store);
        QVERIFY(mcp.started());
        mcp.initialize();
        mcp.send(R"({"jsonrpc":"2.0","id":51,"method":"tools/call","params":{"name":"remember","arguments":{"content":"zz\ud800 qq"}}})");
        const QJsonObject result = mcp.readMessage().value(QStringLiteral("result")).toObject();
        QVERIFY(!result.value(QStringLiteral("isError")).toBool());
        const QString id = test::structuredOf(result).value(QStringLiteral("id")).toString();
        QVERIFY(!id.isEmpty());
        QCOMPARE(mcp.finish(), 0);
        QCOMPARE(contentOf(id), QStringLiteral("zz") + QChar(QChar::ReplacementCharacter) + QStringLiteral(" qq"));
    }

    void aSixtyThousandCharacterWordCanBeAdded()
    {
        const QString word(60000, QLatin1Char('q'));
        // A memory that shares the word as a keyword, so the lookup has a row to match.
        const test::CliRun first = cli({QStringLiteral("--json"), QStringLiteral("add"), QStringLiteral("--content"), word});
        QVERIFY2(first.code == 0, first.err.left(300).constData());
        const test::CliRun second = cli({QStringLiteral("--json"), QStringLiteral("add"), QStringLiteral("--content"),
                                         word + QStringLiteral(" again")});
        QVERIFY2(second.code == 0, second.err.left(300).constData());
        const QString id = second.json().object().value(QStringLiteral("id")).toString();
        QCOMPARE(contentOf(id), word + QStringLiteral(" again"));
    }
};

QTEST_GUILESS_MAIN(TestTextInTextOut)
#include "tst_text_in_text_out.moc"
