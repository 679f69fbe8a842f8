// Issue 14, rule 8 (docs/scoring.md, "Associations"): new and changed memories get their
// keyword / co-task / temporal / co-project links at once, not only after a rebuild: a
// keyword edit, a merge's summary, a negation's correction (through core::AfterChange, the
// path of the window's commands and of recollector-cli). Undoing an edit recomputes the links from
// the restored state. The neighbour index a follow-up reads (KeywordIndex::buildAround) gives
// exactly the links the whole store's index gives.
#include "CaptureTestKit.h"
#include "EngineStore.h"

#include "engine/graph/AssociationBuilder.h"
#include "engine/graph/KeywordIndex.h"
#include "io/ImportOperation.h"
#include "synthetic/StoreGenerator.h"

#include <QTest>

#include <map>

using namespace recollector;
using namespace recollector::core;
using test::captureMemory;
using test::kCaptureBase;
using test::linksOf;

class TestRule8LinksForNewMemories : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private:
    static constexpr Millis kAt = kCaptureBase + 40 * kMsPerDay; // far from every planted memory: no temporal links

    // Three memories a month apart, no links between them yet.
    static void plant(Store &store)
    {
        QVERIFY(store.memories().insert(captureMemory(QStringLiteral("a"), QStringLiteral("Uses pnpm for node"), 0,
                                                      {QStringLiteral("pnpm"), QStringLiteral("node")}))
                    .ok());
        QVERIFY(store.memories().insert(captureMemory(QStringLiteral("b"), QStringLiteral("Lints with eslint"), 10,
                                                      {QStringLiteral("eslint")}))
                    .ok());
        QVERIFY(store.memories().insert(captureMemory(QStringLiteral("c"), QStringLiteral("Runs vitest"), 20,
                                                      {QStringLiteral("vitest")}))
                    .ok());
    }

    static std::vector<DecisionOutcome> decide(Store &store, const Config &config,
                                               const std::function<Result<DecisionOutcome>(Decisions &)> &step)
    {
        Decisions d(store, config);
        AfterChange after(store, config);
        auto done = after.runAll(d, 1, [&](std::size_t) { return step(d); }, kAt);
        if (!done)
            qWarning("%s", qPrintable(done.error().message));
        return done ? *done : std::vector<DecisionOutcome>{};
    }

    // The links `e` proposes, by other id, in an index.
    static std::map<QString, std::pair<double, int>> proposals(const KeywordIndex &index, const QString &id,
                                                               const Config &config)
    {
        AssociationBuilder::Scratch scratch;
        std::vector<AssociationBuilder::Proposal> out;
        AssociationBuilder::propose(index, index.find(id), config.associations, AssociationCaps{}, true, scratch, out);
        std::map<QString, std::pair<double, int>> byId;
        for (const auto &p : out)
            byId[index.id(p.other)] = {p.weight, p.type};
        return byId;
    }

