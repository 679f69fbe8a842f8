// Issue 14, rule 3 (docs/scoring.md, "Unarchive"; the lifecycle design: "re-activated when
// recalled"): under the lifecycle profile a recorded review-mode retrieval brings back the
// archived and compressed memories it returns (a preview does not); confirming an archived
// or compressed memory unarchives it; Unarchive is an undoable decision in core and in the
// real recollector-cli. On a store file on disk and on a team store.
#include "engine/decisions/Decisions.h"
#include "engine/recall/Retrieval.h"
#include "engine/review/Cleanup.h"
#include "scoring/ScoringProfile.h"
#include "store/MetaRepository.h"
#include "CliProcess.h"
#include "EngineStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z
constexpr Millis kNow = kBase + 20 * kMsPerDay;

/// Thirty ten-word sentences (300 words): a compression shortens it.
QString longText(const QString &keyword)
{
    QStringList sentences;
    for (int i = 0; i < 30; ++i)
        sentences << QStringLiteral("Sentence %1 about %2 says one more thing here.").arg(i, 2, 10, QLatin1Char('0')).arg(keyword);
    return sentences.join(QLatin1Char(' '));
}

Memory mem(const QString &id, const QString &content, const QString &keyword, MemoryLevel level = MemoryLevel::Full)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("episode");
    m.keywords = {keyword};
    m.level = level;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = kBase; // 20 days before kNow
    return m;
}

QStringList kindsOf(Store &store, const QString &id)
{
    QStringList kinds;
    const auto history = store.events().forMemory(id);
    for (const Event &e : *history)
        kinds << e.kind;
    return kinds;
}

using Run = test::CliRun;

Run cli(const QString &store, const QStringList &args, const QString &at = QStringLiteral("2024-01-21T00:00:00Z"))
{
    return test::runRecollectorCli(store, args, at);
}

} // namespace

class TestRule3ArchivedCanComeBack : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private slots:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void init();
    void reviewRecallReactivates();
    void otherRecallsDoNot();
    void confirmUnarchives();
    void unarchiveDecisionAndUndo();
    void cliUnarchiveAndRecall();

private:
    /// Puts in a compressed memory (compressed by a real lifecycle cleanup) and an archived one.
    void plant(test::EngineStore &store);
    QString m_original;
    Config m_config = Config::defaults();
};

void TestRule3ArchivedCanComeBack::init() { m_original = longText(QStringLiteral("vitest")); }

void TestRule3ArchivedCanComeBack::plant(test::EngineStore &store)
{
    QVERIFY(store->meta().setValue(MetaRepository::kProfile, QStringLiteral("lifecycle")).ok());
    QVERIFY(store->memories().insert(mem(QStringLiteral("mem_c"), m_original, QStringLiteral("vitest"))).ok());
    QVERIFY(store->memories()
                .insert(mem(QStringLiteral("mem_a"), QStringLiteral("Runs vitest in watch mode."), QStringLiteral("vitest"),
                            MemoryLevel::Archive))
                .ok());
    const auto profile = makeProfile(QStringLiteral("lifecycle"), m_config);
    Cleanup cleanup(*store, m_config, *profile);
    auto plan = cleanup.plan(kNow - kMsPerHour);
    QVERIFY(plan.ok());
    QVERIFY(plan->ids(CleanupKind::Compress).contains(QStringLiteral("mem_c")));
    std::erase_if(plan->actions, [](const CleanupAction &a) { return a.memoryId != QLatin1String("mem_c"); });
    QVERIFY(cleanup.apply(*plan).ok());
    const auto c = store->memories().get(QStringLiteral("mem_c"));
    QVERIFY(c->compressed);
    QVERIFY(c->content != m_original);
}

void TestRule3ArchivedCanComeBack::reviewRecallReactivates()
{
    test::EngineStore store(m_engines);
    plant(store);
    if (QTest::currentTestFailed())
        return;
    const auto profile = makeProfile(QStringLiteral("lifecycle"), m_config);
    Retrieval retrieval(*store, m_config, *profile);
    RetrievalOptions options;
    options.mode = QueryMode::Review;
    const auto results = retrieval.retrieve(QStringLiteral("vitest"), options, kNow);
    QVERIFY(results.ok());
    QCOMPARE(results->size(), std::size_t(2));

    store.reopen();
    const auto c = store->memories().get(QStringLiteral("mem_c"));
    const auto a = store->memories().get(QStringLiteral("mem_a"));
    // Back in full, with the original text, the age counting anew: active (score 1.0).
    QCOMPARE(c->content, m_original);
    QVERIFY(!c->compressed);
    QVERIFY(c->compressedFrom.isEmpty());
    QCOMPARE(c->level, MemoryLevel::Full);
    QCOMPARE(a->level, MemoryLevel::Full);
    for (const Memory &m : {*c, *a}) {
        QCOMPARE(m.lastReinforcedAt, kNow);
        QCOMPARE(m.accessCount, 1);
        const Score s = profile->evaluate(m, kNow);
        QCOMPARE(s.tier, Tier::Active);
        QVERIFY(s.score >= 0.7);
    }
    // The unarchive is written beside the access, in the same decision.
    const auto history = store->events().forMemory(QStringLiteral("mem_a"));
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_a")), (QStringList{events::kAccess, events::kUnarchive}));
    const QJsonObject access = history->at(0).payload;
    const QJsonObject unarchive = history->at(1).payload;
    QCOMPARE(unarchive.value(QStringLiteral("trigger")).toString(), QStringLiteral("retrieval"));
    QCOMPARE(unarchive.value(QStringLiteral("decision")), access.value(QStringLiteral("decision")));
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_c")),
             (QStringList{events::kCompress, events::kAccess, events::kUnarchive}));
}

