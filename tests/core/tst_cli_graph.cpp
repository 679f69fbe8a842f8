// recollector-cli's graph commands (docs/cli.md, "recollector-cli") on a real store:
// rebuild-associations, associations (tree), activate (the oracles), retrieve (paths, access
// recorded unless --preview), conflicts --detect and resolve, with the --json shapes exactly as
// docs/cli.md gives them.
#include "TempStore.h"
#include "scoring/ScoringProfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QProcess>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const QString kAt = QStringLiteral("2024-03-01T00:00:00Z");
constexpr Millis kNow = 1709251200000; // kAt

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
    QJsonValue json() const
    {
        const QJsonDocument doc = QJsonDocument::fromJson(out);
        return doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
    }
};

Memory mem(const QString &id, const QString &content, const QStringList &keywords, double daysAgo,
           const QString &project = {})
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("preference");
    m.keywords = keywords;
    m.confidence = 0.8;
    m.projectPath = project;
    m.stability = 24 * 30;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kNow - Millis(daysAgo * double(kMsPerDay));
    return m;
}

QStringList keysOf(const QJsonObject &o)
{
    QStringList k = o.keys();
    k.sort();
    return k;
}

} // namespace

class TestCliGraph : public QObject
{
    Q_OBJECT

private:
    Run cli(const QString &store, QStringList args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), QStringList{QStringLiteral("--store"), store, QStringLiteral("--at"), kAt} + args);
        Run r;
        if (!p.waitForFinished(60000)) {
            p.kill();
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

private slots:
    void rebuildAndTree()
    {
        test::TempStore store;
        for (const Memory &m : {mem(QStringLiteral("a"), QStringLiteral("Prefers vitest"), {QStringLiteral("typescript"), QStringLiteral("testing"), QStringLiteral("vitest")}, 60),
                                mem(QStringLiteral("b"), QStringLiteral("Uses jest in legacy"), {QStringLiteral("typescript"), QStringLiteral("testing"), QStringLiteral("jest")}, 50),
                                mem(QStringLiteral("c"), QStringLiteral("Jest config"), {QStringLiteral("jest"), QStringLiteral("config")}, 40),
                                mem(QStringLiteral("d"), QStringLiteral("Unrelated"), {QStringLiteral("gardening")}, 30)})
            QVERIFY(store->memories().insert(m).ok());
        store.close();

        const Run rebuilt = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("rebuild-associations")});
        QCOMPARE(rebuilt.code, 0);
        // a–b Jaccard 0.5, b–c 1/4 (below 0.3): one link.
        const QJsonObject expected{{QStringLiteral("associations"), 1}, {QStringLiteral("learned"), 0}};
        QCOMPARE(rebuilt.json().toObject(), expected);

        store.reopen();
        QVERIFY(store->associations().put({QStringLiteral("b"), QStringLiteral("c"), 0.6, QStringLiteral("manual"), 0}).ok());
        store.close();
        const Run tree = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("associations"), QStringLiteral("a")});
        QCOMPARE(tree.code, 0);
        const QJsonObject root = tree.json().toObject();
        QCOMPARE(keysOf(root), QStringList({QStringLiteral("id"), QStringLiteral("links")}));
        QCOMPARE(root.value(QStringLiteral("id")).toString(), QStringLiteral("a"));
        const QJsonObject b = root.value(QStringLiteral("links")).toArray().at(0).toObject();
        QCOMPARE(keysOf(b), QStringList({QStringLiteral("id"), QStringLiteral("links"), QStringLiteral("type"),
                                         QStringLiteral("weight")}));
        QCOMPARE(b.value(QStringLiteral("id")).toString(), QStringLiteral("b"));
        QCOMPARE(b.value(QStringLiteral("weight")).toDouble(), 0.5);
        QCOMPARE(b.value(QStringLiteral("type")).toString(), QStringLiteral("keyword"));
        const QJsonObject c = b.value(QStringLiteral("links")).toArray().at(0).toObject();
        QCOMPARE(c.value(QStringLiteral("id")).toString(), QStringLiteral("c"));
        QCOMPARE(c.value(QStringLiteral("type")).toString(), QStringLiteral("manual"));
        QCOMPARE(c.value(QStringLiteral("links")).toArray().size(), 0);
        // --depth 1 stops at b.
        const Run shallow = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("associations"), QStringLiteral("a"),
                                               QStringLiteral("--depth"), QStringLiteral("1")});
        QCOMPARE(shallow.json().toObject().value(QStringLiteral("links")).toArray().at(0).toObject()
                     .value(QStringLiteral("links")).toArray().size(),
                 0);
        // The text tree names the link and the memory.
        const Run text = cli(store.path(), {QStringLiteral("associations"), QStringLiteral("a")});
        QVERIFY(text.out.contains("0.50 keyword"));
        QVERIFY(text.out.contains("Jest config"));

        const Run missing = cli(store.path(), {QStringLiteral("associations"), QStringLiteral("nope")});
        QVERIFY(missing.code != 0);
        QCOMPARE(missing.err.count('\n'), 1);
    }

    void activateOracles_data()
    {
        QTest::addColumn<QString>("depth");
        QTest::addColumn<QString>("expected");
        QTest::newRow("depth 2") << "2" << R"([{"activation":0.4,"depth":1,"id":"b","path":["a"]},)"
                                           R"({"activation":0.2,"depth":2,"id":"c","path":["a","b"]}])";
        QTest::newRow("depth 1") << "1" << R"([{"activation":0.4,"depth":1,"id":"b","path":["a"]}])";
    }

    void activateOracles()
    {
        QFETCH(QString, depth);
        QFETCH(QString, expected);
        test::TempStore store;
        for (const char *id : {"a", "b", "c"})
            QVERIFY(store->memories().insert(test::sampleMemory(QString::fromLatin1(id))).ok());
        QVERIFY(store->associations().put({QStringLiteral("a"), QStringLiteral("b"), 0.8, QStringLiteral("manual"), 0}).ok());
        QVERIFY(store->associations().put({QStringLiteral("b"), QStringLiteral("c"), 1.0, QStringLiteral("manual"), 0}).ok());
        store.close();
        const Run r = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("activate"), QStringLiteral("a"),
                                         QStringLiteral("--depth"), depth});
        QCOMPARE(r.code, 0);
        QCOMPARE(QString::fromUtf8(QJsonDocument(r.json().toArray()).toJson(QJsonDocument::Compact)), expected);
    }

    void retrieveExplainsAndRecords()
    {
        test::TempStore store;
        for (const Memory &m : {mem(QStringLiteral("seed"), QStringLiteral("Run tsc --noEmit in CI"), {QStringLiteral("typescript"), QStringLiteral("ci")}, 1),
                                mem(QStringLiteral("near"), QStringLiteral("CI runners have 2 cores"), {QStringLiteral("runners")}, 2),
                                mem(QStringLiteral("far"), QStringLiteral("Runners are on Hetzner"), {QStringLiteral("hosting")}, 3)})
            QVERIFY(store->memories().insert(m).ok());
        QVERIFY(store->associations().put({QStringLiteral("seed"), QStringLiteral("near"), 0.9, QStringLiteral("manual"), 0}).ok());
        QVERIFY(store->associations().put({QStringLiteral("near"), QStringLiteral("far"), 0.9, QStringLiteral("manual"), 0}).ok());
        store.close();

        // The keywords ranking (note 000's formula, docs/scoring.md, "Retrieval"): its oracles.
        const Run preview = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("retrieve"),
                                               QStringLiteral("typescript ci setup"), QStringLiteral("--preview"),
                                               QStringLiteral("--ranking"), QStringLiteral("keywords")});
        QCOMPARE(preview.code, 0);
        const QJsonArray results = preview.json().toArray();
        QCOMPARE(results.size(), 3);
        for (const QJsonValue &v : results) {
            const QJsonObject o = v.toObject();
            QCOMPARE(keysOf(o), QStringList({QStringLiteral("activation"), QStringLiteral("direct"), QStringLiteral("factors"),
                                             QStringLiteral("id"), QStringLiteral("path"), QStringLiteral("score")}));
            if (!o.value(QStringLiteral("direct")).toBool())
                QVERIFY2(!o.value(QStringLiteral("path")).toArray().isEmpty(), qPrintable(o.value("id").toString()));
        }
        QCOMPARE(results.at(2).toObject().value(QStringLiteral("path")).toArray(),
                 QJsonArray({QStringLiteral("seed"), QStringLiteral("near")}));
        const Run history = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("show"), QStringLiteral("seed")});
        QCOMPARE(history.json().toObject().value(QStringLiteral("history")).toArray().size(), 0);

        // The text ranking (the default) looks every word of the text up, and says so.
        const Run text = cli(store.path(), {QStringLiteral("retrieve"), QStringLiteral("typescript ci setup"),
                                            QStringLiteral("--explain"), QStringLiteral("--preview")});
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("query words: ci, setup, typescript"), qPrintable(text.out));
        QVERIFY2(text.out.contains("words ci "), qPrintable(text.out));
        const Run explained = cli(store.path(), {QStringLiteral("retrieve"), QStringLiteral("typescript ci setup"),
                                                 QStringLiteral("--explain"), QStringLiteral("--ranking"),
                                                 QStringLiteral("keywords")});
        QCOMPARE(explained.code, 0);
        QVERIFY(explained.out.contains("query keywords: ci, typescript"));
        QVERIFY(explained.out.contains("associative via seed → near → far"));
        const Run after = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("show"), QStringLiteral("far")});
        const QJsonObject far = after.json().toObject();
        QCOMPARE(far.value(QStringLiteral("accessCount")).toInt(), 1);
        QCOMPARE(far.value(QStringLiteral("history")).toArray().at(0).toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("access"));

        const Run badMode = cli(store.path(), {QStringLiteral("retrieve"), QStringLiteral("x"), QStringLiteral("--mode"),
                                               QStringLiteral("all")});
        QCOMPARE(badMode.code, 2);
        QCOMPARE(badMode.err.count('\n'), 1);
    }

    // Rule: recall excludes weak memories in normal mode (below the profile's weak line);
    // review mode still shows them. The CLI goes through core Retrieval.
    void retrieveExcludesWeakMemoriesInNormalMode()
    {
        test::TempStore store;
        const Memory fresh = mem(QStringLiteral("fresh"), QStringLiteral("Deploy with blue-green"), {QStringLiteral("deploy")}, 1);
        // Stability 720 h, 75 days: 100·e^(−1800/720) = 8, weak under ebbinghaus (< 10), while
        // enhanced gives 1.1 / (1 + 0.01/1.1·75) = 0.654, active.
        const Memory faded = mem(QStringLiteral("faded"), QStringLiteral("Deploy on Fridays"), {QStringLiteral("deploy")}, 75);
        const Config config = Config::defaults();
        QCOMPARE(makeProfile(QStringLiteral("ebbinghaus"), config)->evaluate(faded, kNow).tier, Tier::Weak);
        QCOMPARE(makeProfile(QStringLiteral("enhanced"), config)->evaluate(faded, kNow).tier, Tier::Active);
        for (const Memory &m : {fresh, faded})
            QVERIFY(store->memories().insert(m).ok());
        store.close();

        auto idsOf = [](const Run &r) {
            QStringList ids;
            for (const QJsonValue &v : r.json().toArray())
                ids << v.toObject().value(QStringLiteral("id")).toString();
            ids.sort();
            return ids;
        };
        const Run normal = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("retrieve"), QStringLiteral("deploy")});
        QCOMPARE(normal.code, 0);
        QCOMPARE(idsOf(normal), QStringList{QStringLiteral("fresh")});
        const Run review = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("retrieve"), QStringLiteral("deploy"),
                                              QStringLiteral("--mode"), QStringLiteral("review")});
        QCOMPARE(review.code, 0);
        QCOMPARE(idsOf(review), QStringList({QStringLiteral("faded"), QStringLiteral("fresh")}));
        // The weak line is the profile's: under enhanced the same memory is recalled.
        const Run enhanced = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("--profile"), QStringLiteral("enhanced"),
                                                QStringLiteral("retrieve"), QStringLiteral("deploy"), QStringLiteral("--preview")});
        QCOMPARE(enhanced.code, 0);
        QCOMPARE(idsOf(enhanced), QStringList({QStringLiteral("faded"), QStringLiteral("fresh")}));
    }

    void detectAndResolve()
    {
        test::TempStore store;
        QVERIFY(store->memories().insert(mem(QStringLiteral("old"), QStringLiteral("Lin likes coffee"), {QStringLiteral("coffee")}, 5)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("new"), QStringLiteral("Lin does not like coffee"), {QStringLiteral("coffee")}, 4)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("x1"), QString::fromUtf8("主人十天前很紧张"), {QString::fromUtf8("情绪")}, 20)).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("x2"), QString::fromUtf8("主人现在很放松"), {QString::fromUtf8("情绪")}, 10)).ok());
        store.close();

        const Run detected = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("conflicts"), QStringLiteral("--detect")});
        QCOMPARE(detected.code, 0);
        const QJsonArray list = detected.json().toArray();
        QCOMPARE(list.size(), 1);
        const QJsonObject conflict = list.at(0).toObject();
        QCOMPARE(keysOf(conflict), QStringList({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("id"),
                                                QStringLiteral("reason"), QStringLiteral("status"), QStringLiteral("type")}));
        QVERIFY(!conflict.value(QStringLiteral("reason")).toString().isEmpty());
        QCOMPARE(conflict.value(QStringLiteral("type")).toString(), QStringLiteral("direct_contradiction"));
        QCOMPARE(conflict.value(QStringLiteral("status")).toString(), QStringLiteral("open"));
        const QString id = QString::number(conflict.value(QStringLiteral("id")).toInt());

        const Run dry = cli(store.path(), {QStringLiteral("resolve"), id, QStringLiteral("--strategy"),
                                           QStringLiteral("latest_wins"), QStringLiteral("--dry-run")});
        QCOMPARE(dry.code, 0);
        QVERIFY(dry.out.contains("old (older) is negated"));
        QCOMPARE(cli(store.path(), {QStringLiteral("--json"), QStringLiteral("conflicts")}).json().toArray().at(0)
                     .toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("open"));

        const Run bad = cli(store.path(), {QStringLiteral("resolve"), id, QStringLiteral("--strategy"), QStringLiteral("newest")});
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("unknown strategy"));

        const Run resolved = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("resolve"), id,
                                                QStringLiteral("--strategy"), QStringLiteral("latest_wins")});
        QCOMPARE(resolved.code, 0);
        QCOMPARE(resolved.json().toObject().value(QStringLiteral("status")).toString(), QStringLiteral("resolved"));
        QCOMPARE(resolved.json().toObject().value(QStringLiteral("resolution")).toString(), QStringLiteral("latest_wins"));
        const QJsonObject old = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("show"), QStringLiteral("old")})
                                    .json()
                                    .toObject();
        QCOMPARE(old.value(QStringLiteral("negated")).toBool(), true);
        const QJsonArray history = old.value(QStringLiteral("history")).toArray();
        QCOMPARE(history.last().toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("conflict_resolved"));

        const Run again = cli(store.path(), {QStringLiteral("resolve"), id, QStringLiteral("--strategy"), QStringLiteral("keep_a")});
        QVERIFY(again.code != 0);
        QVERIFY(again.err.contains("already resolved"));
    }

    // The demo set's planted contradictions, with the set's own conflict list taken out:
    // detection (on import, and again on demand) finds exactly those pairs and no others.
    void detectFindsThePlantedContradictionsOfTheDemoSet()
    {
        QFile file(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QJsonObject set = QJsonDocument::fromJson(file.readAll()).object();
        QSet<QString> planted;
        const auto pairKey = [](const QJsonObject &c) {
            QStringList ab{c.value(QStringLiteral("a")).toString(), c.value(QStringLiteral("b")).toString()};
            ab.sort();
            return ab.join(QLatin1Char('|'));
        };
        for (const QJsonValue &c : set.value(QStringLiteral("conflicts")).toArray())
            planted.insert(pairKey(c.toObject()));
        QVERIFY(planted.size() >= 3);
        set.insert(QStringLiteral("conflicts"), QJsonArray());

        test::TempStore store;
        store.close();
        const QString stripped = store.dir() + QStringLiteral("/demo-without-conflicts.json");
        QFile out(stripped);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(set).toJson());
        out.close();
        QCOMPARE(cli(store.path(), {QStringLiteral("import"), stripped}).code, 0);

        const Run detected = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("conflicts"), QStringLiteral("--detect")});
        QCOMPARE(detected.code, 0);
        QSet<QString> found;
        for (const QJsonValue &c : detected.json().toArray())
            found.insert(pairKey(c.toObject()));
        QCOMPARE(found, planted);
    }
};

QTEST_GUILESS_MAIN(TestCliGraph)
#include "tst_cli_graph.moc"
