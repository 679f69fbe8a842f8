// Issue 36 (docs/scoring.md#judgement-rules): contradictions by value, updates and restatements
// on real SQLite stores, each pair added as an assistant adds memories (core::MemoryCapture::add,
// the path of `recollector-cli add` and MCP `remember`) at dates 40 days apart: values that
// cannot both hold open a conflict that says why; a plan carried out, a move or a count that
// says it changed supersedes the older; keyword overlap and time alone raise nothing; a
// restatement reinforces the memory already held and keeps the new text in the event.
#include "TempStore.h"

#include "config/Config.h"
#include "engine/capture/MemoryCapture.h"
#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/ConflictReason.h"
#include "engine/decisions/Decisions.h"
#include "model/Event.h"

#include <QTest>

using namespace recollector;
using namespace recollector::core;

class TestJudgement : public QObject
{
    Q_OBJECT

private:
    static constexpr Millis kDay0 = 1736150400000; // 2025-01-06
    static constexpr Millis kDay40 = kDay0 + 40 * kMsPerDay;

    struct Pair
    {
        MemoryCapture::Added older;
        MemoryCapture::Added newer;
    };

    static Pair addPair(Store &store, const QString &older, const QString &newer)
    {
        MemoryCapture capture(store, Config::defaults());
        NewMemory input;
        input.actor = QStringLiteral("assistant");
        input.content = older;
        auto a = capture.add(input, kDay0);
        input.content = newer;
        auto b = capture.add(input, kDay40);
        if (!a || !b)
            qFatal("add failed: %s", qPrintable((!a ? a.error() : b.error()).message));
        return {*a, *b};
    }

    static QString reasonOf(Store &store, const Conflict &c) { return *ConflictReason::of(store, c); }

private slots:
    void valuesThatCannotBothHoldOpenAConflict_data()
    {
        QTest::addColumn<QString>("older");
        QTest::addColumn<QString>("newer");
        QTest::addColumn<QString>("newerWords");
        QTest::addColumn<QString>("olderWords");
        QTest::newRow("tabs/spaces") << "The user prefers tabs." << "The user prefers spaces." << "prefers spaces"
                                     << "prefers tabs";
        QTest::newRow("tabs/spaces for indentation")
            << "The user prefers tabs for indentation." << "The user prefers spaces for indentation." << "prefers spaces"
            << "prefers tabs";
        QTest::newRow("two/three kids") << "Alex has two kids." << "Alex has three kids." << "has three kids"
                                        << "has two kids";
        QTest::newRow("dog/girlfriend") << "Max is his dog." << "Max is his girlfriend." << "his girlfriend"
                                        << "his dog";
        QTest::newRow("制表符/空格") << "用户缩进用制表符。" << "用户缩进用空格。" << "空格" << "制表符";
        QTest::newRow("两个/三个孩子") << "小王有两个孩子。" << "小王有三个孩子。" << "三个" << "两个";
    }
    void valuesThatCannotBothHoldOpenAConflict()
    {
        QFETCH(QString, older);
        QFETCH(QString, newer);
        QFETCH(QString, newerWords);
        QFETCH(QString, olderWords);
        test::TempStore store;
        const Pair p = addPair(*store, older, newer);
        QVERIFY(p.newer.restates.isEmpty());
        QCOMPARE(p.newer.followUp.conflicts.size(), std::size_t(1));
        const Conflict &c = p.newer.followUp.conflicts.front();
        QCOMPARE(c.type, ConflictType::DirectContradiction);
        QVERIFY(c.isOpen());
        QVERIFY(!store->memories().get(p.older.memory.id)->superseded);
        const QString why = reasonOf(*store, c);
        QVERIFY2(why.contains(QStringLiteral("the newer says '")) && why.contains(newerWords)
                     && why.contains(olderWords),
                 qPrintable(why));
    }

    void anUpdateSupersedesTheOlder_data()
    {
        QTest::addColumn<QString>("older");
        QTest::addColumn<QString>("newer");
        QTest::addColumn<QString>("newerWords");
        QTest::addColumn<QString>("olderWords");
        QTest::newRow("plan → outcome") << "The user is planning to adopt a dog." << "The user adopted a dog named Max."
                                        << "adopted a dog" << "planning to adopt a dog";
        QTest::newRow("considering → signed") << "John is considering Nike for a shoe deal."
                                              << "John signed with Nike for a shoe deal." << "signed with Nike"
                                              << "considering Nike";
        QTest::newRow("looking forward → attended")
            << "Caroline is looking forward to attending a transgender conference this month."
            << "Caroline attended an LGBTQ conference recently." << "attended an LGBTQ conference"
            << "looking forward to attending a transgender conference";
        QTest::newRow("lives in → moved to") << "The user lives in Berlin." << "The user moved to Lisbon."
                                             << "moved to Lisbon" << "lives in Berlin";
        QTest::newRow("works at → left") << "Dana works at Google." << "Dana left Google and joined Stripe."
                                         << "left Google" << "works at Google";
        QTest::newRow("a count that says it changed") << "The team has 5 engineers." << "The team now has 7 engineers."
                                                      << "now has 7" << "has 5 engineers";
        QTest::newRow("打算 → 已经") << "用户打算学习日语。" << "用户已经开始学习日语了。" << "已经" << "打算";
    }
    void anUpdateSupersedesTheOlder()
    {
        QFETCH(QString, older);
        QFETCH(QString, newer);
        QFETCH(QString, newerWords);
        QFETCH(QString, olderWords);
        test::TempStore store;
        const Pair p = addPair(*store, older, newer);
        QCOMPARE(p.newer.followUp.conflicts.size(), std::size_t(1));
        const Conflict &c = p.newer.followUp.conflicts.front();
        QCOMPARE(c.type, ConflictType::TemporalShift);
        QCOMPARE(c.resolution, ConflictResolution::AutoLatestWins);
        QVERIFY(store->memories().get(p.older.memory.id)->superseded);
        QCOMPARE(store->memories().get(p.newer.memory.id)->supersedesId, p.older.memory.id);
        const QString why = reasonOf(*store, c);
        QVERIFY2(why.contains(newerWords) && why.contains(olderWords), qPrintable(why));
    }

