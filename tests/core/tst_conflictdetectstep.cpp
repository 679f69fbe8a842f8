// The progress / cancel seam of contradiction detection (ConflictDetector::setStep), which the
// conflicts list's "Detect now" runs on a worker: finding reports every memory looked at in
// creation order, recording every candidate and the commit; a false return stops the call
// with Error::Code::Cancelled, and whatever the step, a cancelled detection leaves the store
// exactly as it was (record()'s one transaction rolls back).
#include "StoreFingerprint.h"
#include "TempStore.h"

#include "engine/conflicts/ConflictDetector.h"
#include "store/Transaction.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kBase = 1704067200000; // 2024-01-01T00:00Z
constexpr int kFillers = 1500;
constexpr int kPairs = 3;

using Phase = ConflictDetector::Phase;

struct Report
{
    Phase phase;
    int done;
    int total;
};

Memory mem(const QString &id, const QString &content, Millis at, const QStringList &keywords)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("preference");
    m.keywords = keywords;
    m.confidence = 0.8;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = at;
    return m;
}

// kFillers memories that contradict nothing (a keyword of their own each) and kPairs direct
// contradictions ("likes X" / "does not like X", a day apart).
void fill(Store &store)
{
    Transaction tx(store.database());
    QVERIFY(tx.isActive());
    for (int i = 0; i < kFillers; ++i) {
        const QString n = QString::number(i);
        QVERIFY(store.memories()
                    .insert(mem(QStringLiteral("f%1").arg(n), QStringLiteral("Filler fact number %1").arg(n),
                                kBase + i * kMsPerHour, {QStringLiteral("filler%1").arg(n)}))
                    .ok());
    }
    for (int i = 0; i < kPairs; ++i) {
        const QString topic = QStringLiteral("topic%1").arg(i);
        QVERIFY(store.memories()
                    .insert(mem(QStringLiteral("p%1a").arg(i), QStringLiteral("User likes %1").arg(topic), kBase,
                                {topic}))
                    .ok());
        QVERIFY(store.memories()
                    .insert(mem(QStringLiteral("p%1b").arg(i), QStringLiteral("User does not like %1").arg(topic),
                                kBase + kMsPerDay, {topic}))
                    .ok());
    }
    QVERIFY(tx.commit().ok());
}

} // namespace

class ConflictDetectStepTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reportsEveryPhase()
    {
        test::TempStore store;
        fill(*store);
        ConflictDetector detector(*store, Config::defaults());
        std::vector<Report> reports;
        detector.setStep([&](Phase phase, int done, int total) {
            reports.push_back({phase, done, total});
            return true;
        });
        auto recorded = detector.detectAll(kBase + 10 * kMsPerDay);
        QVERIFY2(recorded.ok(), qPrintable(recorded.ok() ? QString() : recorded.error().message));
        QCOMPARE(int(recorded->size()), kPairs);

        const int memories = kFillers + 2 * kPairs;
        int finding = 0, recording = 0, committing = 0;
        int lastDone = -1;
        Phase lastPhase = Phase::Finding;
        for (const Report &r : reports) {
            QVERIFY(int(r.phase) >= int(lastPhase)); // the phases come in order
            if (r.phase != lastPhase)
                lastDone = -1;
            QVERIFY2(r.done >= lastDone, "done never goes back within a phase");
            QVERIFY(r.done <= r.total || r.total == 0);
            lastDone = r.done;
            lastPhase = r.phase;
            switch (r.phase) {
            case Phase::Finding:
                ++finding;
                QVERIFY(r.total == 0 || r.total == memories);
                break;
            case Phase::Recording:
                QCOMPARE(r.total, kPairs);
                QCOMPARE(r.done, recording++);
                break;
            case Phase::Committing:
                ++committing;
                QCOMPARE(r.done, kPairs);
                QCOMPARE(r.total, kPairs);
                break;
            }
        }
        // Before the index, once it is built, every 256 memories, and at the end.
        QVERIFY2(finding >= 2 + memories / 256, qPrintable(QString::number(finding)));
        QCOMPARE(reports[reports.size() - 1 - std::size_t(recording + committing)].done, memories);
        QCOMPARE(recording, kPairs);
        QCOMPARE(committing, 1);
    }

    void cancelWritesNothing_data()
    {
        QTest::addColumn<int>("phase");
        QTest::addColumn<int>("at");
        QTest::newRow("finding, before the index") << int(Phase::Finding) << 0;
        QTest::newRow("finding, half-way") << int(Phase::Finding) << kFillers / 2;
        QTest::newRow("recording, one candidate written") << int(Phase::Recording) << 1;
        QTest::newRow("committing") << int(Phase::Committing) << kPairs;
    }

    void cancelWritesNothing()
    {
        QFETCH(int, phase);
        QFETCH(int, at);
        test::TempStore store;
        fill(*store);
        const auto before = test::fingerprint(*store);
        ConflictDetector detector(*store, Config::defaults());
        bool stopped = false;
        detector.setStep([&](Phase p, int done, int) {
            stopped = stopped || (int(p) == phase && done >= at);
            return !stopped;
        });
        auto recorded = detector.detectAll(kBase + 10 * kMsPerDay);
        QVERIFY(stopped);
        QVERIFY(!recorded.ok());
        QCOMPARE(recorded.error().code, Error::Code::Cancelled);
        QVERIFY2(recorded.error().message.contains(QStringLiteral("nothing was written")),
                 qPrintable(recorded.error().message));
        QCOMPARE(test::fingerprint(*store), before);

        // The same detector, let through, records them all.
        detector.setStep({});
        QCOMPARE(int(detector.detectAll(kBase + 10 * kMsPerDay)->size()), kPairs);
        QCOMPARE(*store->conflicts().countOpen(), qint64(kPairs));
    }
};

QTEST_GUILESS_MAIN(ConflictDetectStepTest)
#include "tst_conflictdetectstep.moc"
