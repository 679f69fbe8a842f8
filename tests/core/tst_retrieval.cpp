// Retrieval (docs/scoring.md, "Retrieval"): the keywords ranking's relevance and associative
// formulas as data rows, explanations and paths, query modes, project scope, access recording
// vs preview. The text ranking has its own test (tst_text_recall). On a store file and on a
// team store (EngineStore.h).
#include "engine/conflicts/ConflictDetector.h"
#include "engine/recall/Retrieval.h"
#include "scoring/ScoringProfile.h"
#include "EngineStore.h"

#include <QTest>

#include <cmath>

using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z

QString u(const char *text) { return QString::fromUtf8(text); }

Memory mem(const QString &id, const QStringList &keywords, double confidence = 0.5, const QString &project = {},
           double hoursBeforeNow = 0)
{
    Memory m;
    m.id = id;
    m.content = QStringLiteral("content of ") + id;
    m.category = QStringLiteral("fact");
    m.keywords = keywords;
    m.confidence = confidence;
    m.projectPath = project;
    m.stability = 24;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kBase - Millis(hoursBeforeNow * double(kMsPerHour));
    return m;
}

QStringList kw(const char *list) { return QString::fromUtf8(list).split(QLatin1Char(','), Qt::SkipEmptyParts); }

struct Fixture
{
    explicit Fixture(recollector::test::EngineFixture &engines) : store(engines) {}
    recollector::test::EngineStore store;
    Config config = Config::defaults();
    std::unique_ptr<ScoringProfile> profile = makeProfile(QStringLiteral("ebbinghaus"), config);

    void add(const Memory &m) { QVERIFY(store->memories().insert(m).ok()); }
    void link(const char *a, const char *b, double w)
    {
        QVERIFY(store->associations().put({QString::fromLatin1(a), QString::fromLatin1(b), w, QStringLiteral("keyword"), 0}).ok());
    }
    /// Always a preview: the test that checks what a retrieval writes calls Retrieval itself.
    std::vector<RetrievalResult> run(const QString &query, RetrievalOptions options = {})
    {
        options.preview = true;
        options.ranking = Ranking::Keywords;
        Retrieval retrieval(*store, config, *profile);
        auto r = retrieval.retrieve(query, options, kBase);
        if (!r) {
            qWarning("%s", qPrintable(r.error().message));
            return {};
        }
        return *r;
    }
};

QStringList idsOf(const std::vector<RetrievalResult> &results)
{
    QStringList ids;
    for (const auto &r : results)
        ids << r.id + (r.direct ? QString() : QStringLiteral("~"));
    return ids;
}

} // namespace

class RetrievalTest : public QObject
{
    Q_OBJECT
    recollector::test::EngineFixture m_engines;

private slots:
    void initTestCase_data() { recollector::test::EngineFixture::addEngines(); }

    void relevance_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QStringList>("keywords");
        QTest::addColumn<double>("confidence");
        QTest::addColumn<bool>("inProject");
        QTest::addColumn<double>("hoursSinceReinforced");
        QTest::addColumn<double>("expected");

