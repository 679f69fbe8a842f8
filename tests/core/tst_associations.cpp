// Association rules (docs/scoring.md, "Associations"): each rule's numbers as data rows,
// the strongest rule per pair, full rebuild and incremental update on a real store (equal to
// the pairwise rule where the caps do not bind), the fan-out caps, manual links, boosts.
#include "engine/graph/AssociationBuilder.h"
#include "engine/graph/KeywordIndex.h"
#include "EngineStore.h"
#include "store/Transaction.h"

#include <QTest>

#include <map>

using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z

Memory mem(const QString &id, const QStringList &keywords, double hours = 0, const QString &task = {},
           const QString &project = {})
{
    Memory m;
    m.id = id;
    m.content = QStringLiteral("memory ") + id;
    m.category = QStringLiteral("fact");
    m.keywords = keywords;
    m.source.type = task.isEmpty() ? QStringLiteral("manual") : QStringLiteral("task");
    m.source.taskId = task;
    m.projectPath = project;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kBase + Millis(hours * double(kMsPerHour));
    return m;
}

QStringList kw(const char *list) { return QString::fromUtf8(list).split(QLatin1Char(','), Qt::SkipEmptyParts); }

using LinkMap = std::map<std::pair<QString, QString>, std::pair<double, QString>>;

LinkMap linksIn(Store &store)
{
    LinkMap out;
    const auto all = store.associations().all();
    for (const Association &a : *all)
        out[{a.a, a.b}] = {a.weight, a.type};
    return out;
}

LinkMap pairwise(const std::vector<Memory> &memories, const Config &config)
{
    LinkMap out;
    for (std::size_t i = 0; i < memories.size(); ++i) {
        for (std::size_t j = i + 1; j < memories.size(); ++j) {
            if (auto l = AssociationBuilder::linkBetween(memories[i], memories[j], config.associations))
                out[{l->a, l->b}] = {l->weight, l->type};
        }
    }
    return out;
}

