// docs/scoring.md#restatements, one rule for every way in: what the assistant adds, what an
// import brings and what appears in an attached folder, when it restates a memory held, is
// recorded as a reinforcement of that memory with the new text kept in the event; an import's
// reinforcement is undone with the import. Real stores (a file and a team store) and folders on
// disk.
#include "EngineStore.h"

#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "config/Config.h"
#include "engine/capture/AfterChange.h"
#include "engine/capture/DuplicateFinder.h"
#include "engine/capture/KeywordExtractor.h"
#include "engine/capture/MemoryCapture.h"
#include "engine/decisions/Decisions.h"
#include "engine/text/Restatement.h"
#include "engine/text/StatementFacts.h"
#include "io/ImportOperation.h"
#include "store/Store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kDay0 = 1736150400000; // 2025-01-06

const QString kHeld = QStringLiteral("Maria volunteers at a homeless shelter.");
const QString kAgain = QStringLiteral("Maria has been volunteering at a homeless shelter, finding it rewarding.");

Memory memory(const QString &id, const QString &content, Millis at)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("fact");
    m.keywords = KeywordExtractor::extract(content); // as `add` takes them
    m.confidence = 0.8;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = at;
    return m;
}

/// The restatement texts kept in `id`'s reinforce events.
QStringList restatementsOf(Store &store, const QString &id)
{
    QStringList out;
    const auto history = store.events().forMemory(id);
    if (!history)
        return {QStringLiteral("(no history)")};
    for (const Event &e : *history) {
        if (e.kind == events::kReinforce && e.payload.contains(QStringLiteral("restatement")))
            out << e.payload.value(QStringLiteral("restatement")).toString();
    }
    return out;
}

void writeFile(const QString &path, const QString &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QVERIFY(f.write(text.toUtf8()) > 0);
}

QString claudeEntry(const QString &name, const QString &body)
{
    return QStringLiteral("---\nname: %1\ndescription: %1\ntype: user\n---\n\n%2\n").arg(name, body);
}

} // namespace

