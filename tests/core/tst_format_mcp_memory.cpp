// The MCP reference memory server's JSONL through the format adapter (docs/formats.md, "MCP
// memory server"): one memory per observation with the entity as keyword and subject,
// relations as manual links with their type kept, an export that writes the same lines back
// (byte for byte, as the server's JSON.stringify writes them), edits that survive a round
// trip, and bad lines that give one message and change nothing.
#include "CliProcess.h"
#include "FormatImport.h"
#include "StoreFingerprint.h"
#include "TempStore.h"
#include "TestFiles.h"

#include "engine/decisions/Decisions.h"
#include "io/Exporter.h"
#include "formats/McpMemoryAdapter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;
using test::writeAll;
using test::byContent;

namespace {

QString fixture()
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/formats/mcp-memory.jsonl");
}

} // namespace

class TestFormatMcpMemory : public QObject
{
    Q_OBJECT

private slots:
    void importsOneMemoryPerObservation()
    {
        test::TempStore store;
        auto outcome = test::importAnyFormat(*store, fixture());
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        auto all = store->memories().all();
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(6)); // 3 + 2 observations, and Lagos with none
        const Memory *prefers = byContent(*all, QStringLiteral("Prefers \"small\" pull requests"));
        QVERIFY(prefers);
        QCOMPARE(prefers->category, QStringLiteral("person"));
        QVERIFY(prefers->keywords.contains(QStringLiteral("mira_okafor")));
        QCOMPARE(prefers->extra.value(QStringLiteral("mcp")).toObject().value(QStringLiteral("entity")).toString(),
                 QStringLiteral("Mira_Okafor"));
        const Memory *lagos = byContent(*all, QStringLiteral("Lagos"));
        QVERIFY(lagos);
        QVERIFY(lagos->extra.value(QStringLiteral("mcp")).toObject().value(QStringLiteral("placeholder")).toBool());

