// The review queue (docs/scoring.md, "Review queue"): open conflicts, promote reviews at 2.5,
// decay reviews below 0.5, cleanup candidates, in that order; answered reviews stay closed
// until the importance crosses its line again.
#include "EngineStore.h"

#include "engine/decisions/Decisions.h"
#include "engine/review/ReviewQueue.h"
#include "scoring/ScoringProfile.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kNow = 1717200000000; // 2024-06-01T00:00Z

Memory withImportance(const QString &id, double importance, double daysSinceAccess,
                      const QString &category = QStringLiteral("fact"))
{
    Memory m = test::sampleMemory(id, kNow - 100 * kMsPerDay);
    m.category = category;
    m.importance = importance;
    m.lastReinforcedAt = kNow - Millis(daysSinceAccess * double(kMsPerDay));
    m.lastAccessedAt = m.lastReinforcedAt;
    m.stability = 8760; // keep the ebbinghaus cleanup out of the way
    return m;
}

QStringList summary(const std::vector<ReviewItem> &items)
{
    QStringList out;
    for (const ReviewItem &i : items)
        out << ReviewQueue::kindName(i.kind) + QLatin1Char(':') + i.memoryIds.join(QLatin1Char('+'));
    return out;
}

} // namespace

class TestReview : public QObject
{
    Q_OBJECT

private:
    const Config m_config = Config::defaults();

    std::vector<ReviewItem> queue(Store &s, Millis at, const QString &profile = QStringLiteral("importance"))
    {
        const auto p = makeProfile(profile, m_config);
        auto items = ReviewQueue(s, m_config, *p).build(at);
        if (!items)
            qFatal("%s", qPrintable(items.error().message));
        return *items;
    }

    recollector::test::EngineFixture m_engines;

private Q_SLOTS:
    // On a store file and on a team store (EngineStore.h).
    void initTestCase_data() { recollector::test::EngineFixture::addEngines(); }
    void oneOrderedList()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("promote-2.6"), 2.6, 0)));
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("promote-2.9"), 2.9, 0)));
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("below-line"), 2.4, 0)));
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("core"), 2.8, 0, QStringLiteral("core"))));
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("decay-21d"), 1.0, 21))); // 0.95^14 = 0.488
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("decay-23d"), 1.0, 23))); // 0.95^16 = 0.440
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("delete-31d"), 1.0, 31))); // 0.292 → cleanup
        Memory perm = withImportance(QStringLiteral("permanent"), 2.9, 0);
        perm.permanent = true;
        QVERIFY(s->memories().insert(perm));
        Conflict c;
        c.a = QStringLiteral("promote-2.6");
        c.b = QStringLiteral("below-line");
        c.type = ConflictType::DirectContradiction;
        c.detectedAt = kNow;
        QVERIFY(s->conflicts().insert(c));

        const auto items = queue(*s, kNow);
        QCOMPARE(summary(items), (QStringList{QStringLiteral("conflict:promote-2.6+below-line"),
                                              QStringLiteral("promote:promote-2.9"), QStringLiteral("promote:promote-2.6"),
                                              QStringLiteral("decay:decay-23d"), QStringLiteral("decay:decay-21d"),
                                              QStringLiteral("cleanup:delete-31d")}));
        QCOMPARE(items[0].conflictId, c.id);
        QVERIFY(items[0].answers.contains(QStringLiteral("keep_both")));
        QCOMPARE(items[1].answers, (QStringList{QStringLiteral("promote"), QStringLiteral("keep"), QStringLiteral("delete")}));
        QCOMPARE(items[1].reason, QStringLiteral("importance 2.9 reached the promote line 2.5: make it core?"));
        QCOMPARE(items[4].reason, QStringLiteral("importance 0.488 fell below 0.5: keep it (reset to 0.5) or delete it?"));
        QCOMPARE(items[5].cleanup, CleanupKind::Delete);
        QCOMPARE(items[5].reason, QStringLiteral("delete: importance 0.292 is under the delete line (0.3)"));
    }

    void importanceReviewsBelongToTheImportanceProfile()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("high"), 2.9, 0)));
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("low"), 1.0, 21)));
        QVERIFY(queue(*s, kNow, QStringLiteral("ebbinghaus")).empty());
        QCOMPARE(queue(*s, kNow).size(), size_t(2));
    }

    void aPromoteAnswerHoldsUntilTheNextBoost()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("m"), 2.6, 0)));
        Decisions d(*s, m_config, QStringLiteral("importance"));
        const auto kept = d.answerReview(QStringLiteral("m"), ReviewKind::Promote, ReviewAnswer::Keep, kNow);
        QVERIFY(kept);
        QVERIFY(queue(*s, kNow + kMsPerHour).empty());
        // Reverting the answer reopens the review.
        const auto undone = d.revert(kept->firstEventId(), kNow + kMsPerHour);
        QVERIFY(undone);
        QCOMPARE(queue(*s, kNow + kMsPerHour).size(), size_t(1));
        QVERIFY(d.revert(undone->firstEventId(), kNow + 2 * kMsPerHour)); // redo: closed again
        QVERIFY(queue(*s, kNow + 2 * kMsPerHour).empty());
        // A BOOST (2.6 → 2.9) asks again.
        QVERIFY(d.reinforce(QStringLiteral("m"), ReinforceEvent::Manual, kNow + 3 * kMsPerHour));
        QCOMPARE(summary(queue(*s, kNow + 4 * kMsPerHour)), QStringList{QStringLiteral("promote:m")});
        // Promoted to core: never asked again.
        QVERIFY(d.answerReview(QStringLiteral("m"), ReviewKind::Promote, ReviewAnswer::Promote, kNow + 5 * kMsPerHour));
        QVERIFY(queue(*s, kNow + 400 * kMsPerDay).empty());
    }

    void aDecayAnswerHoldsUntilTheImportanceFallsAgain()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(withImportance(QStringLiteral("m"), 1.0, 21)));
        QCOMPARE(queue(*s, kNow).size(), size_t(1));
        QVERIFY(Decisions(*s, m_config).answerReview(QStringLiteral("m"), ReviewKind::Decay, ReviewAnswer::Keep, kNow));
        // Reset to 0.5 with a fresh 7-day grace: on day 8 it is 0.475 and asks again.
        QVERIFY(queue(*s, kNow + Millis(7.9 * double(kMsPerDay))).empty());
        QCOMPARE(summary(queue(*s, kNow + 8 * kMsPerDay)), QStringList{QStringLiteral("decay:m")});
    }
};

QTEST_GUILESS_MAIN(TestReview)
#include "tst_review.moc"