private slots:
    // Heavy: a generated store of thousands of memories, and an import large enough to rebuild
    // every link.
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }

    void aKeywordEditLinksAtOnceAndUndoUnlinks()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        const Config config = Config::defaults();
        MemoryEdit edit;
        edit.keywords = QStringList{QStringLiteral("eslint"), QStringLiteral("vitest")};
        auto outcomes = decide(*store, config, [&](Decisions &d) { return d.edit(QStringLiteral("a"), edit, kAt); });
        QVERIFY(!outcomes.empty());
        // Jaccard({eslint, vitest}, {eslint}) = 0.5 ≥ 0.3, and the same with c.
        QCOMPARE(linksOf(*store, QStringLiteral("a")),
                 (QSet<QString>{QStringLiteral("b:keyword"), QStringLiteral("c:keyword")}));

        test::UndoableOutcomes command{outcomes};
        QVERIFY(command.undo(*store, config, kAt + 1000));
        QCOMPARE(store->memories().get(QStringLiteral("a"))->keywords,
                 (QStringList{QStringLiteral("pnpm"), QStringLiteral("node")}));
        QVERIFY(linksOf(*store, QStringLiteral("a")).isEmpty()); // recomputed from the restored keywords
        QVERIFY(command.redo(*store, config, kAt + 2000));
        QCOMPARE(linksOf(*store, QStringLiteral("a")).size(), 2);
    }

    void aProjectEditLinksCoProject()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        const Config config = Config::defaults();
        MemoryEdit toP;
        toP.projectPath = QStringLiteral("/p");
        QVERIFY(!decide(*store, config, [&](Decisions &d) { return d.edit(QStringLiteral("b"), toP, kAt); }).empty());
        QVERIFY(!decide(*store, config, [&](Decisions &d) { return d.edit(QStringLiteral("c"), toP, kAt); }).empty());
        QCOMPARE(linksOf(*store, QStringLiteral("c")), (QSet<QString>{QStringLiteral("b:co-project")}));
    }

    void aMergeSummaryAndACorrectionAreLinked()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        QVERIFY(store->memories().insert(captureMemory(QStringLiteral("d"), QStringLiteral("Prefers eslint flat config"),
                                                       30, {QStringLiteral("eslint"), QStringLiteral("config")}))
                    .ok());
        const Config config = Config::defaults();
        auto merged = decide(*store, config, [&](Decisions &d) {
            return d.merge({QStringLiteral("a"), QStringLiteral("c")}, QStringLiteral("pnpm and vitest"), kAt);
        });
        QVERIFY(!merged.empty());
        const QString summary = merged.front().createdIds.value(0);
        QVERIFY(!summary.isEmpty());
        QVERIFY2(!linksOf(*store, summary).isEmpty(), "the summary is linked at once");

        auto negated = decide(*store, config, [&](Decisions &d) {
            return d.negate(QStringLiteral("b"), QStringLiteral("Lints with biome, not eslint"), kAt);
        });
        QVERIFY(!negated.empty());
        const QString correction = negated.front().createdIds.value(0);
        // The correction keeps b's keywords (eslint): linked to d by keyword at once.
        QVERIFY2(linksOf(*store, correction).contains(QStringLiteral("d:keyword")),
                 qPrintable(QStringList(linksOf(*store, correction).values()).join(u',')));
    }

    // The follow-up's neighbour index against the whole store's: the same proposals for
    // every memory it was built around, on a generated store with big keyword, project and
    // task groups and busy days.
    void theNeighbourIndexGivesTheWholeIndexLinks()
    {
        test::EngineStore store(m_engines);
        GeneratorOptions options;
        options.memories = 4000;
        options.anchor = kAt;
        QVERIFY(StoreGenerator(options).generate(*store).ok());
        const Config config = Config::defaults();
        auto whole = KeywordIndex::build(*store);
        QVERIFY(whole.ok());
        int compared = 0, linked = 0;
        for (std::uint32_t e = 0; e < whole->size(); e += 97) {
            const QString id = whole->id(e);
            auto around = KeywordIndex::buildAround(*store, {id}, config.associations.temporalWindowHours);
            QVERIFY(around.ok());
            QVERIFY(around->size() < whole->size());
            const auto expected = proposals(*whole, id, config);
            QCOMPARE(proposals(*around, id, config), expected);
            ++compared;
            linked += expected.empty() ? 0 : 1;
        }
        QVERIFY(compared > 40);
        QVERIFY2(linked > compared / 2, "most compared memories have links to compare");

        // A team store's index proposes the links a store file's of the same memories does.
        if (test::EngineFixture::onServer()) {
            test::TempStore file;
            QVERIFY(StoreGenerator(options).generate(*file).ok());
            auto fromFile = KeywordIndex::build(*file);
            QVERIFY(fromFile.ok());
            QCOMPARE(fromFile->size(), whole->size());
            for (std::uint32_t e = 0; e < whole->size(); e += 97) {
                const QString id = whole->id(e);
                QCOMPARE(proposals(*whole, id, config), proposals(*fromFile, id, config));
            }
        }
    }

    // An import links what it wrote at once: a small one memory by memory, a large one
    // (above ImportOperation::kLinkOneByOneAtMost) by one rebuild in the same transaction.
    void anImportLinksWhatItWrote_data()
    {
        QTest::addColumn<int>("extra");
        QTest::newRow("small") << 0;
        QTest::newRow("large") << int(io::ImportOperation::kLinkOneByOneAtMost);
    }
    void anImportLinksWhatItWrote()
    {
        QFETCH(int, extra);
        test::EngineStore store(m_engines);
        plant(*store);
        const Config config = Config::defaults();
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        set.memories.push_back(captureMemory(QStringLiteral("new_eslint"), QStringLiteral("Eslint runs in CI"), 11,
                                             {QStringLiteral("eslint"), QStringLiteral("ci")}));
        for (int i = 0; i < extra; ++i)
            set.memories.push_back(captureMemory(QStringLiteral("filler_%1").arg(i), QStringLiteral("Filler %1").arg(i),
                                                 100 + i, {QStringLiteral("filler%1").arg(i)}));
        const io::ImportOperation operation(*store, config, kAt);
        auto plan = operation.preview(set);
        QVERIFY(plan.ok());
        auto outcome = operation.apply(set, *plan, io::ImportPolicy{});
        QVERIFY2(outcome.ok(), outcome ? "" : qPrintable(outcome.error().message));
        // Jaccard({eslint, ci}, {eslint}) = 0.5; created a day after b: the keyword rule wins.
        QVERIFY2(linksOf(*store, QStringLiteral("new_eslint")).contains(QStringLiteral("b:keyword")),
                 qPrintable(QStringList(linksOf(*store, QStringLiteral("new_eslint")).values()).join(u',')));
    }

    // The real recollector-cli: an edit of keywords prints the memory and has linked it.
    void cliEditLinksAtOnce()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        store.close();
        const auto run = test::runCli(store.path(), {QStringLiteral("edit"), QStringLiteral("a"), QStringLiteral("--keywords"),
                                                     QStringLiteral("eslint,vitest")});
        QVERIFY2(run.code == 0, run.err.constData());
        store.reopen();
        QCOMPARE(linksOf(*store, QStringLiteral("a")).size(), 2);
    }

    // A conflict settled by the merge strategy makes a summary memory: the real recollector-cli
    // links it at once too (AfterChange, links only), like a merge decision's summary.
    void cliConflictMergeLinksTheSummary()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        QVERIFY(store->memories().insert(captureMemory(QStringLiteral("x"), QStringLiteral("Uses npm for node"), 1,
                                                       {QStringLiteral("npm"), QStringLiteral("node")}))
                    .ok());
        Conflict conflict{0, QStringLiteral("a"), QStringLiteral("x"), ConflictType::DirectContradiction,
                          ConflictStatus::Open, ConflictResolution::None, kCaptureBase + kMsPerDay, 0};
        QVERIFY(store->conflicts().insert(conflict).ok());
        // A neighbour the summary shares two of its three keywords with (pnpm, node).
        QVERIFY(store->memories().insert(captureMemory(QStringLiteral("y"), QStringLiteral("Runs node scripts with pnpm"), 30,
                                                       {QStringLiteral("node"), QStringLiteral("pnpm")}))
                    .ok());
        const qint64 conflictId = store->conflicts().list()->front().id;
        store.close();
        const auto run = test::runCli(store.path(), {QStringLiteral("--json"), QStringLiteral("resolve"),
                                                     QString::number(conflictId), QStringLiteral("--strategy"),
                                                     QStringLiteral("merge"), QStringLiteral("--content"),
                                                     QStringLiteral("Uses pnpm for node, and eslint to lint")});
        QVERIFY2(run.code == 0, run.err.constData());
        store.reopen();
        auto a = store->memories().get(QStringLiteral("a"));
        QVERIFY(a);
        const QString summary = a->mergedInto;
        QVERIFY2(!summary.isEmpty(), run.out.constData());
        // The summary unites a's and x's keywords (pnpm, node, npm): y shares two of three.
        const QSet<QString> links = linksOf(*store, summary);
        QVERIFY2(links.contains(QStringLiteral("y:keyword")), qPrintable(QStringList(links.values()).join(u',')));
    }
};

QTEST_GUILESS_MAIN(TestRule8LinksForNewMemories)
#include "tst_rule8_links_for_new_memories.moc"
