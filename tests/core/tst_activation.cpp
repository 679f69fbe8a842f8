// Spreading activation (docs/scoring.md, "Spreading activation"): the oracles as data rows, and the
// BFS rules (first level wins, cycles, threshold, depth, top 5, paths, filtered nodes).
#include "engine/graph/AssociationGraph.h"
#include "engine/graph/SpreadingActivation.h"
#include "TempStore.h"

#include <QTest>

using namespace recollector::core;

namespace {

struct Link
{
    const char *a;
    const char *b;
    double weight;
};

AssociationGraph graphOf(std::initializer_list<Link> links, const QStringList &extra = {})
{
    std::vector<Association> list;
    for (const Link &l : links)
        list.push_back(Association{QString::fromLatin1(l.a), QString::fromLatin1(l.b), l.weight,
                                   QStringLiteral("keyword"), 0});
    return AssociationGraph::fromLinks(list, extra);
}

QString describe(const AssociationGraph &g, const std::vector<SpreadingActivation::Hit> &hits)
{
    QStringList parts;
    for (const auto &h : hits) {
        QStringList path;
        for (auto p : h.path)
            path << g.id(p);
        parts << QStringLiteral("%1=%2@%3[%4]").arg(g.id(h.node)).arg(h.activation).arg(h.depth).arg(path.join(QLatin1Char(',')));
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace

class ActivationTest : public QObject
{
    Q_OBJECT

private slots:
    void oracles_data()
    {
        QTest::addColumn<QString>("graph");     // "a-b:0.8,b-c:1.0"
        QTest::addColumn<int>("depth");
        QTest::addColumn<QString>("expected");  // what describe() prints

        QTest::newRow("a→b 0.8 gives b 0.4") << "a-b:0.8" << 2 << "b=0.4@1[a]";
        QTest::newRow("a→b→c 1.0 gives b 0.5, c 0.25") << "a-b:1.0,b-c:1.0" << 2 << "b=0.5@1[a] c=0.25@2[a,b]";
        QTest::newRow("depth 1 gives only b") << "a-b:1.0,b-c:1.0" << 1 << "b=0.5@1[a]";
        QTest::newRow("c at 0.0375 is below 0.1: dropped") << "a-b:0.3,b-c:0.5" << 2 << "b=0.15@1[a]";
        QTest::newRow("exactly 0.1 is kept") << "a-b:0.2" << 2 << "b=0.1@1[a]";
        QTest::newRow("co-project 0.2 stops after one hop") << "a-b:0.2,b-c:1.0" << 2 << "b=0.1@1[a]";
        QTest::newRow("start node is never a result (cycle)") << "a-b:1.0,b-a:1.0,b-c:0.8" << 2 << "b=0.5@1[a] c=0.2@2[a,b]";
        QTest::newRow("first level wins over a stronger later one")
            << "a-b:0.4,a-c:1.0,c-b:1.0" << 2 << "c=0.5@1[a] b=0.2@1[a]";
        QTest::newRow("same level keeps the strongest parent")
            << "a-b:1.0,a-c:0.6,b-d:0.4,c-d:1.0" << 2 << "b=0.5@1[a] c=0.3@1[a] d=0.15@2[a,c]";
        QTest::newRow("depth 0 gives nothing") << "a-b:1.0" << 0 << "";
        QTest::newRow("lone node gives nothing") << "b-c:1.0" << 2 << "";
    }

    void oracles()
    {
        QFETCH(QString, graph);
        QFETCH(int, depth);
        QFETCH(QString, expected);
        std::vector<Association> links;
        for (const QString &edge : graph.split(QLatin1Char(','))) {
            const QStringList ends = edge.section(QLatin1Char(':'), 0, 0).split(QLatin1Char('-'));
            const double w = edge.section(QLatin1Char(':'), 1).toDouble();
            links.push_back(Association{ends[0], ends[1], w, QStringLiteral("keyword"), 0});
        }
        const AssociationGraph g = AssociationGraph::fromLinks(links, {QStringLiteral("a")});
        SpreadingActivation spread;
        SpreadingActivation::Options options;
        options.maxDepth = depth;
        QCOMPARE(describe(g, spread.run(g, g.find(QStringLiteral("a")), options)), expected);
    }

    void topFiveByActivation()
    {
        const AssociationGraph g = graphOf({{"a", "b1", 0.3}, {"a", "b2", 0.9}, {"a", "b3", 0.5}, {"a", "b4", 0.7},
                                            {"a", "b5", 0.4}, {"a", "b6", 1.0}, {"a", "b7", 0.6}});
        SpreadingActivation spread;
        const auto &hits = spread.run(g, g.find(QStringLiteral("a")), SpreadingActivation::Options{});
        QCOMPARE(int(hits.size()), 5);
        QCOMPARE(describe(g, hits), QStringLiteral("b6=0.5@1[a] b2=0.45@1[a] b4=0.35@1[a] b7=0.3@1[a] b3=0.25@1[a]"));
        QCOMPARE(int(spread.reachedCount()), 7);
    }

    void optionsFromConfig()
    {
        Config config = Config::defaults();
        config.associations.maxDepth = 1;
        config.associations.minActivation = 0.3;
        config.associations.maxResults = 2;
        config.associations.activationDecay = 0.7; // the ebbinghaus design's first value
        const auto options = SpreadingActivation::Options::from(config);
        const AssociationGraph g = graphOf({{"a", "b", 0.8}, {"a", "c", 0.5}, {"a", "d", 0.4}, {"b", "e", 1.0}});
        SpreadingActivation spread;
        QCOMPARE(describe(g, spread.run(g, g.find(QStringLiteral("a")), options)),
                 QStringLiteral("b=0.56@1[a] c=0.35@1[a]"));
    }

    void severalSeedsAreNeverResults()
    {
        const AssociationGraph g = graphOf({{"s1", "s2", 1.0}, {"s1", "x", 0.8}, {"s2", "x", 1.0}, {"s2", "y", 0.4}});
        const std::vector<SpreadingActivation::Seed> seeds{{g.find(QStringLiteral("s1")), 1.0},
                                                          {g.find(QStringLiteral("s2")), 0.5}};
        SpreadingActivation spread;
        // x: from s1 1.0·0.8·0.5 = 0.4 beats s2's 0.5·1.0·0.5 = 0.25; y: 0.5·0.4·0.5 = 0.1.
        QCOMPARE(describe(g, spread.run(g, seeds, SpreadingActivation::Options{})),
                 QStringLiteral("x=0.4@1[s1] y=0.1@1[s2]"));
    }

    void filteredNodesAreNotPassedThrough()
    {
        const AssociationGraph g = graphOf({{"a", "b", 1.0}, {"b", "c", 1.0}, {"a", "d", 0.8}});
        std::vector<std::uint8_t> allowed(g.nodeCount(), 1);
        allowed[g.find(QStringLiteral("b"))] = 0;
        SpreadingActivation spread;
        const SpreadingActivation::Seed seed{g.find(QStringLiteral("a")), 1.0};
        QCOMPARE(describe(g, spread.run(g, std::span(&seed, 1), SpreadingActivation::Options{}, &allowed)),
                 QStringLiteral("d=0.4@1[a]"));
    }

    void buffersAreReusedBetweenRuns()
    {
        const AssociationGraph g = graphOf({{"a", "b", 1.0}, {"b", "c", 1.0}, {"c", "d", 1.0}});
        SpreadingActivation spread;
        QCOMPARE(describe(g, spread.run(g, g.find(QStringLiteral("a")), SpreadingActivation::Options{})),
                 QStringLiteral("b=0.5@1[a] c=0.25@2[a,b]"));
        // A second run from elsewhere must not see the first run's visits.
        QCOMPARE(describe(g, spread.run(g, g.find(QStringLiteral("d")), SpreadingActivation::Options{})),
                 QStringLiteral("c=0.5@1[d] b=0.25@2[d,c]"));
        QCOMPARE(describe(g, spread.run(g, g.find(QStringLiteral("a")), SpreadingActivation::Options{})),
                 QStringLiteral("b=0.5@1[a] c=0.25@2[a,b]"));
    }

    void graphLoadsFromStore()
    {
        recollector::test::TempStore store;
        for (const char *id : {"m1", "m2", "m3", "m4"})
            QVERIFY(store->memories().insert(recollector::test::sampleMemory(QString::fromLatin1(id))).ok());
        QVERIFY(store->associations().put({QStringLiteral("m1"), QStringLiteral("m2"), 0.8, QStringLiteral("keyword"), 0}).ok());
        QVERIFY(store->associations().put({QStringLiteral("m2"), QStringLiteral("m3"), 1.0, QStringLiteral("co-task"), 0}).ok());
        QVERIFY(store->associations().put({QStringLiteral("m3"), QStringLiteral("m4"), 1.0, QStringLiteral("manual"), 0}).ok());

        auto whole = AssociationGraph::load(*store);
        QVERIFY2(whole.ok(), qPrintable(whole.ok() ? QString() : whole.error().message));
        QCOMPARE(int(whole->nodeCount()), 4);
        QCOMPARE(int(whole->linkCount()), 3);
        QCOMPARE(whole->id(whole->bestLinkedNode()), QStringLiteral("m2")); // degree 2, first of m2/m3
        SpreadingActivation spread;
        QCOMPARE(describe(*whole, spread.run(*whole, whole->find(QStringLiteral("m1")), SpreadingActivation::Options{})),
                 QStringLiteral("m2=0.4@1[m1] m3=0.2@2[m1,m2]"));

        // The ego graph around m1 (depth 2) gives the same answer without reading m3–m4.
        auto around = AssociationGraph::loadAround(*store, {QStringLiteral("m1")}, 2);
        QVERIFY(around.ok());
        QCOMPARE(int(around->linkCount()), 2);
        QCOMPARE(describe(*around, spread.run(*around, around->find(QStringLiteral("m1")), SpreadingActivation::Options{})),
                 QStringLiteral("m2=0.4@1[m1] m3=0.2@2[m1,m2]"));
        // Neighbours come strongest first, with their type.
        const auto nb = whole->neighbours(whole->find(QStringLiteral("m2")));
        QCOMPARE(int(nb.count), 2);
        QCOMPARE(whole->id(nb.node[0]), QStringLiteral("m3"));
        QCOMPARE(double(nb.weight[1]), double(0.8f));
    }
};

QTEST_GUILESS_MAIN(ActivationTest)
#include "tst_activation.moc"
