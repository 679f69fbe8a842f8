// docs/scoring.md#duplicates-across-the-store: DuplicateFinder finds the memories of a store
// that restate each other through MinHash bands, not by comparing every pair: among a
// generated store, the planted restatements come out as one group, strongest first, and the
// memories that only share words (a different name, a moment of their own, a different number,
// another category) stay out; a progress callback that says stop gives Cancelled. On a real
// store file and on a team store.
#include "CliProcess.h"
#include "EngineStore.h"

#include "engine/capture/DuplicateFinder.h"
#include "engine/text/Restatement.h"
#include "synthetic/StoreGenerator.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

// The sanitizer build runs about 15 times slower: a smaller store there.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

namespace {

Memory planted(const QString &id, const QString &content, double strength, const QString &category = QStringLiteral("fact"))
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = category;
    m.keywords = {QStringLiteral("shelter")};
    m.strength = strength;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = 1736150400000 + qint64(strength) * kMsPerDay;
    return m;
}

const DuplicateCluster *groupOf(const std::vector<DuplicateCluster> &groups, const QString &id)
{
    for (const DuplicateCluster &c : groups) {
        for (const Memory &m : c.memories) {
            if (m.id == id)
                return &c;
        }
    }
    return nullptr;
}

/// Three restatements of one fact, and three memories that only share its words.
std::vector<Memory> plantedMemories()
{
    return {
        planted(QStringLiteral("mem_a"), QStringLiteral("Maria volunteers at a homeless shelter."), 40),
        planted(QStringLiteral("mem_b"),
                QStringLiteral("Maria has been volunteering at a homeless shelter, finding it rewarding."), 70),
        planted(QStringLiteral("mem_c"),
                QStringLiteral("Maria volunteers at a homeless shelter and is driven to make a difference."), 55),
        // Words in common, a value of their own:
        planted(QStringLiteral("mem_moment"),
                QStringLiteral("Maria volunteered at a homeless shelter last week and received a medal."), 30),
        planted(QStringLiteral("mem_count"), QStringLiteral("Maria volunteers at 2 homeless shelters."), 30),
        planted(QStringLiteral("mem_kind"), QStringLiteral("Maria volunteers at a homeless shelter."), 30,
                QStringLiteral("preference")),
    };
}

/// Each group's ids in order and why, one line each.
QStringList listing(const std::vector<DuplicateCluster> &groups)
{
    QStringList lines;
    for (const DuplicateCluster &c : groups) {
        QStringList ids;
        for (const Memory &m : c.memories)
            ids << m.id;
        lines << ids.join(u' ') + QStringLiteral(": ") + c.why;
    }
    return lines;
}

} // namespace

