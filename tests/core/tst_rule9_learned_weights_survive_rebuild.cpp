// Issue 14, rule 9 (docs/scoring.md, "Learned weights" and "Reinforcement"): what the links
// learn from use — the co-retrieval boost (+0.05) and the confirmed associative hit (+0.1) —
// is kept as `link_boost` events and added back by a rebuild of the links, in its
// transaction (0.333 → 0.383 stays 0.383); a recorded retrieval gives the memories that
// activation reached the association_hit reinforcement (×1.1), a preview never does. On real
// store files and team stores, through core and through the real recollector-cli process.
#include "engine/capture/AfterChange.h"
#include "engine/decisions/Decisions.h"
#include "engine/graph/AssociationBuilder.h"
#include "engine/graph/LearnedWeights.h"
#include "engine/recall/Retrieval.h"
#include "scoring/ScoringProfile.h"
#include "CliProcess.h"
#include "EngineStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cmath>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z
constexpr Millis kNow = kBase + kMsPerHour;
constexpr Millis kMinute = 60 * 1000;
const double kThird = 1.0 / 3.0; // Jaccard of [alpha, beta] and [beta, gamma]

// Created days apart (no temporal link), reinforced at kBase (strong at kNow).
Memory mem(const QString &id, const QStringList &keywords, double daysBefore)
{
    Memory m;
    m.id = id;
    m.content = QStringLiteral("content of ") + id;
    m.category = QStringLiteral("fact");
    m.keywords = keywords;
    m.confidence = 0.5;
    m.stability = 24;
    m.createdAt = m.updatedAt = kBase - Millis(daysBefore * double(kMsPerDay));
    m.lastReinforcedAt = kBase;
    return m;
}

void plantPair(test::EngineStore &store)
{
    // x and y share one keyword of three: a keyword link of weight 1/3 after a rebuild.
    QVERIFY(store->memories().insert(mem(QStringLiteral("x"), {QStringLiteral("alpha"), QStringLiteral("beta")}, 2)));
    QVERIFY(store->memories().insert(mem(QStringLiteral("y"), {QStringLiteral("beta"), QStringLiteral("gamma")}, 5)));
}

double weightOf(Store &store, const char *a, const char *b)
{
    auto link = store.associations().get(QString::fromLatin1(a), QString::fromLatin1(b));
    if (!link || !link->has_value())
        return -1;
    return (*link)->weight;
}

bool near(double actual, double expected) { return std::abs(actual - expected) < 1e-9; }

QStringList kindsOf(Store &store, const QString &id)
{
    QStringList kinds;
    const std::vector<Event> history = *store.events().forMemory(id);
    for (const Event &e : history)
        kinds << e.kind;
    return kinds;
}

std::vector<RetrievalResult> recall(Store &store, const QString &query, bool preview, int limit = 10,
                                    Millis at = kNow)
{
    const Config config = Config::defaults();
    const auto profile = makeProfile(QStringLiteral("ebbinghaus"), config);
    Retrieval retrieval(store, config, *profile);
    RetrievalOptions options;
    options.preview = preview;
    options.maxResults = limit;
    auto results = retrieval.retrieve(query, options, at);
    if (!results) {
        qWarning("%s", qPrintable(results.error().message));
        return {};
    }
    return *results;
}

Result<AssociationBuilder::Stats> rebuild(Store &store)
{
    return AssociationBuilder(store, Config::defaults()).rebuildAll();
}

using Run = test::CliRun;

Run cli(const QString &store, const QStringList &args)
{
    return test::runRecollectorCli(store, args, QStringLiteral("2024-01-01T01:00:00Z"));
}

} // namespace

