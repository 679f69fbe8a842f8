// CleanupCount (the window's scheduled cleanup, which only shows how many memories a cleanup
// would change) gives exactly the size of Cleanup::plan, for every profile, with and without
// budgets to cut, on a generated store and on the cases where the budgets' order decides. On a
// real store file and on a team store.
#include "EngineStore.h"

#include "engine/review/Cleanup.h"
#include "engine/review/CleanupCount.h"
#include "scoring/ScoringProfile.h"
#include "synthetic/StoreGenerator.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kAnchor = 1717200000000; // 2024-06-01T00:00Z

Memory episode(const QString &id, double hoursSinceReinforced)
{
    Memory m = test::sampleMemory(id, kAnchor - Millis(hoursSinceReinforced * double(kMsPerHour)) - kMsPerDay);
    m.category = QStringLiteral("episode");
    m.confidence = 0.5;
    m.stability = 24;
    m.lastReinforcedAt = kAnchor - Millis(hoursSinceReinforced * double(kMsPerHour));
    m.lastAccessedAt = m.lastReinforcedAt;
    m.updatedAt = m.lastReinforcedAt;
    return m;
}

} // namespace

class TestCleanupCount : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;
    test::StorePerEngine m_generated{m_engines};
    bool m_built[2] = {false, false}; ///< the file's store, the team store's

    /// The file's plan of each row of aGeneratedStoreCountsAsItsPlan, by its data tag, for the
    /// team store's row of the same tag to compare with (when the sqlite rows ran first).
    QHash<QString, QStringList> m_fileActions;

    static std::size_t planned(Store &store, const Config &config, const QString &profileName, Millis now,
                               QStringList *actions = nullptr)
    {
        const auto profile = makeProfile(profileName, config);
        const auto plan = Cleanup(store, config, *profile).plan(now);
        if (plan && actions) {
            for (const CleanupAction &a : plan->actions)
                *actions << QStringLiteral("%1 %2: %3").arg(int(a.kind)).arg(a.memoryId, a.reason);
        }
        return plan ? plan->actions.size() : std::size_t(-1);
    }

    static std::size_t counted(Store &store, const Config &config, const QString &profileName, Millis now)
    {
        const auto profile = makeProfile(profileName, config);
        const auto count = CleanupCount(store, config, *profile).count(now);
        return count ? *count : std::size_t(-2);
    }

