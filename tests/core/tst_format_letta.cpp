// Letta Agent File (.af) through the format adapter (docs/formats.md, "Letta Agent File"): both
// published samples (the old core_memory[] schema and the 2025 AgentFileSchema) import with
// both blocks of the agent and the replace call in the old one's history; a block shared by
// two agents is one memory; an edit past a block's limit is refused; an export writes the
// edited text back into the same file and leaves every other byte as it was; bad files give
// one line and leave the store unchanged.
#include "CliProcess.h"
#include "FormatImport.h"
#include "StoreFingerprint.h"
#include "TempStore.h"
#include "TestFiles.h"

#include "engine/decisions/Decisions.h"
#include "io/Exporter.h"
#include "formats/JsonScan.h"
#include "formats/LettaAdapter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;
using test::writeAll;

namespace {

QString data(const QString &name)
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/letta/") + name;
}

const QString kOld = QStringLiteral("letta_af_v0.6.47_memgpt_agent_with_convo.af");
const QString kNew = QStringLiteral("letta_af_schema2025_memgpt_agent_with_convo.af");

const Memory *byCategory(const std::vector<Memory> &memories, const QString &category)
{
    for (const Memory &m : memories) {
        if (m.category == category)
            return &m;
    }
    return nullptr;
}

} // namespace