class TestDuplicateFinder : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    // Heavy: a generated store of thousands of memories.
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }

    void plantedRestatementsAreOneGroupAmongManyMemories()
    {
        test::EngineStore store(m_engines);
        GeneratorOptions o;
        o.memories = kSanitized ? 1000 : 5000;
        o.associations = 0;
        o.anchor = 1736150400000; // the same memories at every run, on either engine
        QVERIFY(StoreGenerator(o).generate(*store).ok());
        for (const Memory &m : plantedMemories())
            QVERIFY(store->memories().insert(m));

        QElapsedTimer timer;
        timer.start();
        qint64 lastTotal = 0;
        auto groups = DuplicateFinder::find(*store, [&](qint64, qint64 total) {
            lastTotal = total;
            return true;
        });
        QVERIFY2(groups, groups ? "" : qPrintable(groups.error().message));
        qInfo("%lld memories: %zu groups in %lld ms", qlonglong(o.memories + 7), groups->size(), qlonglong(timer.elapsed()));
        QVERIFY(lastTotal > 0);
        const DuplicateCluster *maria = groupOf(*groups, QStringLiteral("mem_a"));
        QVERIFY(maria);
        QCOMPARE(maria->memories.size(), std::size_t(3));
        QCOMPARE(maria->memories[0].id, QStringLiteral("mem_b")); // strongest first
        QCOMPARE(maria->memories[1].id, QStringLiteral("mem_c"));
        QVERIFY(maria->why.startsWith(QStringLiteral("restates '")));
        for (const char *id : {"mem_moment", "mem_count", "mem_kind"})
            QVERIFY2(groupOf(*groups, QLatin1String(id)) == nullptr, id);

        // A team store lists the groups a store file of the same memories lists, in its order.
        if (test::EngineFixture::onServer()) {
            test::TempStore file;
            QVERIFY(StoreGenerator(o).generate(*file).ok());
            for (const Memory &m : plantedMemories())
                QVERIFY(file->memories().insert(m));
            auto fromFile = DuplicateFinder::find(*file);
            QVERIFY(fromFile);
            QCOMPARE(listing(*groups), listing(*fromFile));
        }
    }

    // Each check of docs/scoring.md#restatements on one pair, older first.
    void theCheck_data()
    {
        QTest::addColumn<QString>("older");
        QTest::addColumn<QString>("newer");
        QTest::addColumn<bool>("restates");
        QTest::newRow("a detail more") << "Maria volunteers at a homeless shelter."
                                       << "Maria volunteers at a homeless shelter and is driven to make a difference."
                                       << true;
        QTest::newRow("other words") << "The user prefers dark mode in every app."
                                     << "The user prefers dark mode in all apps." << true;
        QTest::newRow("another name") << "Tim plans to add NYC to his travel list and is eager to explore it."
                                      << "Tim plans to add Barcelona to his travel list after John recommended it."
                                      << false;
        QTest::newRow("another number") << "The team has 5 engineers on the backend."
                                        << "The team has 7 engineers on the backend." << false;
        QTest::newRow("a moment of its own") << "Caroline attended a pride parade and felt a sense of belonging."
                                             << "Caroline attended a pride parade last week and felt belonging."
                                             << false;
        QTest::newRow("another event") << "Melanie made a bowl in her pottery class and is proud of it."
                                       << "Melanie signed up for a pottery class and is proud of it." << false;
        QTest::newRow("a report is not an event") << "The user is thinking about learning Rust for the parser."
                                                  << "The user mentioned learning Rust for the parser next year."
                                                  << true;
        QTest::newRow("a report of another event") << "The user reviewed the parser pull request on Monday."
                                                   << "The user mentioned the parser pull request on Monday."
                                                   << false;
        QTest::newRow("another person") << "Maria volunteers at a homeless shelter."
                                        << "John volunteers at a homeless shelter." << false;
        QTest::newRow("too few words in common") << "User edits code in neovim."
                                                 << "The user codes in neovim with vim keybindings." << false;
    }
    void theCheck()
    {
        if (test::EngineFixture::onServer())
            QSKIP("compares two texts, no store: the sqlite row covers it");
        QFETCH(QString, older);
        QFETCH(QString, newer);
        QFETCH(bool, restates);
        const double share = text::Restatement::share(text::StatementFacts::of(older), text::StatementFacts::of(newer), true);
        QVERIFY2((share > 0) == restates, qPrintable(QString::number(share)));
    }

    // `recollector-cli duplicates [--json]` lists the same groups.
    void theCommandLineListsTheGroups()
    {
        test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(planted(QStringLiteral("mem_a"), QStringLiteral("Maria volunteers at a homeless shelter."), 40)));
        QVERIFY(store->memories().insert(
            planted(QStringLiteral("mem_b"), QStringLiteral("Maria volunteers at a homeless shelter, finding it rewarding."), 50)));
        QVERIFY(store->memories().insert(planted(QStringLiteral("mem_c"), QStringLiteral("The build runs with ninja on two cores."), 60)));
        store.reopen();
        const test::CliRun json = test::runRecollectorCli(store.path(), {QStringLiteral("--json"), QStringLiteral("duplicates")});
        QVERIFY2(json.code == 0, json.err.constData());
        const QJsonArray groups = json.json().array();
        QCOMPARE(groups.size(), 1);
        const QJsonArray members = groups.at(0).toObject().value(QStringLiteral("memories")).toArray();
        QCOMPARE(members.size(), 2);
        QCOMPARE(members.at(0).toObject().value(QStringLiteral("id")).toString(), QStringLiteral("mem_b"));
        const test::CliRun text = test::runRecollectorCli(store.path(), {QStringLiteral("duplicates")});
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY2(text.out.contains("group 1 (2 memories): restates 'Maria volunteers at a homeless shelter.'"), text.out.constData());
        QVERIFY(text.out.contains("mem_a") && !text.out.contains("mem_c"));
    }

    // The search groups memories by their first word as the check reads it: "Maria's passion …"
    // is Maria's, so it meets "Maria volunteers …" (a possessive kept them in two buckets).
    void aPossessiveSubjectIsItsOwner()
    {
        test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(
            planted(QStringLiteral("mem_a"), QStringLiteral("Maria volunteers at a homeless shelter on weekends."), 40)));
        QVERIFY(store->memories().insert(planted(
            QStringLiteral("mem_b"), QStringLiteral("Maria's passion is volunteering at a homeless shelter on weekends."), 50)));
        auto groups = DuplicateFinder::find(*store);
        QVERIFY2(groups, groups ? "" : qPrintable(groups.error().message));
        const DuplicateCluster *maria = groupOf(*groups, QStringLiteral("mem_a"));
        QVERIFY(maria);
        QCOMPARE(maria->memories.size(), std::size_t(2));
    }

    void aProgressThatSaysStopCancels()
    {
        test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(planted(QStringLiteral("mem_a"), QStringLiteral("Maria volunteers at a homeless shelter."), 40)));
        QVERIFY(store->memories().insert(
            planted(QStringLiteral("mem_b"), QStringLiteral("Maria volunteers at a homeless shelter, finding it rewarding."), 50)));
        auto groups = DuplicateFinder::find(*store, [](qint64, qint64) { return false; });
        QVERIFY(!groups);
        QCOMPARE(groups.error().code, Error::Code::Cancelled);
        auto all = DuplicateFinder::find(*store);
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestDuplicateFinder)
#include "tst_duplicate_finder.moc"
