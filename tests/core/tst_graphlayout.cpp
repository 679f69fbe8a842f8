// The association graph's ego collection and layouts (docs/architecture.md, "The window";
// ego_layout_ms of docs/architecture.md, "Performance budget"): which memories an ego graph
// holds (depth, first-reached parent, de-duplicated links, no self, filtered nodes, node cap),
// that the radial layout is deterministic with rings ordered by depth and no two nodes on one
// spot, and that the whole-store overview of 10,000 nodes finishes with finite, separated
// positions.
#include "TempStore.h"

#include "engine/graph/AssociationGraph.h"
#include "engine/graph/EgoGraph.h"
#include "engine/graph/GraphLayout.h"
#include "engine/graph/LinkTypes.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1717200000000; // 2024-06-01T00:00Z

Association link(const char *a, const char *b, double weight, const char *type = "keyword")
{
    return Association{QString::fromLatin1(a), QString::fromLatin1(b), weight, QString::fromLatin1(type), kT0};
}

/// c — the centre; a, b, d one hop away; x, y two hops; z three hops; gone is soft-deleted.
void fill(Store &s)
{
    for (const char *id : {"c", "a", "b", "d", "x", "y", "z", "gone"}) {
        Memory m = test::sampleMemory(QString::fromLatin1(id), kT0);
        if (QByteArray(id) == "gone")
            m.deletedAt = kT0;
        QVERIFY(s.memories().insert(m));
    }
    for (const Association &l : {link("c", "a", 0.9), link("c", "b", 0.5, "co-task"), link("c", "d", 0.3, "temporal"),
                                  link("a", "b", 0.4), link("a", "x", 0.8), link("b", "x", 0.9, "co-project"),
                                  link("b", "y", 0.6, "manual"), link("x", "y", 0.5), link("y", "z", 1.0),
                                  link("c", "gone", 1.0)})
        QVERIFY(s.associations().put(l));
}

QStringList edgeNames(const EgoGraph &g)
{
    QStringList out;
    for (const EgoGraph::Edge &e : g.edges) {
        QStringList pair{g.nodes[std::size_t(e.a)].id, g.nodes[std::size_t(e.b)].id};
        pair.sort();
        out << pair.join(QLatin1Char('-')) + QLatin1Char(':') + links::typeName(e.type);
    }
    out.sort();
    return out;
}

QString nodeText(const EgoGraph &g)
{
    QStringList out;
    for (const EgoGraph::Node &n : g.nodes)
        out << QStringLiteral("%1@%2<%3").arg(n.id).arg(n.depth).arg(n.parent < 0 ? QString() : g.nodes[std::size_t(n.parent)].id);
    return out.join(QLatin1Char(' '));
}

/// A centre with `fan` neighbours, each with `kids` children of its own (+ one hub branch
/// with `hubKids` more), and a few cross links: a realistic, crowded ego graph.
AssociationGraph fanGraph(int fan, int kids, int hubKids)
{
    std::vector<Association> list;
    for (int i = 0; i < fan; ++i) {
        const QString n = QStringLiteral("n%1").arg(i);
        list.push_back({QStringLiteral("centre"), n, 0.3 + 0.6 * double(fan - i) / fan, QStringLiteral("keyword"), 0});
        const int count = i == 0 ? hubKids : kids;
        for (int k = 0; k < count; ++k)
            list.push_back({n, QStringLiteral("n%1k%2").arg(i).arg(k), 0.5, QStringLiteral("co-project"), 0});
        if (i > 0)
            list.push_back({n, QStringLiteral("n%1k0").arg(i - 1), 0.2, QStringLiteral("temporal"), 0});
    }
    return AssociationGraph::fromLinks(list);
}

double minDistance(const std::vector<QPointF> &pos)
{
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < pos.size(); ++i) {
        for (std::size_t j = i + 1; j < pos.size(); ++j)
            best = std::min(best, std::hypot(pos[i].x() - pos[j].x(), pos[i].y() - pos[j].y()));
    }
    return best;
}

} // namespace

class TestGraphLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void egoFromStoreHasDepthTwoWithoutDuplicates()
    {
        test::TempStore s;
        fill(*s);
        const auto ego = EgoGraph::load(*s, QStringLiteral("c"), 2, 300,
                                        [](std::string_view id) { return id == "gone"; });
        QVERIFY2(ego, ego ? "" : qPrintable(ego.error().message));
        // x is reached through a (0.9 × 0.8 = 0.72) rather than b (0.5 × 0.9); z is 3 hops away.
        QCOMPARE(nodeText(*ego), QStringLiteral("c@0< a@1<c b@1<c d@1<c x@2<a y@2<b"));
        QVERIFY(std::abs(ego->nodes[4].pathWeight - 0.72) < 1e-9);
        // Every link among the six once, the x–y link between two depth-2 nodes included.
        QCOMPARE(edgeNames(*ego), (QStringList{"a-b:keyword", "a-c:keyword", "a-x:keyword", "b-c:co-task",
                                               "b-x:co-project", "b-y:manual", "c-d:temporal", "x-y:keyword"}));
        for (const EgoGraph::Edge &e : ego->edges)
            QVERIFY(e.a < e.b);
        QCOMPARE(ego->indexOf(QStringLiteral("z")), -1);
        QCOMPARE(ego->indexOf(QStringLiteral("gone")), -1);
        QCOMPARE(ego->countAtDepth(1), 3);
        QCOMPARE(ego->countAtDepth(2), 2);
    }

    void egoDepthOneAndNodeCap()
    {
        test::TempStore s;
        fill(*s);
        const auto one = EgoGraph::load(*s, QStringLiteral("c"), 1);
        QVERIFY(one);
        QCOMPARE(nodeText(*one), QStringLiteral("c@0< gone@1<c a@1<c b@1<c d@1<c"));
        QVERIFY(edgeNames(*one).contains(QStringLiteral("a-b:keyword"))); // between two outer nodes
        QCOMPARE(one->edges.size(), std::size_t(5));

        // The cap keeps depth 1 first, then the strongest depth-2 paths.
        const auto capped = EgoGraph::load(*s, QStringLiteral("c"), 2, 6);
        QVERIFY(capped);
        QCOMPARE(nodeText(*capped), QStringLiteral("c@0< gone@1<c a@1<c b@1<c d@1<c x@2<a"));

        const auto unknown = EgoGraph::load(*s, QStringLiteral("nobody"), 2);
        QVERIFY(unknown);
        QCOMPARE(unknown->nodes.size(), std::size_t(1));
        QVERIFY(unknown->edges.empty());
    }

    void egoSkipsSelfLinksAndDuplicates()
    {
        // fromLinks drops the self-link; the pair given twice is one link.
        const AssociationGraph g = AssociationGraph::fromLinks(
            {link("c", "c", 1.0), link("c", "a", 0.5), link("a", "c", 0.5), link("a", "b", 0.5)});
        const EgoGraph ego = EgoGraph::collect(g, g.find(QStringLiteral("c")), 2);
        QCOMPARE(nodeText(ego), QStringLiteral("c@0< a@1<c b@2<a"));
        QCOMPARE(edgeNames(ego), (QStringList{"a-b:keyword", "a-c:keyword"}));
        QVERIFY(EgoGraph::collect(g, AssociationGraph::kNone, 2).isEmpty());
    }

    void egoLayoutIsDeterministicRingedAndSpread_data()
    {
        QTest::addColumn<int>("fan");
        QTest::addColumn<int>("kids");
        QTest::addColumn<int>("hubKids");
        QTest::newRow("small") << 5 << 2 << 2;
        QTest::newRow("300 nodes, even") << 20 << 14 << 14;
        QTest::newRow("300 nodes, one hub branch") << 12 << 3 << 250;
        QTest::newRow("centre alone") << 0 << 0 << 0;
    }
    void egoLayoutIsDeterministicRingedAndSpread()
    {
        QFETCH(int, fan);
        QFETCH(int, kids);
        QFETCH(int, hubKids);
        const AssociationGraph g = fanGraph(fan, kids, hubKids);
        const EgoGraph ego = fan == 0 ? EgoGraph{{EgoGraph::Node{QStringLiteral("centre")}}, {}}
                                      : EgoGraph::collect(g, g.find(QStringLiteral("centre")), 2, 300);
        const GraphLayout::EgoOptions options;
        const std::vector<QPointF> pos = GraphLayout::ego(ego, options);
        QCOMPARE(pos.size(), ego.nodes.size());
        QCOMPARE(GraphLayout::ego(ego, options), pos); // deterministic
        QCOMPARE(pos[0], QPointF(0, 0));

        // Rings by depth: every node of one depth at one radius, deeper rings farther out.
        double inner = 0;
        for (int depth = 1; depth <= 2; ++depth) {
            std::set<long> radii;
            for (std::size_t i = 0; i < ego.nodes.size(); ++i) {
                if (ego.nodes[i].depth == depth)
                    radii.insert(std::lround(std::hypot(pos[i].x(), pos[i].y())));
            }
            if (radii.empty())
                continue;
            QCOMPARE(radii.size(), std::size_t(1));
            QVERIFY(double(*radii.begin()) >= inner + options.ringSpacing - 1);
            inner = double(*radii.begin());
        }
        for (const QPointF &p : pos)
            QVERIFY(std::isfinite(p.x()) && std::isfinite(p.y()));
        if (pos.size() > 1)
            QVERIFY2(minDistance(pos) >= options.nodeSpacing * 0.99, qPrintable(QString::number(minDistance(pos))));
        if (fan == 20)
            QCOMPARE(int(ego.nodes.size()), 300);
    }

    void egoLayoutKeepsChildrenNearTheirParent()
    {
        const AssociationGraph g = fanGraph(6, 4, 4);
        const EgoGraph ego = EgoGraph::collect(g, g.find(QStringLiteral("centre")), 2);
        const std::vector<QPointF> pos = GraphLayout::ego(ego);
        // A depth-2 node's angle is within its parent's sector (≤ 360° / 6 away).
        for (std::size_t i = 0; i < ego.nodes.size(); ++i) {
            if (ego.nodes[i].depth != 2)
                continue;
            const QPointF child = pos[i], parent = pos[std::size_t(ego.nodes[i].parent)];
            double diff = std::abs(std::atan2(child.y(), child.x()) - std::atan2(parent.y(), parent.x()));
            diff = std::min(diff, 2 * M_PI - diff);
            QVERIFY2(diff <= 2 * M_PI / 6, qPrintable(ego.nodes[i].id));
        }
    }

    void overviewOfASmallGraphIsPinned()
    {
        // The exact layout of a small store (to 0.01 px): a hub of six with a cross link, a
        // triangle with a tail, a pair and a lone node; components relaxed, then packed in
        // rows. Pinned so that a refactoring that changes any step shows; a deliberate change
        // of the layout updates these numbers.
        std::vector<Association> list;
        for (const char *spoke : {"s1", "s2", "s3", "s4", "s5"})
            list.push_back({QStringLiteral("hub"), QString::fromLatin1(spoke), 0.8, QStringLiteral("keyword"), 0});
        list.push_back({QStringLiteral("s1"), QStringLiteral("s2"), 0.3, QStringLiteral("temporal"), 0});
        list.push_back({QStringLiteral("t1"), QStringLiteral("t2"), 0.5, QStringLiteral("co-task"), 0});
        list.push_back({QStringLiteral("t2"), QStringLiteral("t3"), 0.5, QStringLiteral("co-task"), 0});
        list.push_back({QStringLiteral("t3"), QStringLiteral("t1"), 0.5, QStringLiteral("co-task"), 0});
        list.push_back({QStringLiteral("t3"), QStringLiteral("t4"), 0.9, QStringLiteral("manual"), 0});
        list.push_back({QStringLiteral("p1"), QStringLiteral("p2"), 0.4, QStringLiteral("keyword"), 0});
        const AssociationGraph g = AssociationGraph::fromLinks(list, {QStringLiteral("lone")});
        const std::vector<QPointF> pos = GraphLayout::overview(g);
        QStringList text;
        for (std::uint32_t n = 0; n < g.nodeCount(); ++n)
            text << QStringLiteral("%1 %2 %3").arg(g.id(n)).arg(pos[n].x(), 0, 'f', 2).arg(pos[n].y(), 0, 'f', 2);
        text.sort();
        const QStringList expected{
            QStringLiteral("hub 61.34 62.00"),   QStringLiteral("lone 24.00 230.24"), QStringLiteral("p1 168.09 139.06"),
            QStringLiteral("p2 133.31 156.93"),  QStringLiteral("s1 39.95 91.06"),    QStringLiteral("s2 24.00 70.02"),
            QStringLiteral("s3 93.40 84.72"),    QStringLiteral("s4 52.65 24.00"),    QStringLiteral("s5 91.47 41.02"),
            QStringLiteral("t1 71.76 182.24"),   QStringLiteral("t2 85.31 156.23"),   QStringLiteral("t3 53.87 155.62"),
            QStringLiteral("t4 24.00 139.06")};
        if (expected != text)
            qInfo("got: %s", qPrintable(text.join(QLatin1Char('|'))));
        QCOMPARE(text, expected);
    }

    void overviewOfTenThousandNodesIsFiniteAndPacked()
    {
        // 10,000 nodes: a big linked part (5 links per node, pseudo-random but fixed), small
        // islands and isolated nodes.
        std::vector<Association> list;
        quint64 state = 42;
        auto next = [&state](quint64 bound) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            return (state >> 33) % bound;
        };
        for (int i = 0; i < 8000; ++i) {
            for (int k = 0; k < 5; ++k) {
                const int j = int(next(8000));
                if (j != i)
                    list.push_back({QStringLiteral("m%1").arg(i), QStringLiteral("m%1").arg(j), 0.1 + double(next(90)) / 100,
                                    QStringLiteral("keyword"), 0});
            }
        }
        for (int i = 8000; i < 9500; i += 3) { // islands of three
            list.push_back({QStringLiteral("m%1").arg(i), QStringLiteral("m%1").arg(i + 1), 0.5, QStringLiteral("co-task"), 0});
            list.push_back({QStringLiteral("m%1").arg(i + 1), QStringLiteral("m%1").arg(i + 2), 0.5, QStringLiteral("co-task"), 0});
        }
        QStringList isolated;
        for (int i = 9500; i < 10000; ++i)
            isolated << QStringLiteral("m%1").arg(i);
        const AssociationGraph g = AssociationGraph::fromLinks(list, isolated);
        QCOMPARE(g.nodeCount(), std::size_t(10000));

        std::vector<std::uint8_t> allowed(g.nodeCount(), 1);
        allowed[g.find(QStringLiteral("m7"))] = 0;
        const std::vector<QPointF> pos = GraphLayout::overview(g, GraphLayout::OverviewOptions{}, &allowed);
        QCOMPARE(pos.size(), g.nodeCount());
        for (const QPointF &p : pos)
            QVERIFY(std::isfinite(p.x()) && std::isfinite(p.y()));
        QCOMPARE(pos[g.find(QStringLiteral("m7"))], QPointF(0, 0)); // left out
        QCOMPARE(GraphLayout::overview(g, GraphLayout::OverviewOptions{}, &allowed), pos); // deterministic

        // Islands do not overlap the big part: their nodes lie outside its bounding box.
        QRectF big;
        for (int i = 0; i < 8000; ++i) {
            if (i != 7)
                big |= QRectF(pos[g.find(QStringLiteral("m%1").arg(i))], QSizeF(0.01, 0.01));
        }
        for (int i = 8000; i < 10000; ++i)
            QVERIFY(!big.contains(pos[g.find(QStringLiteral("m%1").arg(i))]));
        // Nodes of the big part are spread out, not piled up: nearest neighbours (found
        // through a grid of spacing-sized cells) are mostly a good fraction of the spacing
        // apart, and hardly any two share a spot.
        const double spacing = GraphLayout::OverviewOptions{}.spacing;
        std::map<std::pair<long, long>, std::vector<QPointF>> grid;
        for (int i = 0; i < 8000; ++i) {
            const QPointF p = pos[g.find(QStringLiteral("m%1").arg(i))];
            grid[{long(std::floor(p.x() / spacing)), long(std::floor(p.y() / spacing))}].push_back(p);
        }
        std::vector<double> nearest;
        for (const auto &[cell, points] : grid) {
            for (const QPointF &p : points) {
                double best = spacing;
                for (long dx = -1; dx <= 1; ++dx) {
                    for (long dy = -1; dy <= 1; ++dy) {
                        const auto it = grid.find({cell.first + dx, cell.second + dy});
                        if (it == grid.end())
                            continue;
                        for (const QPointF &q : it->second) {
                            if (&q != &p)
                                best = std::min(best, std::hypot(p.x() - q.x(), p.y() - q.y()));
                        }
                    }
                }
                nearest.push_back(best);
            }
        }
        std::sort(nearest.begin(), nearest.end());
        const double median = nearest[nearest.size() / 2];
        const auto piled = std::count_if(nearest.begin(), nearest.end(), [](double d) { return d < 0.5; });
        QVERIFY2(median >= spacing / 4, qPrintable(QString::number(median)));
        QVERIFY2(piled < 80, qPrintable(QString::number(piled)));

        // Cancelling gives nothing back.
        QVERIFY(GraphLayout::overview(g, GraphLayout::OverviewOptions{}, nullptr, [] { return true; }).empty());
    }
};

QTEST_GUILESS_MAIN(TestGraphLayout)
#include "tst_graphlayout.moc"