class TestFormatLetta : public QObject
{
    Q_OBJECT

private slots:
    void bothSamplesImportBothBlocks_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("limit");
        QTest::newRow("v0.6.47 core_memory[]") << kOld << 5000;
        QTest::newRow("2025 AgentFileSchema") << kNew << 20000;
    }
    void bothSamplesImportBothBlocks()
    {
        QFETCH(QString, file);
        QFETCH(int, limit);
        test::TempStore store;
        auto outcome = test::importAnyFormat(*store, data(file));
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(outcome->report.added, 2);
        auto all = store->memories().all();
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(2));
        for (const QString &label : { QStringLiteral("persona"), QStringLiteral("human") }) {
            const Memory *m = byCategory(*all, label);
            QVERIFY2(m, qPrintable(label));
            QCOMPARE(m->projectPath, QStringLiteral("memgpt_agent"));
            QVERIFY(m->keywords.contains(label));
            QCOMPARE(m->extra.value(QStringLiteral("contentLimit")).toInt(), limit);
            QCOMPARE(m->extra.value(QStringLiteral("letta")).toObject().value(QStringLiteral("label")).toString(), label);
            QVERIFY(!m->permanent);
        }
        // The old sample's last replace call left "Sam"; the 2025 one was exported before any.
        QVERIFY(byCategory(*all, QStringLiteral("human"))->content.contains(
            file == kOld ? QStringLiteral("First name: Sam") : QStringLiteral("First name: Chad")));
    }

    // The old sample's messages hold three core_memory_replace and two core_memory_append
    // calls: each is an edit event at its message's time, the text before and after replayed.
    void replaceCallIsInTheHumanBlocksHistory()
    {
        test::TempStore store;
        auto outcome = test::importAnyFormat(*store, data(kOld));
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        auto all = store->memories().all();
        QVERIFY(all);
        const Memory *human = byCategory(*all, QStringLiteral("human"));
        QVERIFY(human);
        auto history = store->events().forMemory(human->id);
        QVERIFY(history);
        std::vector<Event> edits;
        for (const Event &e : *history) {
            if (e.kind == events::kEdit)
                edits.push_back(e);
        }
        QCOMPARE(edits.size(), std::size_t(4)); // two replaces and two appends on "human"
        const Event &first = edits.front();
        QCOMPARE(first.actor, QStringLiteral("assistant"));
        QCOMPARE(first.at, *time::fromIso(QStringLiteral("2025-04-01T03:51:11.615Z")));
        const QJsonObject letta = first.payload.value(QStringLiteral("letta")).toObject();
        QCOMPARE(letta.value(QStringLiteral("tool")).toString(), QStringLiteral("core_memory_replace"));
        QCOMPARE(letta.value(QStringLiteral("arguments")).toObject().value(QStringLiteral("old_content")).toString(),
                 QStringLiteral("First name: Chad"));
        const QString before = first.payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("content")).toString();
        const QString after = first.payload.value(QStringLiteral("after")).toObject().value(QStringLiteral("content")).toString();
        QVERIFY2(before.contains(QStringLiteral("First name: Chad")), qPrintable(before));
        QVERIFY(after.contains(QStringLiteral("First name: Sarah")));
        QVERIFY(!after.contains(QStringLiteral("Favorite ice cream"))); // appended later
        // The last edit's "after" is the block's value in the file.
        QCOMPARE(edits.back().payload.value(QStringLiteral("after")).toObject().value(QStringLiteral("content")).toString(),
                 human->content);
        // Importing again adds nothing: the same ids, the same events.
        auto again = test::importAnyFormat(*store, data(kOld));
        QVERIFY(again);
        QCOMPARE(again->report.added, 0);
        QCOMPARE(again->report.events, 0);
    }

    // The same agent in both schemas is the same two memories.
    void bothSchemasGiveTheSameIds()
    {
        auto a = test::readAnyFormat(data(kOld));
        auto b = test::readAnyFormat(data(kNew));
        QVERIFY(a && b);
        QStringList idsA, idsB;
        for (const Memory &m : a->memories)
            idsA << m.id;
        for (const Memory &m : b->memories)
            idsB << m.id;
        idsA.sort();
        idsB.sort();
        QCOMPARE(idsA, idsB);
    }

    void mappingReportNamesEveryField()
    {
        auto set = test::readAnyFormat(data(kNew));
        QVERIFY(set);
        QCOMPARE(set->mapping.format, QStringLiteral("letta"));
        const QString lines = set->mapping.lines().join(QLatin1Char('\n'));
        QVERIFY2(lines.contains(QStringLiteral("blocks[].value → content (2)")), qPrintable(lines));
        QVERIFY(lines.contains(QStringLiteral("blocks[].label → category, keywords (2)")));
        QVERIFY(lines.contains(QStringLiteral("blocks[].read_only → permanent (2)")));
        QVERIFY(lines.contains(QStringLiteral("blocks[].description: no place; kept in extra.letta.block (2)")));
        QVERIFY(lines.contains(QStringLiteral("tools: no place")));
    }

    // Shared block: one memory, project = the first agent, the other agent kept; read_only
    // → permanent; the append call in the AgentFileSchema's messages is an edit event.
    void sharedBlockIsOneMemory()
    {
        auto set = test::readAnyFormat(data(QStringLiteral("letta-shared.af")));
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QCOMPARE(set->memories.size(), std::size_t(3));
        const Memory *hiker = byCategory(set->memories, QStringLiteral("hiker"));
        QVERIFY(hiker);
        QCOMPARE(hiker->projectPath, QStringLiteral("trail_planner"));
        QCOMPARE(hiker->extra.value(QStringLiteral("letta")).toObject().value(QStringLiteral("agents")).toArray(),
                 QJsonArray({ QStringLiteral("trail_planner"), QStringLiteral("gear_keeper") }));
        const Memory *rules = byCategory(set->memories, QStringLiteral("safety_rules"));
        QVERIFY(rules);
        QVERIFY(rules->permanent);
        QCOMPARE(rules->projectPath, QStringLiteral("gear_keeper"));
        QCOMPARE(set->events.size(), std::size_t(1));
        QCOMPARE(set->events[0].memoryId, hiker->id);
        QCOMPARE(set->events[0].at, *time::fromIso(QStringLiteral("2026-03-02T08:15:00.250Z")));
        QCOMPARE(set->events[0].payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("content")).toString(),
                 QStringLiteral("Walks with a dog called Pebble."));
    }

    void editPastTheLimitIsRefused()
    {
        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, data(QStringLiteral("letta-shared.af"))));
        auto all = store->memories().all();
        QVERIFY(all);
        const Memory rules = *byCategory(*all, QStringLiteral("safety_rules")); // limit 80
        const auto before = test::fingerprint(*store);
        MemoryEdit edit;
        edit.content = QString(81, QLatin1Char('x'));
        const Config config = Config::defaults();
        auto refused = Decisions(*store, config).edit(rules.id, edit);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, Error::Code::Validation);
        QVERIFY2(refused.error().message.contains(QStringLiteral("81 characters, longer than this memory's limit of 80")),
                 qPrintable(refused.error().message));
        QCOMPARE(test::fingerprint(*store), before);
        edit.content = QString(80, QLatin1Char('y')); // exactly the limit fits
        QVERIFY(Decisions(*store, config).edit(rules.id, edit));
    }

    // Export puts the edited text back: the bytes before and after the block's value are the
    // original file's; reading the file again gives the edited text.
    void exportWritesTheEditBackByteForByte_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("v0.6.47") << kOld;
        QTest::newRow("2025") << kNew;
    }
    void exportWritesTheEditBackByteForByte()
    {
        QFETCH(QString, file);
        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, data(file)));
        auto all = store->memories().all();
        QVERIFY(all);
        const Memory human = *byCategory(*all, QStringLiteral("human"));
        MemoryEdit edit;
        const QString edited = human.content + QStringLiteral("\nLikes \"quoted\" words, tabs\tand café.");
        edit.content = edited;
        const Config config = Config::defaults();
        QVERIFY(Decisions(*store, config).edit(human.id, edit));

        const QString target = store.dir() + QStringLiteral("/agent.af");
        const QByteArray original = readAll(data(file));
        QVERIFY(writeAll(target, original));
        auto set = io::Exporter(*store).collect(io::ExportOptions {});
        QVERIFY(set);
        auto written = io::formats::LettaAdapter().write(target, *set);
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        QCOMPARE(written->memories, 1); // persona is unchanged: left alone
        const QByteArray out = readAll(target);

        // Everything but the human block's value literal is byte-identical: the bytes that
        // differ lie inside that literal's span in the original.
        const QByteArray key = file == kOld ? QByteArray("core_memory") : QByteArray("blocks");
        const auto spans = io::formats::JsonScan(original).memberSpans(key, "value");
        const int index = human.extra.value(QStringLiteral("letta")).toObject().value(QStringLiteral("index")).toInt();
        QVERIFY(std::size_t(index) < spans.size() && spans[std::size_t(index)].isValid());
        const auto span = spans[std::size_t(index)];
        qsizetype prefix = 0;
        while (prefix < out.size() && prefix < original.size() && out[prefix] == original[prefix])
            ++prefix;
        qsizetype suffix = 0;
        while (suffix < out.size() - prefix && suffix < original.size() - prefix
               && out[out.size() - 1 - suffix] == original[original.size() - 1 - suffix])
            ++suffix;
        QVERIFY(prefix > span.begin);
        QVERIFY(original.size() - suffix < span.end);
        QCOMPARE(out.left(span.begin), original.left(span.begin));
        QCOMPARE(out.right(original.size() - span.end), original.right(original.size() - span.end));
        QVERIFY(!QJsonDocument::fromJson(out).isNull());
        // Read back: the human block holds the edited text, persona its old one.
        auto reread = test::readAnyFormat(target);
        QVERIFY(reread);
        QCOMPARE(byCategory(reread->memories, QStringLiteral("human"))->content, edited);
        QCOMPARE(byCategory(reread->memories, QStringLiteral("persona"))->content,
                 byCategory(*all, QStringLiteral("persona"))->content);
        // A second export with nothing changed leaves the file's bytes alone.
        auto again = io::formats::LettaAdapter().write(target, *set);
        QVERIFY(again);
        QCOMPARE(again->memories, 0);
        QCOMPARE(readAll(target), out);
    }

    void exportRefusesATextPastTheLimit()
    {
        auto set = test::readAnyFormat(data(QStringLiteral("letta-shared.af")));
        QVERIFY(set);
        for (Memory &m : set->memories) {
            if (m.category == QLatin1String("persona"))
                m.content = QString(101, QLatin1Char('z')); // limit 100
        }
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("shared.af"));
        const QByteArray original = readAll(data(QStringLiteral("letta-shared.af")));
        QVERIFY(writeAll(target, original));
        auto written = io::formats::LettaAdapter().write(target, *set);
        QVERIFY(!written);
        QVERIFY2(written.error().message.contains(QStringLiteral("blocks[1] (label \"persona\")"))
                     && written.error().message.contains(QStringLiteral("limit of 100")),
                 qPrintable(written.error().message));
        QCOMPARE(readAll(target), original);
    }

    // The command line: --dry-run --json prints the mapping; export --format letta writes back.
    void commandLineImportAndExport()
    {
        test::TempStore store;
        store.close();
        auto dry = test::runRecollectorCli(store.path(), { QStringLiteral("--json"), QStringLiteral("import"), data(kOld),
                                                       QStringLiteral("--dry-run") });
        QCOMPARE(dry.code, 0);
        const QJsonObject plan = QJsonDocument::fromJson(dry.out).object();
        QCOMPARE(plan.value(QStringLiteral("added")).toInt(), 2);
        QCOMPARE(plan.value(QStringLiteral("mapping")).toObject().value(QStringLiteral("format")).toString(),
                 QStringLiteral("letta"));
        QVERIFY(!plan.value(QStringLiteral("mapping")).toObject().value(QStringLiteral("unplaced")).toArray().isEmpty());

        QCOMPARE(test::runRecollectorCli(store.path(), { QStringLiteral("import"), data(kOld) }).code, 0);
        const QString target = store.dir() + QStringLiteral("/copy.af");
        QVERIFY(writeAll(target, readAll(data(kOld))));
        auto exported = test::runRecollectorCli(store.path(), { QStringLiteral("export"), target, QStringLiteral("--format"),
                                                            QStringLiteral("letta") });
        QCOMPARE(exported.code, 0);
        QCOMPARE(readAll(target), readAll(data(kOld))); // nothing edited: not one byte changed
    }

    void badFilesGiveOneLineAndChangeNothing_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        const QByteArray shared = readAll(data(QStringLiteral("letta-shared.af")));
        QTest::newRow("truncated") << shared.left(shared.size() / 2) << QStringLiteral("truncated");
        QTest::newRow("double-encoded") << QJsonDocument(QJsonArray { QString::fromUtf8(shared) })
                                               .toJson(QJsonDocument::Compact).mid(1).chopped(1)
                                        << QStringLiteral("double-encoded");
        QByteArray wrongLimit = shared;
        wrongLimit.replace("\"limit\": 100", "\"limit\": \"a hundred\"");
        QTest::newRow("limit is text") << wrongLimit << QStringLiteral("blocks[1]: field \"limit\"");
        QByteArray missingBlock = shared;
        missingBlock.replace("[\"block-0\", \"block-2\"]", "[\"block-0\", \"block-9\"]");
        QTest::newRow("unknown block id") << missingBlock << QStringLiteral("agents[1]: field \"block_ids\"");
        QByteArray labelNumber = shared;
        labelNumber.replace("\"label\": \"hiker\"", "\"label\": [\"hiker\"]");
        QTest::newRow("label is a list") << labelNumber << QStringLiteral("blocks[0]");
    }
    void badFilesGiveOneLineAndChangeNothing()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        test::TempStore store;
        QVERIFY(test::importAnyFormat(*store, data(kOld)));
        const auto before = test::fingerprint(*store);
        store.close();
        const QString path = store.dir() + QStringLiteral("/bad.af");
        QVERIFY(writeAll(path, bytes));
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("import"), path });
        QCOMPARE(run.code, 1);
        const QString err = QString::fromUtf8(run.err).trimmed();
        QVERIFY2(err.contains(expected, Qt::CaseInsensitive) && err.contains(QStringLiteral("bad.af")), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        store.reopen();
        QCOMPARE(test::fingerprint(*store), before);
    }

    // A file no adapter recognises: the line names every format Recollector knows.
    void unknownFileNamesTheKnownFormats()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("other.json"));
        QVERIFY(writeAll(path, "{\"notes\": [1, 2, 3]}"));
        auto set = test::readAnyFormat(path);
        QVERIFY(!set);
        const QString message = set.error().message;
        for (const auto &adapter : io::formats::FormatRegistry::instance().adapters())
            QVERIFY2(message.contains(adapter->title()), qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("other.json")));
        QVERIFY(!message.contains(QLatin1Char('\n')));
    }
};

QTEST_GUILESS_MAIN(TestFormatLetta)
#include "tst_format_letta.moc"