    // docs/scoring.md#temporal-shift: the same keywords 40 days apart are no update by themselves.
    void keywordOverlapAndTimeAloneRaiseNothing()
    {
        test::TempStore store;
        const Pair p = addPair(*store, QStringLiteral("The deploy script uploads the build to staging"),
                               QStringLiteral("The deploy script uploads the build to production"));
        QVERIFY(p.newer.followUp.conflicts.empty());
        QVERIFY(!store->memories().get(p.older.memory.id)->superseded);
        QVERIFY(store->conflicts().list()->empty());
    }

    void aRestatementReinforcesTheMemoryHeld()
    {
        test::TempStore store;
        const Pair p = addPair(*store, QStringLiteral("The user prefers dark mode in every app."),
                               QStringLiteral("The user prefers dark mode in all apps."));
        QVERIFY(!p.newer.restates.isEmpty());
        QCOMPARE(p.newer.memory.id, p.older.memory.id);
        QCOMPARE(store->memories().count().value(), qint64(1));
        bool kept = false;
        const auto history = store->events().forMemory(p.older.memory.id);
        QVERIFY(history);
        for (const Event &e : *history) {
            if (e.kind == events::kReinforce)
                kept = e.payload.value(QStringLiteral("restatement")).toString()
                    == QStringLiteral("The user prefers dark mode in all apps.");
        }
        QVERIFY(kept);
    }

    void aDifferentValueIsNoRestatement()
    {
        test::TempStore store;
        const Pair p = addPair(*store, QStringLiteral("用户喜欢喝咖啡。"), QStringLiteral("用户喜欢喝茶。"));
        QVERIFY(p.newer.restates.isEmpty());
        QVERIFY(p.newer.memory.id != p.older.memory.id);
    }

    void aNewFactIsNoRestatement_data()
    {
        // docs/scoring.md#restatements: two facts that share enough words are still two.
        QTest::addColumn<QString>("older");
        QTest::addColumn<QString>("newer");
        // The owner of "Ana's favorite …" says whose it is: counted as a word in common it
        // made three of five words two-thirds of six.
        QTest::newRow("another favorite thing")
            << "Ana's favorite song to sing in the car is the theme from the film Star Wars."
            << "Ana's favorite book is Star Wars because it is exciting.";
        // "rewrote" is "wrote" with a prefix: an event, and "recently" ties it to its moment.
        QTest::newRow("an event of its own moment")
            << "Ben agrees to stay patient and keep chasing his goals."
            << "Ben recently rewrote his plan for the year and found it useful, keeping him patient and "
               "chasing his goals.";
    }
    void aNewFactIsNoRestatement()
    {
        QFETCH(QString, older);
        QFETCH(QString, newer);
        test::TempStore store;
        const Pair p = addPair(*store, older, newer);
        QVERIFY(p.newer.restates.isEmpty());
        QVERIFY(p.newer.memory.id != p.older.memory.id);
        QCOMPARE(store->memories().count().value(), qint64(2));
    }

    // The whole-store detection finds a value contradiction with no keyword in common.
    void detectAllFindsValuesWithNoKeywordInCommon()
    {
        test::TempStore store;
        const Config config = Config::defaults();
        Decisions decisions(*store, config);
        Memory tabs;
        tabs.content = QStringLiteral("The user prefers tabs.");
        tabs.keywords = {QStringLiteral("tabs")};
        Memory spaces;
        spaces.content = QStringLiteral("The user prefers spaces.");
        spaces.keywords = {QStringLiteral("spaces")};
        QVERIFY(decisions.create(tabs, kDay0, QStringLiteral("assistant")));
        QVERIFY(decisions.create(spaces, kDay40, QStringLiteral("assistant")));
        ConflictDetector detector(*store, config);
        auto recorded = detector.detectAll(kDay40 + kMsPerDay);
        QVERIFY(recorded);
        QCOMPARE(recorded->size(), std::size_t(1));
        QCOMPARE(recorded->front().type, ConflictType::DirectContradiction);
    }
};

QTEST_GUILESS_MAIN(TestJudgement)
#include "tst_judgement.moc"
