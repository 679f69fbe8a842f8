// Issue 14, rule 10, second half (docs/scoring.md, "Detection"): an import above
// io::ImportOperation::kDetectAtMost (20 000) memories does not skip contradiction detection but
// queues it — meta `detection_queued_at`, set in the import's own transaction (a cancelled
// import leaves no flag) — on real store files, once at the real threshold; `recollector-cli stats`
// mentions it; `recollector-cli conflicts --detect` (the real process) runs it at once, records the
// contradiction the import carried and clears the flag in the same transaction.
#include "StoreFingerprint.h"
#include "CliProcess.h"
#include "TempStore.h"

#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/QueuedDetection.h"
#include "io/ImportOperation.h"
#include "store/MetaRepository.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z
constexpr Millis kNow = 1717236000000; // 2024-06-01T10:00Z

Memory withText(const QString &id, const QString &content, Millis at)
{
    Memory m = test::sampleMemory(id, at);
    m.content = content;
    m.keywords = {QStringLiteral("indentation"), QStringLiteral("tabs"), QStringLiteral("style")};
    return m;
}

/// `filler` unrelated memories and a direct contradiction (tabs / no tabs, an hour apart).
io::MemorySet bigSet(int filler)
{
    io::MemorySet set;
    set.sourceName = QStringLiteral("big.json");
    set.memories.reserve(std::size_t(filler) + 2);
    for (int i = 0; i < filler; ++i) {
        Memory m = test::sampleMemory(QStringLiteral("m%1").arg(i), kT0 + i);
        m.content = QStringLiteral("Unrelated fact number %1").arg(i);
        m.keywords = {QStringLiteral("topic%1").arg(i), QStringLiteral("fact%1").arg(i)};
        set.memories.push_back(std::move(m));
    }
    set.memories.push_back(withText(QStringLiteral("tabs"), QStringLiteral("The user indents code with tabs"), kT0));
    set.memories.push_back(
        withText(QStringLiteral("nottabs"), QStringLiteral("The user does not indent code with tabs"), kT0 + kMsPerHour));
    return set;
}

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QString &store, const QStringList &args)
{
    const test::CliRun r = test::runRecollectorCli(store, args);
    return Run{r.code, QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

} // namespace

class Rule10QueuedDetectionTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The real threshold: 20 002 memories queue the detection; the CLI then runs it.
    void anImportAboveTheLimitQueuesDetectionAndTheCliRunsIt()
    {
        QElapsedTimer timer;
        timer.start();
        test::TempStore s;
        const io::MemorySet set = bigSet(int(io::ImportOperation::kDetectAtMost));
        const io::ImportOperation operation(*s, Config::defaults(), kNow);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        QVERIFY(plan->detection.skipped);
        QCOMPARE(*QueuedDetection::queuedAt(*s), Millis(0)); // a preview writes nothing

        auto outcome = operation.apply(set, *plan, io::ImportPolicy{});
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QVERIFY(outcome->detection.queued);
        QCOMPARE(outcome->report.added, int(io::ImportOperation::kDetectAtMost) + 2);
        QCOMPARE(*s->meta().value(MetaRepository::kDetectionQueuedAt), time::toIso(kNow));
        QCOMPARE(*s->conflicts().countOpen(), qint64(0)); // not detected on the spot
        const QString path = s.path();
        s.close();

        Run r = cli(path, {QStringLiteral("stats")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("contradiction detection queued since 2024-06-01T10:00:00.000Z")),
                 qPrintable(r.out));
        r = cli(path, {QStringLiteral("--json"), QStringLiteral("stats")});
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("detectionQueuedAt")).toString(),
                 QStringLiteral("2024-06-01T10:00:00.000Z"));

        r = cli(path, {QStringLiteral("conflicts"), QStringLiteral("--detect")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QStringLiteral("1 new conflict detected")), qPrintable(r.out + r.err));
        s.reopen();
        QCOMPARE(*QueuedDetection::queuedAt(*s), Millis(0));
        QCOMPARE(*s->conflicts().countOpen(), qint64(1));
        s.close();
        r = cli(path, {QStringLiteral("stats")});
        QVERIFY2(!r.out.contains(QStringLiteral("detection queued")), qPrintable(r.out));
        qInfo("20 002-memory import, stats and conflicts --detect: %lld ms", qint64(timer.elapsed()));
    }

    // The flag belongs to the import's transaction: a cancel at the commit leaves none.
    void aCancelledImportQueuesNothing()
    {
        test::TempStore s;
        const io::MemorySet set = bigSet(10);
        io::ImportOperation operation(*s, Config::defaults(), kNow);
        operation.setDetectAtMost(5);
        auto plan = operation.preview(set);
        QVERIFY(plan && plan->detection.skipped);
        const auto before = test::fingerprint(*s);
        auto cancelled = operation.apply(set, *plan, io::ImportPolicy{},
                                         [](io::ImportPhase phase, int, int) { return phase != io::ImportPhase::Committing; });
        QVERIFY(!cancelled);
        QCOMPARE(test::fingerprint(*s), before);
        QCOMPARE(*QueuedDetection::queuedAt(*s), Millis(0));

        // Below the limit detection runs on the spot and nothing is queued.
        io::ImportOperation small(*s, Config::defaults(), kNow);
        auto smallPlan = small.preview(set);
        QVERIFY(smallPlan && smallPlan->detection.ran());
        auto done = small.apply(set, *smallPlan, io::ImportPolicy{});
        QVERIFY(done && !done->detection.queued);
        QCOMPARE(done->recorded.size(), std::size_t(1));
        QCOMPARE(*QueuedDetection::queuedAt(*s), Millis(0));
    }

    // The queued run records the conflicts and clears the flag in one transaction: a cancel
    // at its commit leaves both as they were.
    void theQueuedRunIsOneTransaction()
    {
        test::TempStore s;
        const io::MemorySet set = bigSet(10);
        io::ImportOperation operation(*s, Config::defaults(), kNow);
        operation.setDetectAtMost(5);
        auto plan = operation.preview(set);
        QVERIFY(plan);
        QVERIFY(operation.apply(set, *plan, io::ImportPolicy{}));
        QCOMPARE(*QueuedDetection::queuedAt(*s), kNow);

        ConflictDetector stopping(*s, Config::defaults());
        stopping.setStep([](ConflictDetector::Phase phase, int, int) { return phase != ConflictDetector::Phase::Committing; });
        auto stopped = QueuedDetection::detectAll(*s, stopping, kNow);
        QVERIFY(!stopped);
        QCOMPARE(*QueuedDetection::queuedAt(*s), kNow);
        QCOMPARE(*s->conflicts().countOpen(), qint64(0));

        ConflictDetector detector(*s, Config::defaults());
        auto recorded = QueuedDetection::detectAll(*s, detector, kNow);
        QVERIFY(recorded);
        QCOMPARE(recorded->size(), std::size_t(1));
        QCOMPARE(*QueuedDetection::queuedAt(*s), Millis(0));
    }
};

QTEST_GUILESS_MAIN(Rule10QueuedDetectionTest)
#include "tst_rule10_queued_detection.moc"
