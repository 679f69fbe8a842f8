// Issue 14, rule 10, first half (docs/scoring.md, "Detection"): editing a memory's content
// (or keywords) runs the contradiction check on it in the same transaction (core::AfterChange,
// the path of the window's edit command and of `recollector-cli edit`); a contradiction found
// becomes an open conflict, or is handled automatically as the detector's record() does.
// Undo takes the conflict and its confidence penalty back with the edit; redo puts them back.
#include "CaptureTestKit.h"
#include "EngineStore.h"

#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::captureMemory;
using test::kCaptureBase;

class TestRule10DetectOnEdit : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private:
    static constexpr Millis kAt = kCaptureBase + 2 * kMsPerDay;

    static void plant(Store &store, double secondDays = 1)
    {
        QVERIFY(store.memories().insert(captureMemory(QStringLiteral("a"), QStringLiteral("User likes coffee"), 0,
                                                      {QStringLiteral("coffee")}))
                    .ok());
        QVERIFY(store.memories().insert(captureMemory(QStringLiteral("b"), QStringLiteral("User enjoys green tea"),
                                                      secondDays, {QStringLiteral("tea")}))
                    .ok());
    }

    static std::vector<DecisionOutcome> edit(Store &store, const Config &config, const MemoryEdit &change, Millis at)
    {
        Decisions d(store, config);
        AfterChange after(store, config);
        auto done = after.runAll(d, 1, [&](std::size_t) { return d.edit(QStringLiteral("b"), change, at); }, at);
        if (!done)
            qWarning("%s", qPrintable(done.error().message));
        return done ? *done : std::vector<DecisionOutcome>{};
    }

private slots:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void aContentEditRaisesAnOpenContradiction()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        const Config config = Config::defaults();
        MemoryEdit change;
        change.content = QStringLiteral("User does not like coffee");
        change.keywords = QStringList{QStringLiteral("coffee")};
        auto outcomes = edit(*store, config, change, kAt);
        QCOMPARE(outcomes.size(), std::size_t(2)); // the edit, then the detection
        const auto open = store->conflicts().list(ConflictStatus::Open);
        QCOMPARE(open->size(), std::size_t(1));
        QCOMPARE(open->front().type, ConflictType::DirectContradiction);
        QCOMPARE(open->front().b, QStringLiteral("b"));
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8 * 0.8);

        test::UndoableOutcomes command{outcomes};
        QVERIFY(command.undo(*store, config, kAt + 1000));
        QCOMPARE(store->conflicts().list()->size(), std::size_t(0));
        QCOMPARE(store->memories().get(QStringLiteral("a"))->confidence, 0.8);
        QCOMPARE(store->memories().get(QStringLiteral("b"))->content, QStringLiteral("User enjoys green tea"));
        QVERIFY(command.redo(*store, config, kAt + 2000));
        QCOMPARE(store->conflicts().countOpen().value(), qint64(1));
        QCOMPARE(store->memories().get(QStringLiteral("b"))->content, QStringLiteral("User does not like coffee"));
    }

    void aContentOnlyEditIsCheckedToo()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        QVERIFY(store->memories().insert(captureMemory(QStringLiteral("c"), QStringLiteral("User drinks tea daily"), 0.5,
                                                       {QStringLiteral("tea")}))
                    .ok());
        const Config config = Config::defaults();
        MemoryEdit change;
        change.content = QStringLiteral("User never drinks tea daily");
        QCOMPARE(edit(*store, config, change, kAt).size(), std::size_t(2));
        QCOMPARE(store->conflicts().countOpen().value(), qint64(1));
    }

    void aTemporalShiftIsHandledAutomatically()
    {
        test::EngineStore store(m_engines);
        plant(*store, 45); // b says the liking changed ("no longer"): an update, latest wins
        const Config config = Config::defaults();
        MemoryEdit change;
        change.content = QStringLiteral("User no longer likes coffee");
        change.keywords = QStringList{QStringLiteral("coffee")};
        QCOMPARE(edit(*store, config, change, kCaptureBase + 46 * kMsPerDay).size(), std::size_t(2));
        const auto all = store->conflicts().list();
        QCOMPARE(all->size(), std::size_t(1));
        QCOMPARE(all->front().type, ConflictType::TemporalShift);
        QVERIFY(!all->front().isOpen());
        QCOMPARE(store->memories().get(QStringLiteral("b"))->supersedesId, QStringLiteral("a"));
    }

    void anEditOfOtherFieldsIsNotChecked()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        const Config config = Config::defaults();
        MemoryEdit change;
        change.importance = 2;
        QCOMPARE(edit(*store, config, change, kAt).size(), std::size_t(1));
        QCOMPARE(store->conflicts().list()->size(), std::size_t(0));
    }

    // The real recollector-cli: `edit --content` raises the conflict `conflicts` then lists.
    void cliEditRaisesTheConflict()
    {
        test::EngineStore store(m_engines);
        plant(*store);
        store.close();
        const auto run = test::runCli(store.path(), {QStringLiteral("edit"), QStringLiteral("b"), QStringLiteral("--content"),
                                                     QStringLiteral("User does not like coffee"), QStringLiteral("--keywords"),
                                                     QStringLiteral("coffee")});
        QVERIFY2(run.code == 0, run.err.constData());
        store.reopen();
        QCOMPARE(store->conflicts().countOpen().value(), qint64(1));
    }
};

QTEST_GUILESS_MAIN(TestRule10DetectOnEdit)
#include "tst_rule10_detect_on_edit.moc"