        // Relations: manual links between the entities' first memories (two relations join
        // Mira and billing-service: one link), the types kept on the from-entity.
        const Memory *maintains = byContent(*all, QStringLiteral("Maintains the billing service"));
        const Memory *go = byContent(*all, QStringLiteral("Written in Go"));
        QVERIFY(maintains && go);
        auto links = store->associations().of(maintains->id);
        QVERIFY(links);
        int manual = 0;
        for (const Association &a : *links) {
            if (a.type == QLatin1String("manual")) {
                ++manual;
                QVERIFY(a.other(maintains->id) == go->id || a.other(maintains->id) == lagos->id);
            }
        }
        QCOMPARE(manual, 2);
        const QJsonArray relations
            = maintains->extra.value(QStringLiteral("mcp")).toObject().value(QStringLiteral("relations")).toArray();
        QCOMPARE(relations.size(), 2);
        QCOMPARE(relations[0].toObject().value(QStringLiteral("relationType")).toString(), QStringLiteral("maintains"));
    }

    void mappingReport()
    {
        auto set = test::readAnyFormat(fixture());
        QVERIFY(set);
        QCOMPARE(set->mapping.format, QStringLiteral("mcp-memory"));
        const QString lines = set->mapping.lines().join(QLatin1Char('\n'));
        QVERIFY2(lines.contains(QStringLiteral("entity observations[] → content (one memory each) (5)")), qPrintable(lines));
        QVERIFY(lines.contains(QStringLiteral("relation from, to → manual link (3)")));
        QVERIFY(lines.contains(QStringLiteral("relation relationType → extra.mcp.relations (3)")));
        QVERIFY(lines.contains(QStringLiteral("entity without observations: no place")));
    }

    // import → export gives the very same lines; an edit and a new memory come out too, and
    // reading that file again loses nothing.
    void roundTrip()
    {
        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, fixture()));
        const QString out = store.dir() + QStringLiteral("/out.jsonl");
        auto set = io::Exporter(*store).collect(io::ExportOptions {});
        QVERIFY(set);
        auto written = io::formats::McpMemoryAdapter().write(out, *set);
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        QCOMPARE(readAll(out), readAll(fixture()));

        auto all = store->memories().all();
        QVERIFY(all);
        const Memory *go = byContent(*all, QStringLiteral("Written in Go"));
        QVERIFY(go);
        MemoryEdit edit;
        edit.content = QStringLiteral("Written in Go 1.23");
        const Config config = Config::defaults();
        QVERIFY(Decisions(*store, config).edit(go->id, edit));
        auto edited = io::Exporter(*store).collect(io::ExportOptions {});
        QVERIFY(edited);
        QVERIFY(io::formats::McpMemoryAdapter().write(out, *edited));
        const QByteArray text = readAll(out);
        QVERIFY(text.contains("\"observations\":[\"Written in Go 1.23\",\"Deploys every Tuesday\"]"));
        auto reread = test::readAnyFormat(out);
        QVERIFY(reread);
        QCOMPARE(reread->memories.size(), std::size_t(6));
        QCOMPARE(reread->associations.size(), std::size_t(3));
        QVERIFY(byContent(reread->memories, QStringLiteral("Written in Go 1.23")));
    }

    // What the server itself does, kept: a relation to an entity it does not hold stays;
    // an observation the user negated is gone, and its correction is an observation of the
    // same entity; a new memory about someone the graph knows joins that entity.
    void theServersOwnRulesAreKept()
    {
        QTemporaryDir dir;
        const QString in = dir.filePath(QStringLiteral("memory.jsonl"));
        const QByteArray graph = readAll(fixture()) + "\n{\"type\":\"relation\",\"from\":\"Lagos\",\"to\":\"Ada\","
                                                      "\"relationType\":\"home_of\"}";
        writeAll(in, graph);
        auto set = test::readAnyFormat(in);
        QVERIFY(set);
        QVERIFY2(set->problems.isEmpty(), qPrintable(set->problems.join(QLatin1Char('\n'))));
        const QString out = dir.filePath(QStringLiteral("out.jsonl"));
        QVERIFY(io::formats::McpMemoryAdapter().write(out, *set));
        QCOMPARE(readAll(out), graph);

        Memory *go = nullptr;
        for (Memory &m : set->memories) {
            if (m.content == QLatin1String("Deploys every Tuesday"))
                go = &m;
        }
        QVERIFY(go);
        go->negated = true;
        Memory correction;
        correction.id = QStringLiteral("mem_fix");
        correction.content = QStringLiteral("Deploys every Thursday");
        correction.category = QStringLiteral("fact");
        correction.keywords = { QStringLiteral("deploys") };
        correction.supersedesId = go->id;
        Memory carol;
        carol.id = QStringLiteral("mem_new");
        carol.content = QStringLiteral("mira_okafor reviews on Fridays");
        carol.category = QStringLiteral("fact");
        carol.keywords = { QStringLiteral("reviews") };
        set->memories.push_back(correction);
        set->memories.push_back(carol);
        QVERIFY(io::formats::McpMemoryAdapter().write(out, *set));
        const QByteArray text = readAll(out);
        QVERIFY2(!text.contains("Deploys every Tuesday"), text.constData());
        QVERIFY2(text.contains("\"name\":\"billing-service\",\"entityType\":\"project\",\"observations\":"
                               "[\"Written in Go\",\"Deploys every Thursday\"]"),
                 text.constData());
        QVERIFY2(text.contains("\"Works from Lagos, café hours 9–17\",\"mira_okafor reviews on Fridays\"]"), text.constData());
        QVERIFY(!text.contains("\"name\":\"reviews\""));
        QVERIFY(!text.endsWith('\n'));
    }

    void commandLine()
    {
        test::TempStore store;
        store.close();
        auto dry = test::runRecollectorCli(store.path(), { QStringLiteral("--json"), QStringLiteral("import"), fixture(),
                                                       QStringLiteral("--dry-run") });
        QCOMPARE(dry.code, 0);
        const QJsonObject plan = QJsonDocument::fromJson(dry.out).object();
        QCOMPARE(plan.value(QStringLiteral("added")).toInt(), 6);
        QCOMPARE(plan.value(QStringLiteral("mapping")).toObject().value(QStringLiteral("format")).toString(),
                 QStringLiteral("mcp-memory"));
        QCOMPARE(test::runRecollectorCli(store.path(), { QStringLiteral("import"), fixture() }).code, 0);
        const QString out = store.dir() + QStringLiteral("/memory.jsonl");
        auto exported = test::runRecollectorCli(store.path(),
            { QStringLiteral("export"), out, QStringLiteral("--format"), QStringLiteral("mcp-memory") });
        QCOMPARE(exported.code, 0);
        QCOMPARE(readAll(out), readAll(fixture()));
    }

    void badLines_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        const QByteArray good = readAll(fixture());
        QTest::newRow("truncated") << good.left(good.size() - 30) << QStringLiteral("line 6: not a JSON object");
        QByteArray wrongType = good;
        wrongType.replace("\"observations\":[\"Written in Go\"", "\"observations\":[42");
        QTest::newRow("observation is a number") << wrongType << QStringLiteral("line 2: field \"observations\"");
        QByteArray noFrom = good;
        noFrom.replace("\"from\":\"Mira_Okafor\",\"to\":\"Lagos\"", "\"to\":\"Lagos\"");
        QTest::newRow("relation without from") << noFrom << QStringLiteral("line 5: field \"from\"");
        QTest::newRow("unknown type") << good + "\n{\"type\":\"edge\",\"a\":1}\n" << QStringLiteral("line 7: field \"type\"");
    }
    void badLines()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, fixture()));
        const auto before = test::fingerprint(*store);
        store.close();
        const QString path = store.dir() + QStringLiteral("/bad.jsonl");
        QVERIFY(writeAll(path, bytes));
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("import"), path });
        QCOMPARE(run.code, 1);
        const QString err = QString::fromUtf8(run.err).trimmed();
        QVERIFY2(err.contains(expected) && err.contains(QStringLiteral("bad.jsonl")), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        store.reopen();
        QCOMPARE(test::fingerprint(*store), before);
    }
};

QTEST_GUILESS_MAIN(TestFormatMcpMemory)
#include "tst_format_mcp_memory.moc"
