// Issue 14, rule 13 (docs/architecture.md, "What each decision writes"): a memory added by
// hand (MemoryCapture::add, the one operation behind the window's Memory → New… and
// `recollector-cli add`) is a `create` decision with the actor given, gets its links and its
// contradiction check in the same transaction, is refused with one message naming the field
// when the input is bad (nothing written), and is undone and redone exactly: the memory, its
// links, the conflict it raised and the confidence that conflict took.
#include "CaptureTestKit.h"
#include "EngineStore.h"

#include "engine/capture/KeywordExtractor.h"
#include "engine/capture/MemoryCapture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::captureMemory;
using test::kCaptureBase;
using test::linksOf;

class TestRule13AddMemory : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private:
    static constexpr Millis kAt = kCaptureBase + 2 * kMsPerDay;

    // "a": coffee, project /p (will contradict); "c": an unrelated memory in project /p.
    static void plant(Store &store)
    {
        QVERIFY(store.memories().insert(captureMemory(QStringLiteral("a"), QStringLiteral("User likes coffee"), 0,
                                                      {QStringLiteral("coffee"), QStringLiteral("drinks")},
                                                      QStringLiteral("/p")))
                    .ok());
        QVERIFY(store.memories().insert(captureMemory(QStringLiteral("c"), QStringLiteral("The build uses ninja"), -40,
                                                      {QStringLiteral("ninja")}, QStringLiteral("/p")))
                    .ok());
    }