private Q_SLOTS:
    // Heavy: a generated store of thousands of memories on each engine.
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }

    // Each engine's store is generated when its first row runs: a run of one engine's rows
    // (the sanitizer build runs no postgresql row here) generates no other.
    void init()
    {
        const bool onServer = test::EngineFixture::onServer();
        if (!m_built[onServer]) {
            m_built[onServer] = true;
            m_generated.build(onServer);
            GeneratorOptions o;
            o.memories = 3000;
            o.associations = 0;
            o.anchor = kAnchor;
            QVERIFY(StoreGenerator(o).generate(*m_generated).ok());
        }
        m_generated.select();
        m_generated.reopen();
    }

    void aGeneratedStoreCountsAsItsPlan_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<bool>("smallBudgets");
        QTest::addColumn<int>("daysLater");
        for (const char *profile : {"ebbinghaus", "enhanced", "importance", "lifecycle"}) {
            for (const bool small : {false, true}) {
                for (const int days : {0, 400}) {
                    QTest::addRow("%s, %s budgets, +%d days", profile, small ? "small" : "default", days)
                        << QString::fromLatin1(profile) << small << days;
                }
            }
        }
    }

    /// Every profile, the default budgets (nothing over them at 3,000) and small ones (every
    /// budget cuts, and the compressed one takes episodes the first one compressed), now and
    /// 400 days later (soft deletions past their retention are purged).
    void aGeneratedStoreCountsAsItsPlan()
    {
        QFETCH(QString, profile);
        QFETCH(bool, smallBudgets);
        QFETCH(int, daysLater);
        Config config = Config::defaults();
        if (smallBudgets) {
            config.budgets.activeEpisodes = 40;
            config.budgets.compressed = 15;
            config.budgets.semanticRules = 10;
        }
        const Millis now = kAnchor + Millis(daysLater) * kMsPerDay;
        QStringList actions;
        const std::size_t plan = planned(*m_generated, config, profile, now, &actions);
        QVERIFY(plan != std::size_t(-1));
        if (smallBudgets || daysLater > 0) // enhanced archives only after 180 days without activation
            QVERIFY2(plan > 0, "the generated store has something to clean up");
        QCOMPARE(counted(*m_generated, config, profile, now), plan);
        // The same memories plan the same cleanup on either engine, action for action.
        const QString tag = QString::fromUtf8(QTest::currentDataTag());
        if (!test::EngineFixture::onServer())
            m_fileActions.insert(tag, actions);
        else if (m_fileActions.contains(tag))
            QCOMPARE(actions, m_fileActions.value(tag));
    }

    /// A cancel stops the pass with Cancelled (the window closing waits for no full count).
    void aCancelStopsTheCount()
    {
        const Config config = Config::defaults();
        const auto profile = makeProfile(QStringLiteral("ebbinghaus"), config);
        int asked = 0;
        const auto count = CleanupCount(*m_generated, config, *profile).count(kAnchor, [&asked]() {
            ++asked;
            return true;
        });
        QVERIFY(!count);
        QCOMPARE(int(count.error().code), int(Error::Code::Cancelled));
        QCOMPARE(asked, 1);
        const auto notCancelled = CleanupCount(*m_generated, config, *profile).count(kAnchor, []() { return false; });
        QVERIFY(notCancelled);
        QCOMPARE(*notCancelled, planned(*m_generated, config, QStringLiteral("ebbinghaus"), kAnchor));
    }

    /// Equal scores and times are broken by id, as in the plan: the two picked for deletion
    /// over the compressed budget are "a" and "b", and "a" (importance 3.0) is never deleted,
    /// so the plan holds one action. Picking "b" and "c" would count two.
    void tiesOverABudgetAreBrokenByIdAsInThePlan()
    {
        Config config = Config::defaults();
        config.budgets.compressed = 1;
        test::EngineStore s(m_engines);
        for (const QString &id : {QStringLiteral("c"), QStringLiteral("a"), QStringLiteral("b")}) {
            Memory m = episode(id, 1);
            m.compressed = true;
            if (id == QLatin1String("a"))
                m.importance = 3.0;
            QVERIFY(s->memories().insert(m));
        }
        const std::size_t plan = planned(*s, config, QStringLiteral("ebbinghaus"), kAnchor);
        QCOMPARE(plan, std::size_t(1));
        QCOMPARE(counted(*s, config, QStringLiteral("ebbinghaus"), kAnchor), plan);
    }

    /// A memory with an action of its own that a budget also picks counts once; an episode
    /// compressed for its budget and then picked for deletion while never deleted still
    /// counts (for the compression).
    void aMemoryPickedTwiceCountsOnce()
    {
        Config config = Config::defaults();
        config.budgets.activeEpisodes = 1;
        config.budgets.compressed = 0;
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(episode(QStringLiteral("fresh"), 0)));
        QVERIFY(s->memories().insert(episode(QStringLiteral("weak"), 60)));      // archived by its own rule
        Memory important = episode(QStringLiteral("important"), 9);
        important.importance = 3.0; // compressed for the budget, never deleted
        QVERIFY(s->memories().insert(important));
        const std::size_t plan = planned(*s, config, QStringLiteral("ebbinghaus"), kAnchor);
        QVERIFY(plan >= 2);
        QCOMPARE(counted(*s, config, QStringLiteral("ebbinghaus"), kAnchor), plan);
    }
};

QTEST_GUILESS_MAIN(TestCleanupCount)
#include "tst_cleanup_count.moc"