QString diff(const LinkMap &x, const LinkMap &y)
{
    QStringList lines;
    for (const auto &[k, v] : x) {
        auto it = y.find(k);
        if (it == y.end())
            lines << QStringLiteral("only left: %1-%2 %3 %4").arg(k.first, k.second).arg(v.first).arg(v.second);
        else if (!qFuzzyCompare(it->second.first, v.first) || it->second.second != v.second)
            lines << QStringLiteral("differs: %1-%2 %3 %4 vs %5 %6")
                         .arg(k.first, k.second)
                         .arg(v.first)
                         .arg(v.second)
                         .arg(it->second.first)
                         .arg(it->second.second);
    }
    for (const auto &[k, v] : y) {
        if (x.find(k) == x.end())
            lines << QStringLiteral("only right: %1-%2 %3 %4").arg(k.first, k.second).arg(v.first).arg(v.second);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class AssociationsTest : public QObject
{
    Q_OBJECT

    recollector::test::EngineFixture m_engines;

private slots:
    // On a store file and on a team store (EngineStore.h); on the server thousands of rows
    // written a statement each cost a round trip each, so the sanitizer build runs the file only.
    void initTestCase_data() { recollector::test::EngineFixture::addEngines(recollector::test::EngineFixture::Cost::Heavy); }
    void rules_data()
    {
        QTest::addColumn<QStringList>("keywordsA");
        QTest::addColumn<QStringList>("keywordsB");
        QTest::addColumn<double>("hoursApart");
        QTest::addColumn<bool>("sameTask");
        QTest::addColumn<bool>("sameProject");
        QTest::addColumn<double>("weight"); // 0 = no link
        QTest::addColumn<QString>("type");

        const double far = 24 * 30;
        QTest::newRow("jaccard oracle: vitest vs jest = 0.5")
            << kw("typescript,testing,vitest") << kw("typescript,testing,jest") << far << false << false << 0.5
            << "keyword";
        QTest::newRow("jaccard is case-insensitive")
            << kw("TypeScript,Testing,vitest") << kw("typescript,testing,jest") << far << false << false << 0.5
            << "keyword";
        QTest::newRow("jaccard 0.3 exactly is kept")
            << kw("a,b,c,d,e,f") << kw("a,b,c,g,h,i,j") << far << false << false << 0.3 << "keyword";
        QTest::newRow("jaccard 0.25 is below the threshold") << kw("a,b") << kw("a,c,d") << far << false << false << 0.0
                                                            << "";
        QTest::newRow("identical keywords = 1.0") << kw("rust,async") << kw("async,rust") << far << false << false
                                                  << 1.0 << "keyword";
        QTest::newRow("co-task 0.5") << kw("a") << kw("b") << far << true << false << 0.5 << "co-task";
        QTest::newRow("temporal Δt 0 = 0.3") << kw("a") << kw("b") << 0.0 << false << false << 0.3 << "temporal";
        QTest::newRow("temporal Δt 12 h = 0.15") << kw("a") << kw("b") << 12.0 << false << false << 0.15
                                                 << "temporal";
        QTest::newRow("temporal Δt 19 h = 0.0625") << kw("a") << kw("b") << 19.0 << false << false << 0.0625
                                                   << "temporal";
        QTest::newRow("temporal Δt 20 h = 0.05 is not > 0.05") << kw("a") << kw("b") << 20.0 << false << false
                                                               << 0.0 << "";
        QTest::newRow("temporal Δt 24 h: none") << kw("a") << kw("b") << 24.0 << false << false << 0.0 << "";
        QTest::newRow("co-project 0.2") << kw("a") << kw("b") << far << false << true << 0.2 << "co-project";
        QTest::newRow("strongest wins: co-task 0.5 over jaccard 1/3")
            << kw("a,b") << kw("a,c") << far << true << false << 0.5 << "co-task";
        QTest::newRow("strongest wins: jaccard 1.0 over co-task")
            << kw("a,b") << kw("a,b") << far << true << true << 1.0 << "keyword";
        QTest::newRow("tie: keyword before co-task") << kw("a,b,c") << kw("a,b,d") << far << true << false << 0.5
                                                     << "keyword";
        QTest::newRow("strongest wins: temporal 0.3 over co-project 0.2")
            << kw("a") << kw("b") << 0.0 << false << true << 0.3 << "temporal";
        QTest::newRow("nothing in common") << kw("a") << kw("b") << far << false << false << 0.0 << "";
    }

    void rules()
    {
        QFETCH(QStringList, keywordsA);
        QFETCH(QStringList, keywordsB);
        QFETCH(double, hoursApart);
        QFETCH(bool, sameTask);
        QFETCH(bool, sameProject);
        QFETCH(double, weight);
        QFETCH(QString, type);
        const Memory x = mem(QStringLiteral("x"), keywordsA, 0, QStringLiteral("t1"), QStringLiteral("/p1"));
        const Memory y = mem(QStringLiteral("y"), keywordsB, hoursApart, sameTask ? QStringLiteral("t1") : QStringLiteral("t2"),
                             sameProject ? QStringLiteral("/p1") : QStringLiteral("/p2"));
        const auto link = AssociationBuilder::linkBetween(x, y, Config::defaults().associations);
        if (weight == 0) {
            QVERIFY2(!link, qPrintable(link ? link->type + QString::number(link->weight) : QString()));
            return;
        }
        QVERIFY(link);
        QVERIFY2(qAbs(link->weight - weight) < 1e-12, qPrintable(QString::number(link->weight, 'g', 17)));
        QCOMPARE(link->type, type);
        QCOMPARE(link->a, QStringLiteral("x"));
        QCOMPARE(link->b, QStringLiteral("y"));
        // The rule is symmetric.
        const auto back = AssociationBuilder::linkBetween(y, x, Config::defaults().associations);
        QVERIFY(back && back->weight == link->weight && back->type == link->type);
    }

    void noSelfLinks()
    {
        const Memory x = mem(QStringLiteral("x"), kw("a,b"), 0, QStringLiteral("t"), QStringLiteral("/p"));
        QVERIFY(!AssociationBuilder::linkBetween(x, x, Config::defaults().associations));
    }

    void rebuildEqualsPairwiseRule()
    {
        recollector::test::EngineStore store(m_engines);
        const std::vector<Memory> memories{
            mem(QStringLiteral("m01"), kw("typescript,testing,vitest"), 0, QStringLiteral("t1"), QStringLiteral("/web")),
            mem(QStringLiteral("m02"), kw("typescript,testing,jest"), 2, QStringLiteral("t1"), QStringLiteral("/web")),
            mem(QStringLiteral("m03"), kw("typescript,build"), 30, {}, QStringLiteral("/web")),
            mem(QStringLiteral("m04"), kw("rust,async"), 100, QStringLiteral("t2"), QStringLiteral("/cli")),
            mem(QStringLiteral("m05"), kw("rust,async,tokio"), 110, QStringLiteral("t2")),
            mem(QStringLiteral("m06"), kw("coffee"), 500),
            mem(QStringLiteral("m07"), kw("tea"), 1000),
            mem(QStringLiteral("m08"), kw("testing,vitest"), 1010, {}, QStringLiteral("/web")),
        };
        for (const Memory &m : memories)
            QVERIFY(store->memories().insert(m).ok());
        // A user-drawn link, weaker than the rule's, must survive the rebuild as drawn.
        QVERIFY(store->associations().put({QStringLiteral("m01"), QStringLiteral("m02"), 0.1, QStringLiteral("manual"), 0}).ok());
        QVERIFY(store->associations().put({QStringLiteral("m06"), QStringLiteral("m07"), 0.9, QStringLiteral("manual"), 0}).ok());
        // A stale derived link must go.
        QVERIFY(store->associations().put({QStringLiteral("m03"), QStringLiteral("m07"), 0.9, QStringLiteral("keyword"), 0}).ok());

        AssociationBuilder builder(*store, Config::defaults());
        auto stats = builder.rebuildAll();
        QVERIFY2(stats.ok(), qPrintable(stats.ok() ? QString() : stats.error().message));

        LinkMap expected = pairwise(memories, Config::defaults());
        expected[{QStringLiteral("m01"), QStringLiteral("m02")}] = {0.1, QStringLiteral("manual")};
        expected[{QStringLiteral("m06"), QStringLiteral("m07")}] = {0.9, QStringLiteral("manual")};
        const LinkMap actual = linksIn(*store);
        QVERIFY2(diff(expected, actual).isEmpty(), qPrintable(diff(expected, actual)));
        QCOMPARE(stats->memories, qint64(memories.size()));
        QCOMPARE(stats->total, qint64(actual.size()));
        QCOMPARE(stats->derived, stats->total - 2); // m01-m02 was proposed too, but the manual row wins
        QCOMPARE(actual.at({QStringLiteral("m01"), QStringLiteral("m08")}).first, 2.0 / 3.0);

        // Rebuilding again changes nothing.
        QVERIFY(builder.rebuildAll().ok());
        QVERIFY(diff(actual, linksIn(*store)).isEmpty());
    }

    void deletedMemoriesAreNotLinked()
    {
        recollector::test::EngineStore store(m_engines);
        Memory a = mem(QStringLiteral("a"), kw("x,y"));
        Memory b = mem(QStringLiteral("b"), kw("x,y"), 1);
        b.deletedAt = kBase + kMsPerDay;
        QVERIFY(store->memories().insert(a).ok());
        QVERIFY(store->memories().insert(b).ok());
        AssociationBuilder builder(*store, Config::defaults());
        QVERIFY(builder.rebuildAll().ok());
        QCOMPARE(*store->associations().count(), qint64(0));
    }

    void incrementalMatchesRebuild()
    {
        recollector::test::EngineStore store(m_engines);
        std::vector<Memory> memories{
            mem(QStringLiteral("a"), kw("typescript,testing,vitest"), 0, QStringLiteral("t1")),
            mem(QStringLiteral("b"), kw("typescript,testing"), 48, {}, QStringLiteral("/web")),
            mem(QStringLiteral("c"), kw("python"), 100, {}, QStringLiteral("/web")),
        };
        for (const Memory &m : memories)
            QVERIFY(store->memories().insert(m).ok());
        AssociationBuilder builder(*store, Config::defaults());
        QVERIFY(builder.rebuildAll().ok());
        auto index = KeywordIndex::build(*store);
        QVERIFY(index.ok());

        // A new memory: only its own links are computed, through the index.
        const Memory d = mem(QStringLiteral("d"), kw("typescript,testing,jest"), 101, QStringLiteral("t1"), QStringLiteral("/web"));
        QVERIFY(store->memories().insert(d).ok());
        memories.push_back(d);
        index->upsert(d);
        auto linked = builder.updateFor(d.id, *index, kBase);
        QVERIFY(linked.ok());
        QCOMPARE(*linked, 3); // a (jaccard 0.5), b (2/3), c (temporal 0.3·(1−1/24) = 0.2875)
        QVERIFY2(diff(pairwise(memories, Config::defaults()), linksIn(*store)).isEmpty(),
                 qPrintable(diff(pairwise(memories, Config::defaults()), linksIn(*store))));

        // An edit that drops the shared keywords removes the keyword links.
        memories[3].keywords = kw("gardening");
        QVERIFY(store->memories().update(memories[3]).ok());
        index->upsert(memories[3]);
        QVERIFY(builder.updateFor(d.id, *index, kBase).ok());
        const LinkMap after = linksIn(*store);
        QVERIFY2(diff(pairwise(memories, Config::defaults()), after).isEmpty(),
                 qPrintable(diff(pairwise(memories, Config::defaults()), after)));
        QCOMPARE(after.at({QStringLiteral("a"), QStringLiteral("d")}).second, QStringLiteral("co-task"));

        // Soft-deleting it removes its derived links; a manual one stays.
        QVERIFY(store->associations().put({QStringLiteral("c"), QStringLiteral("d"), 0.7, QStringLiteral("manual"), 0}).ok());
        memories[3].deletedAt = kBase + 200 * kMsPerHour;
        index->upsert(memories[3]);
        QCOMPARE(*builder.updateFor(d.id, *index, kBase), 0);
        const auto left = store->associations().of(d.id);
        QCOMPARE(int(left->size()), 1);
        QCOMPARE(left->front().type, QStringLiteral("manual"));
    }

    void capsBoundFanOut()
    {
        // 300 memories in one project sharing one popular keyword, one per hour: without caps
        // this is 44,850 pairs of weight 1.0.
        recollector::test::EngineStore store(m_engines);
        const int n = 300;
        Transaction tx(store->database());
        for (int i = 0; i < n; ++i)
            QVERIFY(store->memories().insert(mem(QStringLiteral("m%1").arg(i, 4, 10, QLatin1Char('0')), kw("typescript"),
                                                 i * 30.0, {}, QStringLiteral("/big"))).ok());
        QVERIFY(tx.commit().ok());
        AssociationCaps caps;
        AssociationBuilder builder(*store, Config::defaults(), caps);
        auto stats = builder.rebuildAll();
        QVERIFY(stats.ok());
        QVERIFY(stats->derived <= qint64(caps.maxLinksPerMemory) * n);
        QCOMPARE(stats->derived, qint64(caps.maxLinksPerMemory) * (n - caps.maxLinksPerMemory)
                                      + qint64(caps.maxLinksPerMemory - 1) * caps.maxLinksPerMemory / 2);
        // The links kept are the strongest (keyword 1.0) to the nearest earlier memories.
        const auto of = store->associations().of(QStringLiteral("m0150"));
        QVERIFY(of.ok());
        int earlier = 0;
        for (const Association &a : *of) {
            QCOMPARE(a.weight, 1.0);
            QCOMPARE(a.type, QStringLiteral("keyword"));
            if (a.other(QStringLiteral("m0150")) < QStringLiteral("m0150")) {
                ++earlier;
                QVERIFY(a.other(QStringLiteral("m0150")) >= QStringLiteral("m0142"));
            }
        }
        QCOMPARE(earlier, caps.maxLinksPerMemory);
    }

    void progressCanCancel()
    {
        recollector::test::EngineStore store(m_engines);
        {
            Transaction tx(store->database());
            for (int i = 0; i < 5000; ++i)
                QVERIFY(store->memories().insert(mem(QStringLiteral("m%1").arg(i), kw("a,b"), i)).ok());
            QVERIFY(tx.commit().ok());
        }
        QVERIFY(store->associations().put({QStringLiteral("m1"), QStringLiteral("m2"), 0.7, QStringLiteral("keyword"), 0}).ok());
        AssociationBuilder builder(*store, Config::defaults());
        int calls = 0;
        auto cancelled = builder.rebuildAll(nullptr, [&](qint64, qint64) { return ++calls < 1; });
        QVERIFY(!cancelled.ok());
        QCOMPARE(cancelled.error().code, Error::Code::Cancelled);
        QCOMPARE(*store->associations().count(), qint64(1)); // untouched
        qint64 lastDone = 0, lastTotal = 0;
        QVERIFY(builder.rebuildAll(nullptr, [&](qint64 done, qint64 total) {
                           lastDone = done;
                           lastTotal = total;
                           return true;
                       }).ok());
        QCOMPARE(lastDone, lastTotal);
    }

    void boostCapsAtOne()
    {
        recollector::test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(mem(QStringLiteral("a"), kw("x"))).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("b"), kw("y"))).ok());
        QVERIFY(store->memories().insert(mem(QStringLiteral("c"), kw("z"))).ok());
        QVERIFY(store->associations().put({QStringLiteral("a"), QStringLiteral("b"), 0.9, QStringLiteral("keyword"), 0}).ok());
        AssociationBuilder builder(*store, Config::defaults());
        auto first = builder.boost(QStringLiteral("b"), QStringLiteral("a"), 0.05);
        QVERIFY(first.ok() && first->has_value());
        QVERIFY(qFuzzyCompare(**first, 0.95));
        QCOMPARE(**builder.boost(QStringLiteral("a"), QStringLiteral("b"), 0.1), 1.0);
        QCOMPARE((*store->associations().get(QStringLiteral("a"), QStringLiteral("b")))->weight, 1.0);
        // One row per pair, whichever end was named.
        QCOMPARE(*store->associations().count(), qint64(1));
        // No link, no boost.
        auto none = builder.boost(QStringLiteral("a"), QStringLiteral("c"), 0.05);
        QVERIFY(none.ok() && !none->has_value());
        QCOMPARE(*store->associations().count(), qint64(1));
    }

    void keywordIndexGroups()
    {
        const std::vector<Memory> memories{
            mem(QStringLiteral("late"), kw("Rust, async ,TOKIO"), 10, QStringLiteral("t"), QStringLiteral("/p")),
            mem(QStringLiteral("early"), kw("rust"), 1, QStringLiteral("t")),
            mem(QStringLiteral("mid"), kw("咖啡,unit test"), 5, {}, QStringLiteral("/p")),
        };
        KeywordIndex index = KeywordIndex::fromMemories(memories);
        const auto rust = index.keywordId(QStringLiteral("RUST"));
        QVERIFY(rust != KeywordIndex::kNone);
        QCOMPARE(int(index.posting(rust).size()), 2);
        QCOMPARE(index.id(index.posting(rust)[0]), QStringLiteral("early")); // creation order
        QCOMPARE(index.id(index.timeOrder()[1]), QStringLiteral("mid"));
        QCOMPARE(int(index.taskMembers(index.taskOf(index.find(QStringLiteral("late")))).size()), 2);
        QCOMPARE(index.projectName(index.projectOf(index.find(QStringLiteral("mid")))), QStringLiteral("/p"));
        QVERIFY(qFuzzyCompare(index.jaccard(index.find(QStringLiteral("late")), index.find(QStringLiteral("early"))), 1.0 / 3));

        // Query words: whole tokens, multi-word keywords on word boundaries, CJK by substring.
        auto names = [&](const QString &q) {
            QStringList out;
            for (auto k : index.matchQuery(q))
                out << index.keywordName(k);
            out.sort();
            return out;
        };
        QCOMPARE(names(QStringLiteral("How do I use Tokio with async Rust?")),
                 QStringList({QStringLiteral("async"), QStringLiteral("rust"), QStringLiteral("tokio")}));
        QCOMPARE(names(QStringLiteral("write a unit test")), QStringList{QStringLiteral("unit test")});
        QCOMPARE(names(QStringLiteral("a unit testing guide")), QStringList{});
        QCOMPARE(names(QStringLiteral("我喜欢喝咖啡吗")), QStringList{QStringLiteral("咖啡")});
        QCOMPARE(names(QStringLiteral("trust")), QStringList{});

        // An edit moves the entry between lists; a purge takes it out.
        Memory edited = memories[0];
        edited.keywords = kw("go");
        index.upsert(edited);
        QCOMPARE(int(index.posting(rust).size()), 1);
        index.remove(QStringLiteral("early"));
        QCOMPARE(int(index.posting(rust).size()), 0);
        QCOMPARE(index.find(QStringLiteral("early")), KeywordIndex::kNone);
        QCOMPARE(int(index.timeOrder().size()), 2);
    }

    void keywordIndexFromStore()
    {
        recollector::test::EngineStore store(m_engines);
        Memory m = mem(QStringLiteral("q"), {QStringLiteral("say \"hi\""), QStringLiteral("naïve"), QStringLiteral("Ünïcode")});
        QVERIFY(store->memories().insert(m).ok());
        auto index = KeywordIndex::build(*store);
        QVERIFY(index.ok());
        QVERIFY(index->keywordId(QStringLiteral("say \"hi\"")) != KeywordIndex::kNone);
        QVERIFY(index->keywordId(QStringLiteral("NAÏVE")) != KeywordIndex::kNone);
        QVERIFY(index->keywordId(QStringLiteral("ünïcode")) != KeywordIndex::kNone);
        QCOMPARE(int(index->keywordsOf(index->find(QStringLiteral("q"))).size()), 3);
    }
};

QTEST_GUILESS_MAIN(AssociationsTest)
#include "tst_associations.moc"
