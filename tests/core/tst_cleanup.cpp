// Cleanup (docs/scoring.md, "Cleanup"): per-profile candidates with their reasons, budgets,
// purge after the retention period, protected memories, dry run = nothing written, apply = one
// revertable transaction of archive / compress / delete / purge events.
#include "EngineStore.h"

#include "engine/review/Cleanup.h"
#include "engine/decisions/Decisions.h"
#include "scoring/ScoringProfile.h"
#include "store/MetaRepository.h"

#include <QtTest>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kNow = 1717200000000; // 2024-06-01T00:00Z

Memory aged(const QString &id, double hoursSinceReinforced, const QString &category = QStringLiteral("fact"))
{
    Memory m = test::sampleMemory(id, kNow - Millis(hoursSinceReinforced * double(kMsPerHour)) - kMsPerDay);
    m.category = category;
    m.confidence = 0.5;
    m.stability = 24;
    m.lastReinforcedAt = kNow - Millis(hoursSinceReinforced * double(kMsPerHour));
    m.lastAccessedAt = m.lastReinforcedAt;
    m.updatedAt = m.lastReinforcedAt;
    return m;
}

QString reasonOf(const CleanupPlan &plan, const QString &id)
{
    for (const CleanupAction &a : plan.actions) {
        if (a.memoryId == id)
            return a.reason;
    }
    return {};
}

std::vector<Memory> everything(Store &s)
{
    auto all = *s.memories().all(true);
    std::sort(all.begin(), all.end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
    return all;
}

} // namespace

class TestCleanup : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();

    void fillEbbinghaus(Store &s)
    {
        QVERIFY(s.memories().insert(aged(QStringLiteral("fresh"), 0)));
        QVERIFY(s.memories().insert(aged(QStringLiteral("weak"), 60)));      // e^-2.5 → 8
        QVERIFY(s.memories().insert(aged(QStringLiteral("forgotten"), 80))); // e^-3.33 → 4
        Memory perm = aged(QStringLiteral("permanent"), 200);
        perm.permanent = true;
        QVERIFY(s.memories().insert(perm));
        Memory secret = aged(QStringLiteral("sensitive"), 200);
        secret.sensitivity = 2;
        QVERIFY(s.memories().insert(secret));
        Memory archived = aged(QStringLiteral("archived"), 60);
        archived.level = MemoryLevel::Archive;
        QVERIFY(s.memories().insert(archived));
        Memory old = aged(QStringLiteral("deleted-long-ago"), 2000);
        old.deletedAt = kNow - 31 * kMsPerDay;
        QVERIFY(s.memories().insert(old));
        Memory recent = aged(QStringLiteral("deleted-recently"), 2000);
        recent.deletedAt = kNow - 10 * kMsPerDay;
        QVERIFY(s.memories().insert(recent));
        QVERIFY(s.associations().put({QStringLiteral("deleted-long-ago"), QStringLiteral("fresh"), 0.4,
                                      QStringLiteral("keyword"), kNow}));
    }

    recollector::test::EngineFixture m_engines;