void TestRule3ArchivedCanComeBack::otherRecallsDoNot()
{
    test::EngineStore store(m_engines);
    plant(store);
    if (QTest::currentTestFailed())
        return;
    const auto before = store->memories().get(QStringLiteral("mem_c"));
    const auto lifecycle = makeProfile(QStringLiteral("lifecycle"), m_config);
    {
        // A preview writes nothing.
        Retrieval retrieval(*store, m_config, *lifecycle);
        RetrievalOptions options;
        options.mode = QueryMode::Review;
        options.preview = true;
        QCOMPARE(retrieval.retrieve(QStringLiteral("vitest"), options, kNow)->size(), std::size_t(2));
    }
    {
        // Normal mode does not return them at all.
        Retrieval retrieval(*store, m_config, *lifecycle);
        QVERIFY(retrieval.retrieve(QStringLiteral("vitest"), RetrievalOptions{}, kNow)->empty());
    }
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_a")), QStringList{});
    QCOMPARE(*store->memories().get(QStringLiteral("mem_c")), *before);
    {
        // Another profile records the access only.
        const auto ebbinghaus = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        Retrieval retrieval(*store, m_config, *ebbinghaus);
        RetrievalOptions options;
        options.mode = QueryMode::Review;
        QCOMPARE(retrieval.retrieve(QStringLiteral("vitest"), options, kNow)->size(), std::size_t(2));
    }
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_a")), QStringList{events::kAccess});
    QCOMPARE(store->memories().get(QStringLiteral("mem_a"))->level, MemoryLevel::Archive);
    QVERIFY(store->memories().get(QStringLiteral("mem_c"))->compressed);
}

void TestRule3ArchivedCanComeBack::confirmUnarchives()
{
    test::EngineStore store(m_engines);
    plant(store);
    if (QTest::currentTestFailed())
        return;
    Decisions decisions(*store, m_config, QStringLiteral("lifecycle"));
    QVERIFY(decisions.confirm(QStringLiteral("mem_a"), kNow).ok());
    const auto confirmedC = decisions.confirm(QStringLiteral("mem_c"), kNow);
    QVERIFY(confirmedC.ok());
    store.reopen();
    QCOMPARE(store->memories().get(QStringLiteral("mem_a"))->level, MemoryLevel::Full);
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_a")),
             (QStringList{events::kReinforce, events::kConfirm, events::kUnarchive}));
    const auto c = store->memories().get(QStringLiteral("mem_c"));
    QVERIFY(c->verified);
    QVERIFY(!c->compressed);
    QCOMPARE(c->content, m_original);
    // Undo of the confirm takes the unarchive back too.
    Decisions again(*store, m_config, QStringLiteral("lifecycle"));
    QVERIFY(again.revert(confirmedC->eventIds.front(), kNow + kMsPerHour).ok());
    const auto undone = store->memories().get(QStringLiteral("mem_c"));
    QVERIFY(undone->compressed);
    QVERIFY(!undone->verified);
    QVERIFY(undone->content != m_original);
    // Confirming a memory that is neither archived nor compressed writes no unarchive.
    QVERIFY(store->memories().insert(mem(QStringLiteral("mem_f"), QStringLiteral("Plain vitest note."), QStringLiteral("vitest"))).ok());
    QVERIFY(again.confirm(QStringLiteral("mem_f"), kNow).ok());
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_f")), (QStringList{events::kReinforce, events::kConfirm}));
}