        // overlap 1 → 2.0; strength 100 → 0.5; project 0.3; confidence 0.8 → 0.24.
        QTest::newRow("all terms") << "typescript testing" << kw("typescript,testing,vitest") << 0.8 << true << 0.0
                                   << 3.04;
        // overlap 1/2 → 1.0; 24 h at S=24 → strength 37 → 0.185; confidence 0.5 → 0.15.
        QTest::newRow("half overlap, a day old") << "typescript testing" << kw("testing") << 0.5 << false << 24.0
                                                 << 1.335;
        // Unknown words are not query keywords: "how do I configure" count for nothing.
        QTest::newRow("only known words count") << "how do I configure vitest" << kw("vitest,config") << 1.0 << false
                                                << 0.0 << 2.8;
        QTest::newRow("chinese keyword in a sentence") << u("我喜欢喝咖啡吗") << kw("咖啡") << 0.5 << true << 0.0
                                                       << 2.95;
    }

    void relevance()
    {
        QFETCH(QString, query);
        QFETCH(QStringList, keywords);
        QFETCH(double, confidence);
        QFETCH(bool, inProject);
        QFETCH(double, hoursSinceReinforced);
        QFETCH(double, expected);
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("m"), keywords, confidence, QStringLiteral("/web"), hoursSinceReinforced));
        // Another memory makes the other query words keywords of the store.
        f.add(mem(QStringLiteral("other"), kw("typescript,unrelated"), 0.5, {}, 1000));
        RetrievalOptions options;
        options.project = inProject ? QStringLiteral("/web") : QString();
        const auto results = f.run(query, options);
        QVERIFY(!results.empty());
        const RetrievalResult &r = results.front();
        QCOMPARE(r.id, QStringLiteral("m"));
        QVERIFY(r.direct);
        QVERIFY2(qAbs(r.score - expected) < 1e-9, qPrintable(QString::number(r.score, 'g', 12)));
        QVERIFY(r.path.isEmpty());
        QVERIFY(r.explanation().startsWith(QStringLiteral("direct:")));
        QCOMPARE(r.factors.value(QStringLiteral("relevance")).toDouble(), r.score);
    }

    void associativeScores_data()
    {
        QTest::addColumn<double>("weight");
        QTest::addColumn<double>("hoursSinceReinforced"); // of the associated memory
        QTest::addColumn<double>("activation");
        QTest::addColumn<double>("score");
        // (keywordScore 0·0.6 + activation·0.4)·strength/100
        QTest::newRow("0.8 link, strength 100") << 0.8 << 0.0 << 0.4 << 0.16;
        QTest::newRow("1.0 link, strength 37") << 1.0 << 24.0 << 0.5 << 0.074;
        QTest::newRow("0.2 link at the threshold") << 0.2 << 0.0 << 0.1 << 0.04;
    }

    void associativeScores()
    {
        QFETCH(double, weight);
        QFETCH(double, hoursSinceReinforced);
        QFETCH(double, activation);
        QFETCH(double, score);
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("seed"), kw("rust")));
        f.add(mem(QStringLiteral("near"), kw("borrowing"), 0.5, {}, hoursSinceReinforced));
        f.link("near", "seed", weight);
        const auto results = f.run(QStringLiteral("rust"));
        QCOMPARE(idsOf(results), QStringList({QStringLiteral("seed"), QStringLiteral("near~")}));
        const RetrievalResult &r = results[1];
        QCOMPARE(r.activation, activation);
        QVERIFY2(qAbs(r.score - score) < 1e-9, qPrintable(QString::number(r.score, 'g', 12)));
        QCOMPARE(r.path, QStringList{QStringLiteral("seed")});
        QCOMPARE(r.depth, 1);
    }

    void everyAssociativeResultExplainsItsPath()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("s1"), kw("vite,config")));
        f.add(mem(QStringLiteral("s2"), kw("vite")));
        f.add(mem(QStringLiteral("x"), kw("rollup")));
        f.add(mem(QStringLiteral("y"), kw("esbuild")));
        f.add(mem(QStringLiteral("z"), kw("bundling")));
        f.link("s1", "x", 1.0);
        f.link("x", "y", 1.0);
        f.link("s2", "z", 0.5);
        f.link("s1", "s2", 1.0);
        const auto results = f.run(QStringLiteral("vite config"));
        // Seeds: s1 (overlap 1) then s2 (overlap 1/2); associative by score.
        QCOMPARE(idsOf(results), QStringList({QStringLiteral("s1"), QStringLiteral("s2"), QStringLiteral("x~"),
                                              QStringLiteral("y~"), QStringLiteral("z~")}));
        for (const RetrievalResult &r : results) {
            if (r.direct)
                continue;
            QVERIFY2(!r.path.isEmpty(), qPrintable(r.id));
            QVERIFY(r.explanation().contains(r.path.join(QStringLiteral(" → "))));
            QVERIFY(r.factors.contains(QStringLiteral("activation")));
        }
        QCOMPARE(results[3].path, QStringList({QStringLiteral("s1"), QStringLiteral("x")}));
        QCOMPARE(results[3].activation, 0.25);
        // z hangs off the weaker seed: its activation starts from s2's relative relevance.
        const double s2 = results[1].activation;
        QVERIFY(s2 < 1.0);
        QVERIFY(qAbs(results[4].activation - std::round(s2 * 0.5 * 0.5 * 1e6) / 1e6) < 1e-9);
    }

    void modesFilterAndStopTheSpread()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("seed"), kw("deploy")));
        Memory negated = mem(QStringLiteral("neg"), kw("deploy,staging"));
        negated.negated = true;
        negated.negatedAt = kBase;
        f.add(negated);
        Memory deleted = mem(QStringLiteral("del"), kw("deploy"));
        deleted.deletedAt = kBase;
        f.add(deleted);
        Memory archived = mem(QStringLiteral("arc"), kw("deploy"));
        archived.level = MemoryLevel::Archive;
        f.add(archived);
        f.add(mem(QStringLiteral("old"), kw("deploy"), 0.5, {}, 24 * 10)); // strength ~0: forgotten
        f.add(mem(QStringLiteral("behind"), kw("rollback")));
        f.link("seed", "neg", 1.0);
        f.link("neg", "behind", 1.0);

        RetrievalOptions normal;
        auto ids = idsOf(f.run(QStringLiteral("deploy"), normal));
        QCOMPARE(ids, QStringList{QStringLiteral("seed")}); // neg is not passed through: behind stays dark

        RetrievalOptions review;
        review.mode = QueryMode::Review;
        ids = idsOf(f.run(QStringLiteral("deploy staging"), review));
        ids.sort();
        QCOMPARE(ids, QStringList({QStringLiteral("arc"), QStringLiteral("behind~"), QStringLiteral("neg"),
                                   QStringLiteral("old"), QStringLiteral("seed")}));

        RetrievalOptions debug;
        debug.mode = QueryMode::Debug;
        QVERIFY(idsOf(f.run(QStringLiteral("deploy"), debug)).contains(QStringLiteral("del")));
        QCOMPARE(queryModeFromName(QStringLiteral("review")), std::optional<QueryMode>(QueryMode::Review));
        QVERIFY(!queryModeFromName(QStringLiteral("everything")));
    }

    void seedsAndResultsAreBounded()
    {
        Fixture f(m_engines);
        for (int i = 0; i < 12; ++i) {
            f.add(mem(QStringLiteral("d%1").arg(i, 2, 10, QLatin1Char('0')), kw("cache"), 0.05 * i));
            f.add(mem(QStringLiteral("a%1").arg(i, 2, 10, QLatin1Char('0')), kw("other")));
        }
        for (int i = 0; i < 12; ++i)
            f.link("d11", qPrintable(QStringLiteral("a%1").arg(i, 2, 10, QLatin1Char('0'))), 1.0 - 0.01 * i);
        const auto results = f.run(QStringLiteral("cache"));
        QCOMPARE(int(results.size()), 10);
        int direct = 0;
        for (const auto &r : results)
            direct += r.direct ? 1 : 0;
        QCOMPARE(direct, 5);
        QCOMPARE(results.front().id, QStringLiteral("d11")); // highest confidence
        QCOMPARE(results[5].id, QStringLiteral("a00"));       // strongest link first
    }

    void theBestSeedsAreFoundBeyondTheFirstRead()
    {
        // More candidates than one read of rows (128): 140 memories with both query keywords,
        // the five most confident added last, and 140 with one keyword and a higher confidence
        // (which cannot catch up: overlap 0.5·2 + 0.5 + 0.3 < 1·2). The seeds are the last five.
        Fixture f(m_engines);
        for (int i = 0; i < 140; ++i) {
            f.add(mem(QStringLiteral("b%1").arg(i, 3, 10, QLatin1Char('0')), kw("cache,disk"),
                      i >= 135 ? 0.1 * (i - 133) : 0.1));
            f.add(mem(QStringLiteral("c%1").arg(i, 3, 10, QLatin1Char('0')), kw("cache"), 1.0));
        }
        const auto results = f.run(QStringLiteral("cache disk"));
        QCOMPARE(idsOf(results), kw("b139,b138,b137,b136,b135"));
        QCOMPARE(results.front().score, 2.0 + 0.5 + 0.6 * 0.3);
        QCOMPARE(results.back().activation, std::round((2.0 + 0.5 + 0.2 * 0.3) / (2.0 + 0.5 + 0.6 * 0.3) * 1e6) / 1e6);
    }

    void projectScopeWins()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("global"), kw("indent"), 0.9));
        Memory project = mem(QStringLiteral("project"), kw("indent"), 0.5, QStringLiteral("/web"));
        project.content = QStringLiteral("Indent with 4 spaces");
        Memory global = mem(QStringLiteral("global"), kw("indent"), 0.9);
        global.content = QStringLiteral("Indent with 2 spaces");
        QVERIFY(f.store->memories().update(global).ok());
        f.add(project);
        ConflictDetector detector(*f.store, f.config);
        QCOMPARE(int(detector.detectAll(kBase)->size()), 1); // scope_overlap, auto:project_wins

        RetrievalOptions inside;
        inside.project = QStringLiteral("/web");
        QCOMPARE(idsOf(f.run(QStringLiteral("indent"), inside)), QStringList{QStringLiteral("project")});
        RetrievalOptions outside;
        outside.project = QStringLiteral("/cli");
        QCOMPARE(idsOf(f.run(QStringLiteral("indent"), outside)),
                 QStringList({QStringLiteral("global"), QStringLiteral("project")}));
    }

    void accessIsRecordedUnlessPreview()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("s"), kw("sqlite,wal")));
        f.add(mem(QStringLiteral("t"), kw("sqlite")));
        f.add(mem(QStringLiteral("x"), kw("fsync")));
        f.link("s", "x", 0.9);
        f.link("s", "t", 0.5);
        const qint64 eventsBefore = *f.store->events().count();

        RetrievalOptions preview;
        preview.preview = true;
        QCOMPARE(int(f.run(QStringLiteral("sqlite wal"), preview).size()), 3);
        QCOMPARE(*f.store->events().count(), eventsBefore);
        QCOMPARE(f.store->memories().get(QStringLiteral("s"))->accessCount, 0);

        Retrieval retrieval(*f.store, f.config, *f.profile);
        const Millis now = kBase + kMsPerHour;
        RetrievalOptions recorded;
        recorded.ranking = Ranking::Keywords;
        auto results = retrieval.retrieve(QStringLiteral("sqlite wal"), recorded, now);
        QVERIFY(results.ok());
        QCOMPARE(retrieval.queryKeywords(), QStringList({QStringLiteral("sqlite"), QStringLiteral("wal")}));
        QCOMPARE(int(results->size()), 3);
        for (const RetrievalResult &r : *results) {
            const Memory m = *f.store->memories().get(r.id);
            QCOMPARE(m.accessCount, 1);
            QCOMPARE(m.lastAccessedAt, now);
            QCOMPARE(r.memory, m);
            const auto history = f.store->events().forMemory(r.id);
            if (r.direct) {
                QCOMPARE(m.updatedAt, kBase);        // an access is not an edit
                QCOMPARE(m.lastReinforcedAt, kBase); // nor a reinforcement
            } else {
                // Reached by activation: note 000's association_hit after the access (issue 14
                // rule 9), one use only.
                QCOMPARE(m.lastReinforcedAt, now);
                QCOMPARE(m.stability, 24 * 1.1);
                QCOMPARE(history->at(1).kind, QStringLiteral("reinforce"));
                QCOMPARE(history->at(1).payload.value(QStringLiteral("event")).toString(), QStringLiteral("association_hit"));
            }
            QCOMPARE(history->front().kind, QStringLiteral("access"));
            QCOMPARE(history->front().payload.value(QStringLiteral("query")).toString(), QStringLiteral("sqlite wal"));
            QCOMPARE(history->front().payload.value(QStringLiteral("direct")).toBool(), r.direct);
        }
        // Co-retrieval: every linked pair among the results +0.05; unlinked pairs stay unlinked.
        QVERIFY(qFuzzyCompare((*f.store->associations().get(QStringLiteral("s"), QStringLiteral("x")))->weight, 0.95));
        QVERIFY(qFuzzyCompare((*f.store->associations().get(QStringLiteral("s"), QStringLiteral("t")))->weight, 0.55));
        QVERIFY(!f.store->associations().get(QStringLiteral("t"), QStringLiteral("x"))->has_value());
    }

    // Rule: a recorded retrieval writes note 002's decay back into importance before it restarts
    // the access clock, as a reinforcement does (docs/scoring.md, "Importance"); a recall must
    // not bring a decayed memory back to its first importance.
    void retrievalDoesNotUndoImportanceDecay_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<double>("initial");
        QTest::addColumn<double>("daysSinceAccess");
        QTest::addColumn<double>("decayed");
        QTest::addColumn<int>("tier");
        // fact: ×0.95 a day after 7 days. 1.0 at 28 d → 0.95²¹ = 0.3406 (weak: only review mode
        // recalls it); 1.25 at 20 d → 1.25·0.95¹³ = 0.6418 (active).
        QTest::newRow("weak 0.34 in review mode") << int(QueryMode::Review) << 1.0 << 28.0 << std::pow(0.95, 21)
                                                  << int(Tier::Weak);
        QTest::newRow("active 0.64 in normal mode") << int(QueryMode::Normal) << 1.25 << 20.0
                                                    << 1.25 * std::pow(0.95, 13) << int(Tier::Active);
    }

    void retrievalDoesNotUndoImportanceDecay()
    {
        QFETCH(int, mode);
        QFETCH(double, initial);
        QFETCH(double, daysSinceAccess);
        QFETCH(double, decayed);
        QFETCH(int, tier);
        Fixture f(m_engines);
        f.profile = makeProfile(QStringLiteral("importance"), f.config);
        Memory m = mem(QStringLiteral("m"), kw("backup,schedule"), 0.5, {}, daysSinceAccess * 24);
        m.importance = initial;
        m.lastAccessedAt = m.lastReinforcedAt;
        f.add(m);
        const Score beforeRecall = f.profile->evaluate(*f.store->memories().get(QStringLiteral("m")), kBase);
        QVERIFY2(qAbs(beforeRecall.score - decayed) < 1e-9, qPrintable(QString::number(beforeRecall.score)));

        Retrieval retrieval(*f.store, f.config, *f.profile);
        RetrievalOptions options;
        options.mode = QueryMode(mode);
        options.ranking = Ranking::Keywords;
        auto results = retrieval.retrieve(QStringLiteral("backup"), options, kBase);
        QVERIFY(results.ok());
        QCOMPARE(int(results->size()), 1);
        const Memory after = *f.store->memories().get(QStringLiteral("m"));
        QCOMPARE(after.lastAccessedAt, kBase);
        QCOMPARE(after.accessCount, 1);
        // The decay already suffered stays: the stored importance is the decayed value…
        QVERIFY2(qAbs(after.importance - decayed) < 1e-9, qPrintable(QString::number(after.importance)));
        // …so the memory scores the same right after the recall, in the same tier…
        const Score recalled = f.profile->evaluate(after, kBase);
        QVERIFY2(qAbs(recalled.score - decayed) < 1e-9, qPrintable(QString::number(recalled.score)));
        QCOMPARE(int(recalled.tier), tier);
        // …and the event records the write-back, so undo and the curve see it.
        const auto history = f.store->events().forMemory(QStringLiteral("m"));
        QCOMPARE(history->back().kind, QStringLiteral("access"));
        QCOMPARE(history->back().payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("importance")).toDouble(),
                 initial);
        // Seven days later the grace period has passed again: decay goes on from the decayed value.
        const Score later = f.profile->evaluate(after, kBase + 8 * kMsPerDay);
        QVERIFY(qAbs(later.score - decayed * 0.95) < 1e-9);
    }

    // Rule: in normal mode nothing below the profile's weak line is recalled, neither as a
    // direct hit nor on the way of the spread (ebbinghaus strength 10, enhanced W 0.3,
    // importance 0.5, lifecycle 0.3); review mode still shows them.
    void recallExcludesWeakMemoriesInNormalMode_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<double>("hoursOld");
        // ebbinghaus: S 24 h, 60 h → 100·e^(−2.5) = 8 (weak < 10, forgotten < 5).
        QTest::newRow("ebbinghaus strength 8") << "ebbinghaus" << 60.0;
        // enhanced: a fact after 300 days → 1.1 / (1 + 0.01/1.1·300) = 0.2951 (weak < 0.3).
        QTest::newRow("enhanced W 0.2951") << "enhanced" << 300.0 * 24;
        // importance: a fact of 1.0, 28 days since its last access → 0.95²¹ = 0.3406 (weak < 0.5).
        QTest::newRow("importance 0.3406") << "importance" << 28.0 * 24;
        // lifecycle: 20 days, never recalled, importance 1 → e^(−2)·1.3 = 0.176 (weak < 0.3).
        QTest::newRow("lifecycle 0.176") << "lifecycle" << 20.0 * 24;
    }

    void recallExcludesWeakMemoriesInNormalMode()
    {
        QFETCH(QString, profile);
        QFETCH(double, hoursOld);
        Fixture f(m_engines);
        f.profile = makeProfile(profile, f.config);
        f.add(mem(QStringLiteral("strong"), kw("deploy")));
        f.add(mem(QStringLiteral("weak"), kw("deploy"), 0.5, {}, hoursOld));
        f.add(mem(QStringLiteral("weakLinked"), kw("rollback"), 0.5, {}, hoursOld));
        f.add(mem(QStringLiteral("beyond"), kw("canary")));
        f.link("strong", "weakLinked", 1.0);
        f.link("weakLinked", "beyond", 1.0);
        for (const char *id : {"weak", "weakLinked"}) {
            const Score s = f.profile->evaluate(*f.store->memories().get(QString::fromLatin1(id)), kBase);
            QVERIFY2(s.tier == Tier::Weak, qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(id)).arg(s.score)));
            QVERIFY(s.score < f.profile->weakLine());
        }
        QCOMPARE(idsOf(f.run(QStringLiteral("deploy"))), QStringList{QStringLiteral("strong")});

        RetrievalOptions review;
        review.mode = QueryMode::Review;
        QStringList ids = idsOf(f.run(QStringLiteral("deploy"), review));
        ids.sort();
        QCOMPARE(ids, QStringList({QStringLiteral("beyond~"), QStringLiteral("strong"), QStringLiteral("weak"),
                                   QStringLiteral("weakLinked~")}));
    }

    void nothingKnownNothingRecalled()
    {
        Fixture f(m_engines);
        f.add(mem(QStringLiteral("s"), kw("sqlite")));
        QVERIFY(f.run(QStringLiteral("what about postgres")).empty());
        QVERIFY(f.run(QString()).empty());
    }
};

QTEST_GUILESS_MAIN(RetrievalTest)
#include "tst_retrieval.moc"