private Q_SLOTS:
    // On a store file and on a team store (EngineStore.h).
    void initTestCase_data() { recollector::test::EngineFixture::addEngines(); }
    void ebbinghausPlan()
    {
        test::EngineStore s(m_engines);
        fillEbbinghaus(*s);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        const auto plan = Cleanup(*s, m_config, *profile).plan(kNow);
        QVERIFY2(plan, plan ? "" : qPrintable(plan.error().message));
        QCOMPARE(plan->ids(CleanupKind::Archive), QStringList{QStringLiteral("weak")});
        QCOMPARE(plan->ids(CleanupKind::Delete), QStringList{QStringLiteral("forgotten")});
        QCOMPARE(plan->ids(CleanupKind::Purge), QStringList{QStringLiteral("deleted-long-ago")});
        QVERIFY(plan->ids(CleanupKind::Compress).isEmpty());
        QCOMPARE(reasonOf(*plan, QStringLiteral("weak")), QStringLiteral("strength 8 is under the archive line (10)"));
        QCOMPARE(reasonOf(*plan, QStringLiteral("forgotten")), QStringLiteral("strength 4 is under the delete line (5)"));
        QCOMPARE(reasonOf(*plan, QStringLiteral("deleted-long-ago")), QStringLiteral("deleted 31.0 days ago; deleted memories are kept 30 days"));
        // Order: purge, delete, compress, archive.
        QCOMPARE(plan->actions.front().kind, CleanupKind::Purge);
        QCOMPARE(plan->actions.back().kind, CleanupKind::Archive);
    }

    // The commit hook: false at the last moment rolls every action back (the window's cancel
    // up to the commit, without the window opening a transaction of its own).
    void aCancelBeforeTheCommitWritesNothing()
    {
        test::EngineStore s(m_engines);
        fillEbbinghaus(*s);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        Cleanup cleanup(*s, m_config, *profile);
        const auto before = everything(*s);
        const auto plan = cleanup.plan(kNow);
        QVERIFY(plan && !plan->isEmpty());
        int asked = 0;
        const auto cancelled = cleanup.apply(*plan, QStringLiteral("user"), [&]() {
            ++asked;
            // Asked after every action was written inside the transaction.
            return s->memories().get(QStringLiteral("weak"))->level != MemoryLevel::Archive;
        });
        QCOMPARE(asked, 1);
        QVERIFY(!cancelled);
        QCOMPARE(cancelled.error().code, Error::Code::Cancelled);
        QCOMPARE(everything(*s), before);
        QCOMPARE(*s->events().count(), qint64(0));
        QVERIFY(s->meta().value(MetaRepository::kLastCleanupAt)->isEmpty());

        // A hook that lets it through changes nothing about the apply.
        const auto done = cleanup.apply(*plan, QStringLiteral("user"), [&]() { return ++asked > 0; });
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(asked, 2);
        QCOMPARE(done->eventIds.size(), 3);
        QCOMPARE(s->memories().get(QStringLiteral("weak"))->level, MemoryLevel::Archive);
    }

    void dryRunWritesNothingApplyIsOneRevertableDecision()
    {
        test::EngineStore s(m_engines);
        fillEbbinghaus(*s);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        Cleanup cleanup(*s, m_config, *profile);
        const auto before = everything(*s);
        const auto plan = cleanup.plan(kNow);
        QVERIFY(plan);
        QCOMPARE(*s->events().count(), qint64(0));
        QCOMPARE(everything(*s), before);

        const auto done = cleanup.apply(*plan);
        QVERIFY2(done, done ? "" : qPrintable(done.error().message));
        QCOMPARE(done->eventIds.size(), 3);
        QCOMPARE(s->memories().get(QStringLiteral("weak"))->level, MemoryLevel::Archive);
        QCOMPARE(s->memories().get(QStringLiteral("forgotten"))->deletedAt, kNow);
        QVERIFY(!*s->memories().contains(QStringLiteral("deleted-long-ago")));
        QCOMPARE(*s->meta().value(MetaRepository::kLastCleanupAt), time::toIso(kNow));
        const Event archive = s->events().forMemory(QStringLiteral("weak"))->back();
        QCOMPARE(archive.kind, events::kArchive);
        QCOMPARE(archive.actor, QStringLiteral("system"));
        QCOMPARE(archive.payload.value("reason").toString(), QStringLiteral("strength 8 is under the archive line (10)"));
        QCOMPARE(archive.payload.value("profile").toString(), QStringLiteral("ebbinghaus"));
        QCOMPARE(s->events().forMemory(QStringLiteral("forgotten"))->back().kind, events::kDelete);
        QCOMPARE(s->events().forMemory(QStringLiteral("deleted-long-ago"))->back().kind, events::kPurge);

        // The whole cleanup is one decision: reverting it brings everything back, the link too.
        QVERIFY(Decisions(*s, m_config).revert(done->firstEventId(), kNow + 1000));
        QCOMPARE(everything(*s), before);
        QCOMPARE(*s->associations().count(), qint64(1));
    }

    void lifecycleCompressesAndEvicts()
    {
        test::EngineStore s(m_engines);
        Memory compress = aged(QStringLiteral("compress"), 24 * 20); // e^-2 × 1.3 = 0.176
        Memory evict = aged(QStringLiteral("evict"), 24 * 40);       // e^-4 × 1.3 = 0.024
        Memory fading = aged(QStringLiteral("fading"), 24 * 5);       // 0.79
        QVERIFY(s->memories().insert(compress));
        QVERIFY(s->memories().insert(evict));
        QVERIFY(s->memories().insert(fading));
        const auto profile = makeProfile(QStringLiteral("lifecycle"), m_config);
        Cleanup cleanup(*s, m_config, *profile);
        const auto plan = cleanup.plan(kNow);
        QVERIFY(plan);
        QCOMPARE(plan->ids(CleanupKind::Compress), QStringList{QStringLiteral("compress")});
        QCOMPARE(plan->ids(CleanupKind::Delete), QStringList{QStringLiteral("evict")});
        QCOMPARE(reasonOf(*plan, QStringLiteral("compress")), QStringLiteral("score 0.176 is under the compression line (0.3)"));
        QCOMPARE(reasonOf(*plan, QStringLiteral("evict")), QStringLiteral("score 0.0238 is under the eviction line (0.1)"));
        QVERIFY(cleanup.apply(*plan));
        const Memory c = *s->memories().get(QStringLiteral("compress"));
        QVERIFY(c.compressed);
        QCOMPARE(c.level, MemoryLevel::Summary);
        QCOMPARE(s->events().forMemory(c.id)->back().kind, events::kCompress);
        // Already compressed: not planned again.
        QVERIFY(Cleanup(*s, m_config, *profile).plan(kNow)->ids(CleanupKind::Compress).isEmpty());
    }

    void importanceDeletesPerCategory()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(aged(QStringLiteral("fact-31d"), 24 * 31)));             // 0.95^24 = 0.292
        QVERIFY(s->memories().insert(aged(QStringLiteral("fact-20d"), 24 * 20)));             // 0.51: kept
        QVERIFY(s->memories().insert(aged(QStringLiteral("episode-15d"), 24 * 15, QStringLiteral("episode"))));
        QVERIFY(s->memories().insert(aged(QStringLiteral("core-400d"), 24 * 400, QStringLiteral("core"))));
        const auto profile = makeProfile(QStringLiteral("importance"), m_config);
        const auto plan = Cleanup(*s, m_config, *profile).plan(kNow);
        QVERIFY(plan);
        QCOMPARE(plan->ids(CleanupKind::Delete), (QStringList{QStringLiteral("episode-15d"), QStringLiteral("fact-31d")}));
        QCOMPARE(reasonOf(*plan, QStringLiteral("fact-31d")), QStringLiteral("importance 0.292 is under the delete line (0.3)"));
        QCOMPARE(reasonOf(*plan, QStringLiteral("episode-15d")), QStringLiteral("episode written 16.0 days ago, older than the 14 days it is kept"));
    }

    // Rule (the importance design): system and core memories and importance ≥ 3.0 are never deleted by a
    // cleanup, under any profile, whatever the forgotten line says; an episode's 14 days count
    // from its creation, not from its last use.
    void coreSystemAndImportantAreNeverDeletedByCleanup_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::newRow("ebbinghaus") << "ebbinghaus";
        QTest::newRow("importance") << "importance";
        QTest::newRow("lifecycle") << "lifecycle";
    }
    void coreSystemAndImportantAreNeverDeletedByCleanup()
    {
        QFETCH(QString, profile);
        test::EngineStore s(m_engines);
        // 400 days untouched: strength 0, lifecycle score 0, fact importance far below 0.3.
        const double hours = 24 * 400;
        QVERIFY(s->memories().insert(aged(QStringLiteral("plain-fact"), hours)));
        Memory system = aged(QStringLiteral("system-low"), hours, QStringLiteral("system"));
        system.importance = 0.2; // below importance's forgotten line 0.3, but system never decays
        QVERIFY(s->memories().insert(system));
        QVERIFY(s->memories().insert(aged(QStringLiteral("core"), hours, QStringLiteral("core"))));
        Memory important = aged(QStringLiteral("important-fact"), hours);
        important.importance = 3.0;
        QVERIFY(s->memories().insert(important));
        const auto plan = Cleanup(*s, m_config, *makeProfile(profile, m_config)).plan(kNow);
        QVERIFY(plan);
        QCOMPARE(plan->ids(CleanupKind::Delete), QStringList{QStringLiteral("plain-fact")});
    }

    void episodeAgeCountsFromCreation()
    {
        test::EngineStore s(m_engines);
        Memory used = aged(QStringLiteral("episode-used-yesterday"), 24, QStringLiteral("episode"));
        used.createdAt = kNow - 15 * kMsPerDay;
        QVERIFY(s->memories().insert(used));
        Memory young = aged(QStringLiteral("episode-10d"), 24 * 10, QStringLiteral("episode"));
        young.createdAt = kNow - 10 * kMsPerDay;
        young.importance = 2.9;
        QVERIFY(s->memories().insert(young));
        const auto plan = Cleanup(*s, m_config, *makeProfile(QStringLiteral("importance"), m_config)).plan(kNow);
        QVERIFY(plan);
        QCOMPARE(plan->ids(CleanupKind::Delete), QStringList{QStringLiteral("episode-used-yesterday")});
        QCOMPARE(reasonOf(*plan, QStringLiteral("episode-used-yesterday")),
                 QStringLiteral("episode written 15.0 days ago, older than the 14 days it is kept"));
    }

    void enhancedArchivesLongInactiveWeights()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(aged(QStringLiteral("temporary-100y"), 24 * 36500, QStringLiteral("temporary"))));
        QVERIFY(s->memories().insert(aged(QStringLiteral("fact-200d"), 24 * 200))); // W 0.39: kept
        Memory slow = aged(QStringLiteral("sensitive-1"), 24 * 36500, QStringLiteral("temporary"));
        slow.sensitivity = 1;
        QVERIFY(s->memories().insert(slow));
        Config config = m_config;
        const auto profile = makeProfile(QStringLiteral("enhanced"), config);
        auto plan = Cleanup(*s, config, *profile).plan(kNow);
        QVERIFY(plan);
        QCOMPARE(plan->ids(CleanupKind::Archive), (QStringList{QStringLiteral("sensitive-1"), QStringLiteral("temporary-100y")}));
        QVERIFY(reasonOf(*plan, QStringLiteral("temporary-100y")).endsWith(QStringLiteral("days (the limit is 180)")));
        QVERIFY(reasonOf(*plan, QStringLiteral("sensitive-1")).endsWith(QStringLiteral("(the limit is 360)"))); // slow compression
        // Archived memories are deleted only when the user configured it.
        config.enhanced.deleteArchivedAfterDays = 365;
        QVERIFY(Cleanup(*s, config, *profile).apply(*plan));
        plan = Cleanup(*s, config, *makeProfile(QStringLiteral("enhanced"), config)).plan(kNow);
        QCOMPARE(plan->ids(CleanupKind::Delete), (QStringList{QStringLiteral("sensitive-1"), QStringLiteral("temporary-100y")}));
    }

    void budgetsTakeTheLowestScoresFirst()
    {
        Config config = m_config;
        config.budgets.activeEpisodes = 2;
        config.budgets.semanticRules = 1;
        test::EngineStore s(m_engines);
        // Strengths 100, 85, 69, 49 (hours 0, 4, 9, 17): all above the ebbinghaus lines.
        const double hours[] = {0, 4, 9, 17};
        for (int i = 0; i < 4; ++i)
            QVERIFY(s->memories().insert(aged(QStringLiteral("ep%1").arg(i), hours[i], QStringLiteral("episode"))));
        Memory kept = aged(QStringLiteral("ep-permanent"), 20, QStringLiteral("episode"));
        kept.permanent = true;
        QVERIFY(s->memories().insert(kept));
        QVERIFY(s->memories().insert(aged(QStringLiteral("rule-strong"), 1, QStringLiteral("rule"))));
        QVERIFY(s->memories().insert(aged(QStringLiteral("rule-weak"), 20, QStringLiteral("rule"))));
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), config);
        const auto plan = Cleanup(*s, config, *profile).plan(kNow);
        QVERIFY(plan);
        // Four unprotected active episodes over a budget of 2: the two weakest are compressed.
        QCOMPARE(plan->ids(CleanupKind::Compress), (QStringList{QStringLiteral("ep3"), QStringLiteral("ep2")}));
        QCOMPARE(reasonOf(*plan, QStringLiteral("ep3")), QStringLiteral("4 active episodes where the budget is 2; its score 49 is among the 2 lowest"));
        QCOMPARE(plan->ids(CleanupKind::Delete), QStringList{QStringLiteral("rule-weak")});
        QVERIFY(reasonOf(*plan, QStringLiteral("rule-weak")).startsWith(QStringLiteral("2 semantic rules where the budget is 1")));
    }

    /// The window's scheduled cleanup only counts the plan, so it asks for no reasons: the same
    /// actions in the same order (one per memory, the strongest: an episode compressed for its
    /// budget and deleted for the next keeps the delete), each reason left empty.
    void aPlanWithoutReasonsHoldsTheSameActions()
    {
        Config config = m_config;
        config.budgets.activeEpisodes = 2;
        config.budgets.compressed = 1;
        config.budgets.semanticRules = 1;
        test::EngineStore s(m_engines);
        fillEbbinghaus(*s);
        const double hours[] = {0, 4, 9, 17, 3, 6};
        for (int i = 0; i < 6; ++i)
            QVERIFY(s->memories().insert(aged(QStringLiteral("ep%1").arg(i), hours[i], QStringLiteral("episode"))));
        QVERIFY(s->memories().insert(aged(QStringLiteral("rule-strong"), 1, QStringLiteral("rule"))));
        QVERIFY(s->memories().insert(aged(QStringLiteral("rule-weak"), 20, QStringLiteral("rule"))));
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), config);
        const Cleanup cleanup(*s, config, *profile);
        const auto full = cleanup.plan(kNow);
        const auto counted = cleanup.plan(kNow, Cleanup::Reasons::Left);
        QVERIFY(full && counted);
        QVERIFY(!full->ids(CleanupKind::Archive).isEmpty());
        QVERIFY(!full->ids(CleanupKind::Compress).isEmpty());
        QVERIFY(full->ids(CleanupKind::Delete).contains(QStringLiteral("ep3"))); // compressed, then deleted
        QVERIFY(!full->ids(CleanupKind::Compress).contains(QStringLiteral("ep3")));
        QCOMPARE(counted->actions.size(), full->actions.size());
        for (std::size_t i = 0; i < full->actions.size(); ++i) {
            const CleanupAction &a = full->actions[i];
            const CleanupAction &b = counted->actions[i];
            QCOMPARE(b.memoryId, a.memoryId);
            QCOMPARE(int(b.kind), int(a.kind));
            QCOMPARE(b.score, a.score);
            QCOMPARE(b.updatedAt, a.updatedAt);
            QVERIFY(!a.reason.isEmpty());
            QVERIFY(b.reason.isEmpty());
        }
    }

    void aMemoryChangedSinceThePlanIsSkipped()
    {
        test::EngineStore s(m_engines);
        fillEbbinghaus(*s);
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), m_config);
        Cleanup cleanup(*s, m_config, *profile);
        const auto plan = cleanup.plan(kNow);
        QVERIFY(plan);
        QVERIFY(Decisions(*s, m_config).confirm(QStringLiteral("weak"), kNow)); // the user saved it meanwhile
        const auto done = cleanup.apply(*plan);
        QVERIFY(done);
        QVERIFY(!done->changedIds.contains(QStringLiteral("weak")));
        QCOMPARE(s->memories().get(QStringLiteral("weak"))->level, MemoryLevel::Full);
    }
};

QTEST_GUILESS_MAIN(TestCleanup)
#include "tst_cleanup.moc"
