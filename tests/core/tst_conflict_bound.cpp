// Contradiction detection on a crafted import stays bounded: 20,000 memories with the same
// keywords, written in the same fortnight, every 50th saying the opposite (8,000 and every 20th
// under the sanitizers, TestScale.h: as many opposites, still far past the caps). Every pair shares
// every keyword, so without caps the work is quadratic (it took 69 s and 1.5 GB). Checked by
// the detector's own counts, not by a clock: comparisons grow linearly with the memories,
// full verdicts and raised pairs stay under their caps, and the import completes with
// exactly the pairs found recorded.
#include "TempStore.h"
#include "TestScale.h"

#include "engine/conflicts/ConflictDetector.h"
#include "io/Importer.h"
#include "io/MemorySetReader.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

const int kMemories = test::sized(20000, 8000);
const int kOppositeEvery = test::sized(50, 20);
constexpr Millis kBase = 1704103200000; // 2024-01-01T10:00Z

QByteArray craftedSet(int count = kMemories, int oppositeEvery = kOppositeEvery)
{
    QJsonArray memories;
    for (int i = 0; i < count; ++i) {
        const bool opposite = i % oppositeEvery == 0;
        memories.append(QJsonObject {
            { "id", QStringLiteral("m%1").arg(i, 5, 10, QLatin1Char('0')) },
            { "content",
                opposite ? QStringLiteral("The user does not want variant %1 of the build").arg(i)
                         : QStringLiteral("The user wants variant %1 of the build").arg(i) },
            { "category", "preference" }, { "keywords", QJsonArray { "build", "variant", "user" } },
            { "createdAt", time::toIso(kBase + Millis(i) * 60000) }, // a minute apart: 14 days in all
        });
    }
    return QJsonDocument(QJsonObject { { "format", "recollector-memory-set" }, { "version", 1 },
                             { "profile", "ebbinghaus" }, { "memories", memories } })
        .toJson(QJsonDocument::Compact);
}

} // namespace