private slots:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void addWritesTheDecisionLinksAndConflictInOneGo()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        const Config config = Config::defaults();
        MemoryCapture capture(*store, config);
        NewMemory input;
        input.content = QStringLiteral("User does not like coffee");
        input.keywords = QStringList{QStringLiteral("Coffee"), QStringLiteral("drinks")};
        input.category = QStringLiteral("preference");
        input.projectPath = QStringLiteral(" /p ");
        input.importance = 2.5;
        auto added = capture.add(input, kAt);
        QVERIFY2(added.ok(), added ? "" : qPrintable(added.error().message));
        const Memory &m = added->memory;
        QCOMPARE(m.content, input.content);
        QCOMPARE(m.keywords, (QStringList{QStringLiteral("coffee"), QStringLiteral("drinks")}));
        QCOMPARE(m.category, QStringLiteral("preference"));
        QCOMPARE(m.projectPath, QStringLiteral("/p"));
        QCOMPARE(m.importance, 2.5);
        QCOMPARE(m.createdAt, kAt);
        QCOMPARE(m.stability, config.decay.manualStability); // the user said it: a manual source

        // The decision: one `create` event by the user.
        const auto history = store->events().forMemory(m.id);
        QVERIFY(history.ok());
        QCOMPARE(history->front().kind, events::kCreate);
        QCOMPARE(history->front().actor, QStringLiteral("user"));

        // Links at once: keyword Jaccard 1.0 with "a" (stronger than co-project), co-project with "c".
        QCOMPARE(linksOf(*store, m.id), (QSet<QString>{QStringLiteral("a:keyword"), QStringLiteral("c:co-project")}));
        QCOMPARE(added->followUp.links, 2);

        // The contradiction check at once: an open direct contradiction, both confidences × 0.8.
        QCOMPARE(added->followUp.conflicts.size(), std::size_t(1));
        const Conflict conflict = added->followUp.conflicts.front();
        QCOMPARE(conflict.type, ConflictType::DirectContradiction);
        QVERIFY(conflict.isOpen());
        QCOMPARE(store->conflicts().countOpen().value(), qint64(1));
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8 * 0.8);
        QCOMPARE(added->outcomes.size(), std::size_t(2)); // the create decision, then the detection
    }

    void undoRemovesEverythingAndRedoPutsItBack()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        const Config config = Config::defaults();
        MemoryCapture capture(*store, config);
        NewMemory input;
        input.content = QStringLiteral("User does not like coffee");
        input.keywords = QStringList{QStringLiteral("coffee"), QStringLiteral("drinks")};
        input.projectPath = QStringLiteral("/p");
        auto added = capture.add(input, kAt);
        QVERIFY(added.ok());
        const QString id = added->memory.id;
        const QSet<QString> links = linksOf(*store, id);
        QCOMPARE(links.size(), 2);

        test::UndoableOutcomes command{added->outcomes};
        QVERIFY(command.undo(*store, config, kAt + 1000));
        QCOMPARE(store->memories().contains(id).value(), false);
        QVERIFY(linksOf(*store, QStringLiteral("a")).isEmpty());
        QVERIFY(linksOf(*store, QStringLiteral("c")).isEmpty());
        QCOMPARE(store->conflicts().list()->size(), std::size_t(0));
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8); // the penalty taken back

        QVERIFY(command.redo(*store, config, kAt + 2000));
        QCOMPARE(store->memories().contains(id).value(), true);
        QCOMPARE(linksOf(*store, id), links);
        QCOMPARE(store->conflicts().countOpen().value(), qint64(1));
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8 * 0.8);

        QVERIFY(command.undo(*store, config, kAt + 3000)); // and once more
        QCOMPARE(store->memories().contains(id).value(), false);
        QCOMPARE(store->conflicts().list()->size(), std::size_t(0));
    }

    void keywordsAreDerivedWhenNoneAreGiven()
    {
        test::EngineStore store(m_engines);
        MemoryCapture capture(*store, Config::defaults());
        NewMemory input;
        input.content = QStringLiteral("The user prefers vitest over jest for TypeScript projects, always.");
        auto added = capture.add(input, kAt);
        QVERIFY(added.ok());
        QCOMPARE(added->memory.keywords, (QStringList{QStringLiteral("vitest"), QStringLiteral("jest"), QStringLiteral("typescript"),
                                                      QStringLiteral("projects")}));
        QCOMPARE(added->memory.keywords, KeywordExtractor::extract(input.content));
        QCOMPARE(added->memory.category, QStringLiteral("fact"));
        QVERIFY(!KeywordExtractor::extract(QStringLiteral("用户喜欢喝咖啡")).isEmpty());
    }

    void theAssistantAddsWithTheConfiguredInitialStability()
    {
        test::EngineStore store(m_engines);
        Config config = Config::defaults();
        config.decay.initialStability = 30;
        MemoryCapture capture(*store, config);
        NewMemory input;
        input.content = QStringLiteral("The deploy script lives in tools/deploy.sh");
        input.actor = QStringLiteral("assistant");
        auto added = capture.add(input, kAt);
        QVERIFY(added.ok());
        QCOMPARE(added->memory.stability, 30.0);
        QCOMPARE(store->events().forMemory(added->memory.id)->front().actor, QStringLiteral("assistant"));
    }

    void badInputNamesTheFieldAndWritesNothing_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<double>("importance");
        QTest::addColumn<QString>("actor");
        QTest::addColumn<QString>("field");
        QTest::newRow("blank content") << QStringLiteral("   ") << 1.0 << QStringLiteral("user") << QStringLiteral("content");
        QTest::newRow("huge content") << QString(1024 * 1024 + 1, QLatin1Char('x')) << 1.0 << QStringLiteral("user")
                                      << QStringLiteral("content");
        QTest::newRow("importance") << QStringLiteral("ok") << -1.0 << QStringLiteral("user") << QStringLiteral("importance");
        QTest::newRow("actor") << QStringLiteral("ok") << 1.0 << QStringLiteral("system") << QStringLiteral("actor");
    }
    void badInputNamesTheFieldAndWritesNothing()
    {
        QFETCH(QString, content);
        QFETCH(double, importance);
        QFETCH(QString, actor);
        QFETCH(QString, field);
        test::EngineStore store(m_engines);
        plant(*store);
        MemoryCapture capture(*store, Config::defaults());
        NewMemory input;
        input.content = content;
        input.importance = importance;
        input.actor = actor;
        auto added = capture.add(input, kAt);
        QVERIFY(!added.ok());
        QCOMPARE(added.error().code, Error::Code::Validation);
        QVERIFY2(added.error().message.startsWith(QStringLiteral("add: ") + field), qPrintable(added.error().message));
        QCOMPARE(store->memories().count().value(), qint64(2));
        QCOMPARE(store->events().count().value(), qint64(0));
    }

    // The real recollector-cli on a store file: the id, the links and the conflict it prints, and
    // a refusal naming the field that changes nothing.
    void cliAddPrintsTheIdLinksAndConflicts()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        store.close();
        const auto run = test::runCli(store.path(), {QStringLiteral("--json"), QStringLiteral("add"),
                                                     QStringLiteral("--content"), QStringLiteral("User does not like coffee"),
                                                     QStringLiteral("--keywords"), QStringLiteral("coffee,drinks"),
                                                     QStringLiteral("--project"), QStringLiteral("/p"),
                                                     QStringLiteral("--importance"), QStringLiteral("2")});
        QVERIFY2(run.code == 0, run.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(run.out).object();
        const QString id = o.value(QStringLiteral("id")).toString();
        QVERIFY(id.startsWith(QStringLiteral("mem_")));
        QCOMPARE(o.value(QStringLiteral("links")).toArray().size(), 2);
        QCOMPARE(o.value(QStringLiteral("conflicts")).toArray().size(), 1);
        QCOMPARE(o.value(QStringLiteral("memory")).toObject().value(QStringLiteral("importance")).toDouble(), 2.0);

        const auto text = test::runCli(store.path(), {QStringLiteral("add"), QStringLiteral("--content"),
                                                      QStringLiteral("User likes coffee a lot"), QStringLiteral("--keywords"),
                                                      QStringLiteral("coffee")});
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY(text.out.contains("links: "));
        QVERIFY(text.out.contains("conflicts: "));

        const auto bad = test::runCli(store.path(), {QStringLiteral("add"), QStringLiteral("--content"), QStringLiteral("x"),
                                                     QStringLiteral("--importance"), QStringLiteral("-3")});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("importance"), bad.err.constData());
        const auto missing = test::runCli(store.path(), {QStringLiteral("add")});
        QCOMPARE(missing.code, 2);
        QVERIFY(missing.err.contains("--content"));

        store.reopen();
        QCOMPARE(store->memories().count().value(), qint64(4)); // a, c and the two added
        const auto help = test::runCli(store.path(), {QStringLiteral("--help")});
        QVERIFY(help.out.contains("add --content TEXT") || help.err.contains("add --content TEXT"));
    }
};

QTEST_GUILESS_MAIN(TestRule13AddMemory)
#include "tst_rule13_add_memory.moc"