class TestRestatementPaths : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

    Config m_config = Config::defaults();

    /// A store holding `held` as mem_held, and what `add` made of the assistant saying `again`
    /// thirty days later.
    Result<MemoryCapture::Added> heldThenAdded(test::EngineStore &store, const QString &held, const QString &again)
    {
        if (!store->memories().insert(memory(QStringLiteral("mem_held"), held, kDay0)))
            return Error::make(Error::Code::Io, QStringLiteral("could not insert mem_held"));
        MemoryCapture capture(*store, m_config);
        NewMemory input;
        input.actor = QStringLiteral("assistant");
        input.content = again;
        return capture.add(input, kDay0 + 30 * kMsPerDay);
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void addReinforcesTheMemoryHeld()
    {
        test::EngineStore store(m_engines);
        auto added = heldThenAdded(store, kHeld, kAgain);
        QVERIFY2(added, added ? "" : qPrintable(added.error().message));
        QCOMPARE(added->memory.id, QStringLiteral("mem_held"));
        QCOMPARE(store->memories().count().value(), qint64(1));
        QCOMPARE(restatementsOf(*store, QStringLiteral("mem_held")), QStringList{kAgain});
    }

    // Half the words in common: likely the same fact, but a write takes it as the memory held
    // only from two-thirds (text::Restatement::kTakenAsOne). Below, both stay, and Review ▸
    // Duplicates lists them for the person to decide.
    void aLikelyRestatementBelowTwoThirdsStaysAndIsListed()
    {
        const QString held = QStringLiteral("Priya enjoys hiking, camping, fishing and kayaking in the mountains.");
        const QString again = QStringLiteral("Priya enjoys hiking in the mountains with her sister, cousins and uncle.");
        const double share = text::Restatement::share(text::StatementFacts::of(held), text::StatementFacts::of(again), true);
        QVERIFY2(share > 0 && share < text::Restatement::kTakenAsOne, qPrintable(QString::number(share)));

        test::EngineStore store(m_engines);
        auto added = heldThenAdded(store, held, again);
        QVERIFY2(added, added ? "" : qPrintable(added.error().message));
        QVERIFY(added->restates.isEmpty());
        QVERIFY(added->memory.id != QStringLiteral("mem_held"));
        QCOMPARE(store->memories().count().value(), qint64(2));
        QVERIFY(restatementsOf(*store, QStringLiteral("mem_held")).isEmpty());

        auto clusters = DuplicateFinder::find(*store);
        QVERIFY(clusters);
        QCOMPARE(clusters->size(), std::size_t(1));
        QCOMPARE(clusters->front().memories.size(), std::size_t(2));
    }

    void anImportedRestatementReinforcesAndIsUndoneWithTheImport()
    {
        test::EngineStore store(m_engines);
        QVERIFY(store->memories().insert(memory(QStringLiteral("mem_held"), kHeld, kDay0)));
        const int reinforcedBefore = store->memories().get(QStringLiteral("mem_held"))->reinforceCount;
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        set.memories = {memory(QStringLiteral("mem_again"), kAgain, kDay0 + kMsPerDay),
                        memory(QStringLiteral("mem_other"), QStringLiteral("The build runs on two cores with ninja."),
                               kDay0 + kMsPerDay)};
        const Millis now = kDay0 + 30 * kMsPerDay;
        const io::ImportOperation operation(*store, m_config, now);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        auto outcome = operation.apply(set, *plan, io::ImportPolicy{});
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(outcome->report.added, 1);
        QCOMPARE(outcome->report.skipped, 0);
        QCOMPARE(outcome->report.restated.value(QStringLiteral("mem_again")), QStringLiteral("mem_held"));
        QVERIFY(!store->memories().get(QStringLiteral("mem_again")));
        QVERIFY(store->memories().get(QStringLiteral("mem_other")));
        QCOMPARE(restatementsOf(*store, QStringLiteral("mem_held")), QStringList{kAgain});
        QCOMPARE(store->memories().get(QStringLiteral("mem_held"))->reinforceCount, reinforcedBefore + 1);

        // Undone as the window undoes an import: its decisions newest first.
        std::vector<qint64> undo(outcome->decisionEvents.rbegin(), outcome->decisionEvents.rend());
        Decisions decisions(*store, m_config);
        AfterChange after(*store, m_config);
        auto undone = after.revertAll(decisions, undo, now + kMsPerHour);
        QVERIFY2(undone, undone ? "" : qPrintable(undone.error().message));
        QVERIFY(!store->memories().get(QStringLiteral("mem_other")) || store->memories().get(QStringLiteral("mem_other"))->isDeleted());
        QCOMPARE(store->memories().get(QStringLiteral("mem_held"))->reinforceCount, reinforcedBefore);
    }

    void aFileThatAppearsLaterReinforcesTheMemoryHeld()
    {
        if (test::EngineFixture::onServer())
            QSKIP("an attached folder's side store is a file of its own, whatever the main store is");
        QTemporaryDir tmp;
        const QString folder = tmp.filePath(QStringLiteral("home/.claude/projects/-home-dev-app/memory"));
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QDir().mkpath(tmp.filePath(QStringLiteral("data/attached"))));
        writeFile(QDir(folder).filePath(QStringLiteral("MEMORY.md")),
                  QStringLiteral("- [Shelter](user_shelter.md)\n- [Shelter again](user_shelter_again.md)\n"));
        writeFile(QDir(folder).filePath(QStringLiteral("user_shelter.md")), claudeEntry(QStringLiteral("Shelter"), kHeld));
        const QString canonical = QFileInfo(folder).canonicalFilePath();
        auto store = Store::open(attach::AttachedFolder::sideStorePath(canonical, tmp.filePath(QStringLiteral("data"))));
        QVERIFY(store);
        auto first = attach::FolderSync::run(**store, canonical, kDay0);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        QCOMPARE(first->added, 1);

        writeFile(QDir(folder).filePath(QStringLiteral("user_shelter_again.md")),
                  claudeEntry(QStringLiteral("Shelter again"), kAgain));
        auto second = attach::FolderSync::run(**store, canonical, kDay0 + 30 * kMsPerDay);
        QVERIFY2(second, second ? "" : qPrintable(second.error().message));
        QCOMPARE(second->restated, 1);
        QCOMPARE(second->added, 0);
        QCOMPARE(restatementsOf(**store, QStringLiteral("user_shelter")), QStringList{kAgain});
        // The file keeps its memory (one per file), merged into the one it restates.
        QCOMPARE((*store)->memories().get(QStringLiteral("user_shelter_again"))->mergedInto, QStringLiteral("user_shelter"));
        // A third sync sees the file unchanged: no second reinforcement.
        auto third = attach::FolderSync::run(**store, canonical, kDay0 + 31 * kMsPerDay);
        QVERIFY(third);
        QCOMPARE(restatementsOf(**store, QStringLiteral("user_shelter")).size(), 1);
    }

    // One sync reads each candidate memory once for all its new files (HeldStatements); a file
    // it changes on the way is weighed as it now reads, by the files after it.
    void aMemoryChangedInTheSameSyncIsWeighedAsItNowReads()
    {
        if (test::EngineFixture::onServer())
            QSKIP("an attached folder's side store is a file of its own, whatever the main store is");
        QTemporaryDir tmp;
        const QString folder = tmp.filePath(QStringLiteral("home/.claude/projects/-home-dev-app/memory"));
        QVERIFY(QDir().mkpath(folder));
        QVERIFY(QDir().mkpath(tmp.filePath(QStringLiteral("data/attached"))));
        const QDir dir(folder);
        writeFile(dir.filePath(QStringLiteral("MEMORY.md")), QStringLiteral("- [Shelter](user_shelter.md)\n"));
        writeFile(dir.filePath(QStringLiteral("user_shelter.md")), claudeEntry(QStringLiteral("Shelter"), kHeld));
        const QString canonical = QFileInfo(folder).canonicalFilePath();
        auto store = Store::open(attach::AttachedFolder::sideStorePath(canonical, tmp.filePath(QStringLiteral("data"))));
        QVERIFY(store);
        auto first = attach::FolderSync::run(**store, canonical, kDay0);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));

        // In name order: a new file that makes user_shelter a candidate without restating it,
        // user_shelter itself rewritten, and a new file restating what it says now.
        writeFile(dir.filePath(QStringLiteral("feedback_closure.md")),
                  claudeEntry(QStringLiteral("Closure"), QStringLiteral("Maria's shelter closed for renovations in March.")));
        writeFile(dir.filePath(QStringLiteral("user_shelter.md")),
                  claudeEntry(QStringLiteral("Shelter"), QStringLiteral("Maria teaches painting at a community center.")));
        writeFile(dir.filePath(QStringLiteral("user_teaches.md")),
                  claudeEntry(QStringLiteral("Teaches"),
                              QStringLiteral("Maria has been teaching painting at the community center.")));
        auto second = attach::FolderSync::run(**store, canonical, kDay0 + 30 * kMsPerDay);
        QVERIFY2(second, second ? "" : qPrintable(second.error().message));
        QCOMPARE(second->changed, 1);
        QCOMPARE(second->added, 1);
        QCOMPARE(second->restated, 1);
        QCOMPARE((*store)->memories().get(QStringLiteral("user_teaches"))->mergedInto, QStringLiteral("user_shelter"));
        QVERIFY((*store)->memories().get(QStringLiteral("feedback_closure"))->mergedInto.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRestatementPaths)
#include "tst_restatement_paths.moc"