class Rule9LearnedWeightsTest : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private slots:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void rule9_coRetrievalBoostSurvivesRebuild()
    {
        test::EngineStore store(m_engines);
        plantPair(store);
        QVERIFY(rebuild(*store));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird));

        // A preview learns nothing.
        QCOMPARE(recall(*store, QStringLiteral("beta"), true).size(), std::size_t(2));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird));
        QVERIFY(!kindsOf(*store, QStringLiteral("x")).contains(events::kLinkBoost));

        // Recalled together by a recorded retrieval: 0.333 → 0.383, kept as an event.
        QCOMPARE(recall(*store, QStringLiteral("beta"), false).size(), std::size_t(2));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05));
        const Event boost = store->events().forMemory(QStringLiteral("x"))->back();
        QCOMPARE(boost.kind, events::kLinkBoost);
        QCOMPARE(boost.payload.value("other").toString(), QStringLiteral("y"));
        QCOMPARE(boost.payload.value("reason").toString(), QStringLiteral("co_retrieval"));
        QCOMPARE(boost.payload.value("delta").toDouble(), 0.05);
        // y's history shows it too; it is counted once, from either end.
        const Event mirror = store->events().forMemory(QStringLiteral("y"))->back();
        QCOMPARE(mirror.kind, events::kLinkBoost);
        QCOMPARE(mirror.payload.value("other").toString(), QStringLiteral("x"));
        QCOMPARE(LearnedWeights::read(*store)->value(LearnedWeights::pairKey(QStringLiteral("y"), QStringLiteral("x"))), 0.05);
        QCOMPARE(LearnedWeights::read(*store)->size(), 1);
        QCOMPARE(LearnedWeights::ofMemory(*store, QStringLiteral("x"))->value(QStringLiteral("y")), 0.05);
        QCOMPARE(LearnedWeights::ofMemory(*store, QStringLiteral("y"))->value(QStringLiteral("x")), 0.05);

        // A real rebuild on the store, from a fresh connection: the learned weight stays.
        store.reopen();
        auto stats = rebuild(*store);
        QVERIFY(stats);
        QCOMPARE(stats->learned, qint64(1));
        QVERIFY2(near(weightOf(*store, "x", "y"), kThird + 0.05), qPrintable(QString::number(weightOf(*store, "x", "y"))));
        QCOMPARE(store->associations().get(QStringLiteral("x"), QStringLiteral("y"))->value().type,
                 QStringLiteral("keyword"));
        // A second rebuild does not add it twice.
        QVERIFY(rebuild(*store));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05));
    }

    /// An edit relinks the memory at once (AfterChange → AssociationBuilder::updateFor); what
    /// its links learned goes back on top, as in a rebuild: 0.383 stays 0.383.
    void rule9_learnedWeightSurvivesTheRelinkOfAnEdit()
    {
        test::EngineStore store(m_engines);
        plantPair(store);
        QVERIFY(rebuild(*store));
        QCOMPARE(recall(*store, QStringLiteral("beta"), false).size(), std::size_t(2));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05));

        // x's keywords change but still share one of three with y: the rule gives 1/3 again.
        const Config config = Config::defaults();
        Decisions decisions(*store, config);
        AfterChange after(*store, config);
        MemoryEdit edit;
        edit.keywords = QStringList{QStringLiteral("omega"), QStringLiteral("beta")};
        FollowUpOutcome followUp;
        auto done = after.runAll(
            decisions, 1, [&](std::size_t) { return decisions.edit(QStringLiteral("x"), edit, kNow + kMinute); },
            kNow + kMinute, &followUp);
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QVERIFY(followUp.relinked.contains(QStringLiteral("x")));
        QVERIFY2(near(weightOf(*store, "x", "y"), kThird + 0.05), qPrintable(QString::number(weightOf(*store, "x", "y"))));
    }

    void rule9_learnedWeightIsCappedAtOne()
    {
        test::EngineStore store(m_engines);
        plantPair(store);
        QVERIFY(rebuild(*store));
        for (int i = 0; i < 15; ++i) // 1/3 + 15 × 0.05 > 1
            QCOMPARE(recall(*store, QStringLiteral("beta"), false, 10, kNow + i * kMinute).size(), std::size_t(2));
        QCOMPARE(weightOf(*store, "x", "y"), 1.0);
        QVERIFY(rebuild(*store));
        QCOMPARE(weightOf(*store, "x", "y"), 1.0);
    }

    void rule9_undoneBoostIsNotReapplied_andUnlinkedPairsGetNone()
    {
        test::EngineStore store(m_engines);
        plantPair(store);
        QVERIFY(rebuild(*store));
        QVERIFY(!recall(*store, QStringLiteral("beta"), false).empty());
        const qint64 boostId = store->events().forMemory(QStringLiteral("x"))->back().id;
        const Config config = Config::defaults();
        QVERIFY(Decisions(*store, config).revert(boostId, kNow + kMinute));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird));
        QVERIFY(rebuild(*store));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird));

        // Learned again, then the rules stop linking the pair: the rebuild drops the link (a
        // boost strengthens a link, it never makes one); linked again, the boost is back.
        QVERIFY(!recall(*store, QStringLiteral("beta"), false, 10, kNow + 2 * kMinute).empty());
        MemoryEdit apart;
        apart.keywords = QStringList{QStringLiteral("gamma"), QStringLiteral("delta")};
        QVERIFY(Decisions(*store, config).edit(QStringLiteral("y"), apart, kNow + 3 * kMinute));
        QVERIFY(rebuild(*store));
        QCOMPARE(weightOf(*store, "x", "y"), -1.0);
        MemoryEdit back;
        back.keywords = QStringList{QStringLiteral("beta"), QStringLiteral("gamma")};
        QVERIFY(Decisions(*store, config).edit(QStringLiteral("y"), back, kNow + 4 * kMinute));
        QVERIFY(rebuild(*store));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05));
    }

    void rule9_confirmedAssociativeHitBoostsItsLink()
    {
        test::EngineStore store(m_engines);
        plantPair(store);
        QVERIFY(rebuild(*store));
        // "alpha" hits x directly; y comes by activation over the x–y link (1 × 1/3 × 0.5).
        const auto results = recall(*store, QStringLiteral("alpha"), false);
        QCOMPARE(results.size(), std::size_t(2));
        QVERIFY(!results[1].direct);
        QCOMPARE(results[1].id, QStringLiteral("y"));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05)); // recalled together

        // Confirming x (a direct hit) teaches the link nothing.
        const Config config = Config::defaults();
        QVERIFY(Decisions(*store, config).confirm(QStringLiteral("x"), kNow + kMinute));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05));
        // Confirming y, reached by association: +0.1 on the link it was reached over.
        auto confirmed = Decisions(*store, config).confirm(QStringLiteral("y"), kNow + 2 * kMinute);
        QVERIFY(confirmed);
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.15));
        const Event boost = store->events().forMemory(QStringLiteral("y"))->back();
        QCOMPARE(boost.kind, events::kLinkBoost);
        QCOMPARE(boost.payload.value("reason").toString(), QStringLiteral("confirmed_hit"));
        QCOMPARE(boost.payload.value("other").toString(), QStringLiteral("x"));
        // One recall teaches once.
        QVERIFY(Decisions(*store, config).confirm(QStringLiteral("y"), kNow + 3 * kMinute));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.15));

        // Both learned boosts survive a rebuild.
        store.reopen();
        QVERIFY(rebuild(*store));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.15));

        // Undoing the first confirmation of y takes its boost back, in the link and for the
        // next rebuild. (The later confirmation is undone first: undo goes newest first.)
        QVERIFY(Decisions(*store, config).revert(store->events().forMemory(QStringLiteral("y"))->back().id,
                                                 kNow + 4 * kMinute));
        QVERIFY(Decisions(*store, config).revert(confirmed->eventIds.front(), kNow + 5 * kMinute));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05));
        QVERIFY(rebuild(*store));
        QVERIFY(near(weightOf(*store, "x", "y"), kThird + 0.05));
    }

    void rule9_associationHitOnlyForWhatActivationReached()
    {
        test::EngineStore store(m_engines);
        plantPair(store);
        // z is linked to x too weakly for the spread to reach it: 1 × 0.15 × 0.5 < 0.1.
        QVERIFY(store->memories().insert(mem(QStringLiteral("z"), {QStringLiteral("omega")}, 9)));
        QVERIFY(rebuild(*store));
        QVERIFY(store->associations().put({QStringLiteral("x"), QStringLiteral("z"), 0.15, QStringLiteral("manual"), 0}));

        // A preview reinforces nothing.
        QCOMPARE(recall(*store, QStringLiteral("alpha"), true).size(), std::size_t(2));
        QCOMPARE(kindsOf(*store, QStringLiteral("y")), QStringList());

        // A limit that cuts y off: activation reached it, but it was not returned.
        QCOMPARE(recall(*store, QStringLiteral("alpha"), false, 1).size(), std::size_t(1));
        QVERIFY(!kindsOf(*store, QStringLiteral("y")).contains(events::kReinforce));

        const Memory yBefore = *store->memories().get(QStringLiteral("y"));
        const Memory xBefore = *store->memories().get(QStringLiteral("x"));
        const auto results = recall(*store, QStringLiteral("alpha"), false, 10, kNow + kMinute);
        QCOMPARE(results.size(), std::size_t(2));

        // y, reached by activation: its access, then association_hit (stability × 1.1), one use.
        // (Then the co-retrieval boost of x–y, whose copy is in y's history too.)
        const auto yEvents = *store->events().forMemory(QStringLiteral("y"));
        QVERIFY(yEvents.size() >= 3);
        const Event &hit = yEvents[yEvents.size() - 2];
        const Event &access = yEvents[yEvents.size() - 3];
        QCOMPARE(yEvents.back().kind, events::kLinkBoost);
        QCOMPARE(hit.kind, events::kReinforce);
        QCOMPARE(hit.payload.value("event").toString(), QStringLiteral("association_hit"));
        QCOMPARE(hit.payload.value("via").toString(), QStringLiteral("x"));
        QCOMPARE(access.kind, events::kAccess);
        QCOMPARE(hit.payload.value("decision"), access.payload.value("decision"));
        QCOMPARE(yEvents.back().payload.value("decision"), access.payload.value("decision"));
        const Memory y = *store->memories().get(QStringLiteral("y"));
        QVERIFY(near(y.stability, yBefore.stability * 1.1));
        QCOMPARE(y.reinforceCount, yBefore.reinforceCount + 1);
        QCOMPARE(y.lastReinforcedAt, kNow + kMinute);
        QCOMPARE(y.accessCount, yBefore.accessCount + 1);

        // x, the direct hit, and z, which the spread never reached, get no reinforcement.
        const Memory x = *store->memories().get(QStringLiteral("x"));
        QCOMPARE(x.stability, xBefore.stability);
        QVERIFY(!kindsOf(*store, QStringLiteral("x")).contains(events::kReinforce));
        QCOMPARE(kindsOf(*store, QStringLiteral("z")), QStringList());
    }

    void rule9_cliRetrieveAndRebuildKeepTheLearnedWeight()
    {
        test::EngineStore store(m_engines);
        plantPair(store);
        store.close(); // only the recollector-cli processes use the store from here on

        QCOMPARE(cli(store.path(), {QStringLiteral("rebuild-associations")}).code, 0);
        const Run preview = cli(store.path(), {QStringLiteral("retrieve"), QStringLiteral("alpha"), QStringLiteral("--preview")});
        QCOMPARE(preview.code, 0);
        const Run recorded = cli(store.path(), {QStringLiteral("retrieve"), QStringLiteral("alpha")});
        QCOMPARE(recorded.code, 0);
        QVERIFY(recorded.out.contains("associative"));
        const Run rebuilt = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("rebuild-associations")});
        QCOMPARE(rebuilt.code, 0);

        store.reopen();
        QVERIFY2(near(weightOf(*store, "x", "y"), kThird + 0.05), qPrintable(QString::number(weightOf(*store, "x", "y"))));
        QCOMPARE(QJsonDocument::fromJson(rebuilt.out).object().value("learned").toInt(), 1);
        // The recorded retrieval (not the preview) reinforced y, reached by activation, once.
        int hits = 0;
        const std::vector<Event> yHistory = *store->events().forMemory(QStringLiteral("y"));
        for (const Event &e : yHistory)
            hits += e.kind == events::kReinforce && e.payload.value("event").toString() == QLatin1String("association_hit");
        QCOMPARE(hits, 1);
        QVERIFY(near(store->memories().get(QStringLiteral("y"))->stability, 24 * 1.1));
        QCOMPARE(store->memories().get(QStringLiteral("x"))->stability, 24.0);
    }
};

QTEST_GUILESS_MAIN(Rule9LearnedWeightsTest)
#include "tst_rule9_learned_weights_survive_rebuild.moc"