void TestRule3ArchivedCanComeBack::unarchiveDecisionAndUndo()
{
    test::EngineStore store(m_engines);
    plant(store);
    if (QTest::currentTestFailed())
        return;
    const Memory archived = *store->memories().get(QStringLiteral("mem_a"));
    const Memory compressed = *store->memories().get(QStringLiteral("mem_c"));
    Decisions decisions(*store, m_config, QStringLiteral("lifecycle"));
    const auto done = decisions.unarchive(QStringLiteral("mem_a"), kNow);
    QVERIFY2(done.ok(), done.ok() ? "" : qPrintable(done.error().message));
    store.reopen();
    auto a = store->memories().get(QStringLiteral("mem_a"));
    QCOMPARE(a->level, MemoryLevel::Full);
    QCOMPARE(a->lastReinforcedAt, kNow);
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_a")), QStringList{events::kUnarchive});

    // Undo: archived again, exactly as before (the cached strength and updatedAt aside).
    Decisions again(*store, m_config, QStringLiteral("lifecycle"));
    QVERIFY(again.revert(done->eventIds.front(), kNow + kMsPerHour).ok());
    a = store->memories().get(QStringLiteral("mem_a"));
    QCOMPARE(a->level, MemoryLevel::Archive);
    QCOMPARE(a->lastReinforcedAt, archived.lastReinforcedAt);

    // A compressed memory gets its original text back; undo gives the summary back.
    const auto doneC = again.unarchive(QStringLiteral("mem_c"), kNow);
    QVERIFY(doneC.ok());
    QCOMPARE(store->memories().get(QStringLiteral("mem_c"))->content, m_original);
    QCOMPARE(store->memories().get(QStringLiteral("mem_c"))->level, MemoryLevel::Full);
    QVERIFY(again.revert(doneC->eventIds.front(), kNow + kMsPerHour).ok());
    const auto c = store->memories().get(QStringLiteral("mem_c"));
    QCOMPARE(c->content, compressed.content);
    QCOMPARE(c->compressedFrom, compressed.compressedFrom);
    QCOMPARE(c->level, MemoryLevel::Summary);

    // Nothing to unarchive: refused, nothing written.
    const auto events = store->events().forMemory(QStringLiteral("mem_a"))->size();
    QVERIFY(again.unarchive(QStringLiteral("mem_a"), kNow).ok());
    const auto refused = again.unarchive(QStringLiteral("mem_a"), kNow);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, Error::Code::Conflict);
    QCOMPARE(store->events().forMemory(QStringLiteral("mem_a"))->size(), events + 1);
}

void TestRule3ArchivedCanComeBack::cliUnarchiveAndRecall()
{
    test::EngineStore store(m_engines);
    plant(store);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(store->memories()
                .insert(mem(QStringLiteral("mem_b"), QStringLiteral("Archived jest note."), QStringLiteral("jest"),
                            MemoryLevel::Archive))
                .ok());
    store.close();

    const Run help = cli(store.path(), {QStringLiteral("--help")}, {});
    QCOMPARE(help.code, 0);
    QVERIFY2(help.out.contains("unarchive"), help.out.constData());

    // recollector-cli unarchive ID
    Run r = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("unarchive"), QStringLiteral("mem_b")});
    QVERIFY2(r.code == 0, r.err.constData());
    QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QStringLiteral("level")).toString(), QStringLiteral("full"));
    // Refused the second time: exit 1 and nothing written.
    r = cli(store.path(), {QStringLiteral("unarchive"), QStringLiteral("mem_b")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.err.contains("neither archived nor compressed"));

    // A preview recall in review mode leaves them archived; a recorded one brings them back.
    // (The keywords ranking: only the two vitest memories; the text ranking would also bring
    // the memory written next to them, docs/scoring.md, "Recall ranking".)
    r = cli(store.path(), {QStringLiteral("--json"), QStringLiteral("retrieve"), QStringLiteral("vitest"),
                           QStringLiteral("--mode"), QStringLiteral("review"), QStringLiteral("--preview"),
                           QStringLiteral("--ranking"), QStringLiteral("keywords")});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 2);
    store.reopen();
    QCOMPARE(store->memories().get(QStringLiteral("mem_a"))->level, MemoryLevel::Archive);
    store.close();
    r = cli(store.path(), {QStringLiteral("retrieve"), QStringLiteral("vitest"), QStringLiteral("--mode"),
                           QStringLiteral("review"), QStringLiteral("--ranking"), QStringLiteral("keywords")});
    QVERIFY2(r.code == 0, r.err.constData());
    store.reopen();
    QCOMPARE(store->memories().get(QStringLiteral("mem_a"))->level, MemoryLevel::Full);
    QCOMPARE(store->memories().get(QStringLiteral("mem_c"))->content, m_original);
    QCOMPARE(kindsOf(*store, QStringLiteral("mem_b")), QStringList{events::kUnarchive});

    // recollector-cli revert undoes the CLI's unarchive.
    const auto history = store->events().forMemory(QStringLiteral("mem_b"));
    const qint64 eventId = history->back().id;
    store.close();
    r = cli(store.path(), {QStringLiteral("revert"), QString::number(eventId)});
    QVERIFY2(r.code == 0, r.err.constData());
    store.reopen();
    QCOMPARE(store->memories().get(QStringLiteral("mem_b"))->level, MemoryLevel::Archive);
}

QTEST_GUILESS_MAIN(TestRule3ArchivedCanComeBack)
#include "tst_rule3_archived_can_come_back.moc"