class TestConflictBound : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameKeywordFloodIsBounded()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("flood.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QByteArray bytes = craftedSet();
            QCOMPARE(f.write(bytes), bytes.size());
        }
        auto set = io::MemorySetReader::read(file);
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QCOMPARE(set->memories.size(), size_t(kMemories));

        test::TempStore store;
        ConflictDetector detector(*store, Config::defaults());
        std::vector<ConflictCandidate> candidates;
        io::Importer importer(*store);
        importer.setNow(kBase + 20 * kMsPerDay);
        importer.setContradictionDetector([&](const std::vector<Memory> &incoming) {
            std::vector<Conflict> out;
            auto found = detector.findIncoming(incoming);
            if (!found)
                qFatal("detection failed: %s", qPrintable(found.error().message));
            candidates = *found;
            for (const ConflictCandidate &c : candidates)
                out.push_back(
                    Conflict { 0, c.older, c.newer, c.type, ConflictStatus::Open, ConflictResolution::None, 0, 0 });
            return out;
        });
        auto report = importer.apply(*set);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->added, kMemories);

        const ConflictDetector::Stats &stats = detector.lastStats();
        qInfo("visits %lld, comparisons %lld, flagged %lld, verdicts %lld, candidates %lld, dropped %lld, "
              "limited %lld",
            stats.visits, stats.comparisons, stats.flagged, stats.verdicts, stats.candidates, stats.dropped,
            stats.limited);
        // Linear: per memory at most kMaxVisitsPerMemory entries looked at and
        // kMaxComparisonsPerMemory pairs put to the rule, on each side (store, incoming).
        QVERIFY(stats.comparisons > 0);
        QVERIFY(stats.visits <= qint64(kMemories) * 2 * ConflictDetector::kMaxVisitsPerMemory);
        QVERIFY(stats.comparisons <= qint64(kMemories) * 2 * ConflictDetector::kMaxComparisonsPerMemory);
        // The expensive part (a full reading of both texts) only for pairs within the caps.
        QVERIFY(stats.verdicts <= ConflictDetector::kMaxCandidates);
        QCOMPARE(stats.candidates, qint64(candidates.size()));
        QVERIFY(candidates.size() <= size_t(ConflictDetector::kMaxCandidates));
        // The crafted set raises far more than the caps let through, and says so.
        QVERIFY(stats.dropped > 0);
        QVERIFY(!ConflictDetector::capsNote(stats).isEmpty());

        // What was found is real, per memory within its cap, each pair once, and recorded.
        QHash<QString, int> perMemory;
        QSet<QString> pairs;
        for (const ConflictCandidate &c : candidates) {
            QCOMPARE(c.type, ConflictType::DirectContradiction);
            const bool olderOpposite = c.older.mid(1).toInt() % kOppositeEvery == 0;
            const bool newerOpposite = c.newer.mid(1).toInt() % kOppositeEvery == 0;
            QVERIFY(olderOpposite != newerOpposite);
            QVERIFY(++perMemory[c.older] <= ConflictDetector::kMaxCandidatesPerMemory);
            QVERIFY(++perMemory[c.newer] <= ConflictDetector::kMaxCandidatesPerMemory);
            pairs.insert(c.older + QLatin1Char('|') + c.newer);
        }
        QCOMPARE(pairs.size(), qsizetype(candidates.size()));
        // The run's cap is spread over many memories, not spent on a few.
        int oppositeRaised = 0;
        for (int i = 0; i < kMemories; i += kOppositeEvery)
            oppositeRaised
                += perMemory.contains(QStringLiteral("m%1").arg(i, 5, 10, QLatin1Char('0'))) ? 1 : 0;
        QVERIFY(
            oppositeRaised >= ConflictDetector::kMaxCandidates / ConflictDetector::kMaxCandidatesPerMemory);
        QCOMPARE(report->contradictionsRecorded, int(candidates.size()));
        QCOMPARE(qsizetype(store->conflicts().list()->size()), qsizetype(candidates.size()));
    }

    void findAllStopsAtTheCapWithTheSamePairs()
    {
        // A crafted set in the store (4,000 memories, every 4th saying the opposite) raises more
        // pairs than a run may record: findAll stops once the run's cap is reached and returns
        // exactly the pairs the full search returns, after far fewer comparisons; the note
        // says the search stopped.
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("flood.json"));
        {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            const QByteArray bytes = craftedSet(4000, 4);
            QCOMPARE(f.write(bytes), bytes.size());
        }
        auto set = io::MemorySetReader::read(file);
        QVERIFY(set);
        test::TempStore store;
        io::Importer importer(*store);
        importer.setNow(kBase + 20 * kMsPerDay);
        auto report = importer.apply(*set);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(qsizetype(store->conflicts().list()->size()), qsizetype(0));

        const auto describe = [](const std::vector<ConflictCandidate> &found) {
            QStringList out;
            for (const ConflictCandidate &c : found)
                out << QStringLiteral("%1|%2|%3").arg(c.older, c.newer).arg(int(c.type));
            return out;
        };
        ConflictDetector stopping(*store, Config::defaults());
        auto early = stopping.findAll();
        QVERIFY(early);
        ConflictDetector whole(*store, Config::defaults());
        whole.setStopAtCap(false);
        auto full = whole.findAll();
        QVERIFY(full);
        QCOMPARE(int(full->size()), ConflictDetector::kMaxCandidates);
        QCOMPARE(describe(*early), describe(*full));
        QVERIFY(stopping.lastStats().stoppedAtCap);
        QVERIFY(!whole.lastStats().stoppedAtCap);
        QVERIFY2(stopping.lastStats().comparisons * 2 < whole.lastStats().comparisons,
                 qPrintable(QStringLiteral("%1 against %2").arg(stopping.lastStats().comparisons).arg(whole.lastStats().comparisons)));
        QVERIFY(ConflictDetector::capsNote(stopping.lastStats()).contains(QStringLiteral("stopped")));
    }

    void smallBucketsAreNotCapped()
    {
        // Below the caps nothing is left out: 30 memories, 2 saying the opposite of the
        // other 28, all sharing their keywords: every one of the 56 pairs is raised.
        test::TempStore store;
        std::vector<Memory> incoming;
        for (int i = 0; i < 30; ++i) {
            Memory m = test::sampleMemory(
                QStringLiteral("s%1").arg(i, 2, 10, QLatin1Char('0')), kBase + i * 60000);
            m.keywords = { QStringLiteral("build"), QStringLiteral("variant") };
            m.content = i % 15 == 0 ? QStringLiteral("The user does not want variant %1").arg(i)
                                    : QStringLiteral("The user wants variant %1").arg(i);
            incoming.push_back(m);
        }
        ConflictDetector detector(*store, Config::defaults());
        auto found = detector.findIncoming(incoming);
        QVERIFY(found);
        QCOMPARE(int(found->size()), 2 * 28);
        QCOMPARE(detector.lastStats().dropped, qint64(0));
        QCOMPARE(detector.lastStats().limited, qint64(0));
        QCOMPARE(detector.lastStats().comparisons, qint64(30 * 29 / 2));
        QVERIFY(ConflictDetector::capsNote(detector.lastStats()).isEmpty());

        // The same memories in the store: findAll raises the same pairs.
        for (const Memory &m : incoming)
            QVERIFY(store->memories().insert(m));
        auto all = detector.findAll();
        QVERIFY(all);
        QCOMPARE(int(all->size()), 2 * 28);
        QCOMPARE(detector.lastStats().dropped, qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestConflictBound)
#include "tst_conflict_bound.moc"
