// The review queue kept up to date from the window's snapshot (core::LiveReviewQueue,
// docs/scoring.md, "Review queue"): on a generated store, for every scoring profile, the queue
// after an incremental update equals ReviewQueue::build on the store — after a memory is added,
// after decisions (confirm, negate, a review answered, a permanent mark), after a soft delete and
// after a purge — and an update judges only the changed rows, never the whole store again.
#include "EngineStore.h"

#include "engine/decisions/Decisions.h"
#include "engine/review/LiveReviewQueue.h"
#include "engine/review/ReviewQueue.h"
#include "scoring/ScoringProfile.h"
#include "snapshot/MemorySnapshot.h"
#include "snapshot/SnapshotLoader.h"
#include "synthetic/StoreGenerator.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kAnchor = 1717200000000; // 2024-06-01T00:00Z
constexpr int kMemories = 3000;

/// Everything an item says, one line each, so a difference shows where it is.
QStringList describe(const std::vector<ReviewItem> &items)
{
    QStringList out;
    for (const ReviewItem &i : items) {
        out << QStringLiteral("%1|%2|%3|%4|%5|%6|%7")
                   .arg(ReviewQueue::kindName(i.kind), i.memoryIds.join(u'+'))
                   .arg(i.conflictId)
                   .arg(int(i.cleanup))
                   .arg(QString::number(i.score, 'g', 17), i.reason, i.answers.join(u','));
    }
    return out;
}

} // namespace

class TestLiveReviewQueue : public QObject
{
    Q_OBJECT

private:
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    Config m_config = Config::defaults();
    std::unique_ptr<test::EngineStore> m_store;
    MemorySnapshot m_snapshot;

    QStringList fullBuild(const ScoringProfile &profile)
    {
        auto built = ReviewQueue(**m_store, m_config, profile).build(kAnchor);
        if (!built)
            qFatal("%s", qPrintable(built.error().message));
        return describe(*built);
    }

    /// Takes in the changed memories as the window does (the snapshot first), then the queue.
    void changed(LiveReviewQueue &queue, const QStringList &ids)
    {
        QVERIFY(m_snapshot.refresh(**m_store, m_config, ids).ok());
        QVERIFY(queue.update(**m_store, m_snapshot, ids).ok());
        QVERIFY2(queue.lastJudgedRows() <= std::size_t(ids.size()), "an update judges only the changed rows");
    }

    /// A live memory with an item of `kind` in the queue (or any live one), not `other`.
    QString memoryWith(const LiveReviewQueue &queue, ReviewItem::Kind kind, const QString &other = {})
    {
        for (const ReviewItem &i : queue.items()) {
            if (i.kind == kind && i.memoryIds.value(0) != other && i.cleanup != CleanupKind::Purge)
                return i.memoryIds.value(0);
        }
        return {};
    }

private Q_SLOTS:
    // On a store file and on a team store (EngineStore.h); on the server the generator writes
    // a row at a time, so the sanitizer build runs the file only.
    void initTestCase_data() { recollector::test::EngineFixture::addEngines(recollector::test::EngineFixture::Cost::Heavy); }
    void init()
    {
        // Small budgets, so that the budget rules of the lifecycle design have something to cut.
        m_config.budgets.activeEpisodes = 40;
        m_config.budgets.compressed = 15;
        m_config.budgets.semanticRules = 10;
        m_store = std::make_unique<test::EngineStore>(m_engines);
        GeneratorOptions o;
        o.memories = kMemories;
        o.associations = 0;
        o.anchor = kAnchor;
        QVERIFY(StoreGenerator(o).generate(**m_store).ok());
        auto loaded = SnapshotLoader::load(**m_store, m_config, {});
        QVERIFY(loaded.ok());
        m_snapshot = std::move(*loaded);
    }

    void updatesEqualAFullRebuild_data()
    {
        QTest::addColumn<QString>("profile");
        for (const QString &name : profileNames())
            QTest::newRow(qPrintable(name)) << name;
    }

    void updatesEqualAFullRebuild()
    {
        QFETCH(QString, profile);
        const auto p = makeProfile(profile, m_config);
        LiveReviewQueue queue(m_config, *p);
        QVERIFY(queue.rebuild(**m_store, m_snapshot, kAnchor).ok());
        QCOMPARE(describe(queue.items()), fullBuild(*p));
        QVERIFY(queue.size() > 50); // the generated store leaves plenty to review

        Decisions decisions(**m_store, m_config);
        // Added: a weak, old episode (a cleanup candidate under most profiles, and counted in
        // the episode budget).
        Memory added = test::sampleMemory(QStringLiteral("mem_live_added"), kAnchor - 400 * kMsPerDay);
        added.category = QStringLiteral("episode");
        added.importance = 0.2;
        added.stability = 1;
        added.lastReinforcedAt = added.lastAccessedAt = added.updatedAt = kAnchor - 300 * kMsPerDay;
        QVERIFY((*m_store)->memories().insert(added).ok());
        changed(queue, {added.id});
        QCOMPARE(describe(queue.items()), fullBuild(*p));

        // Decisions on memories the queue holds.
        const QString cleanupId = memoryWith(queue, ReviewItem::Kind::Cleanup);
        QVERIFY(!cleanupId.isEmpty());
        QVERIFY(decisions.confirm(cleanupId, kAnchor).ok());
        changed(queue, {cleanupId});
        QCOMPARE(describe(queue.items()), fullBuild(*p));

        const QString negated = memoryWith(queue, ReviewItem::Kind::Cleanup);
        QVERIFY(decisions.negate(negated, {}, kAnchor).ok());
        changed(queue, {negated});
        QCOMPARE(describe(queue.items()), fullBuild(*p));

        const QString kept = memoryWith(queue, ReviewItem::Kind::Cleanup, negated);
        QVERIFY(decisions.setPermanent(kept, true, kAnchor).ok());
        changed(queue, {kept});
        QCOMPARE(describe(queue.items()), fullBuild(*p));

        if (profile == QLatin1String("importance")) {
            const QString decaying = memoryWith(queue, ReviewItem::Kind::Decay);
            QVERIFY(!decaying.isEmpty());
            QVERIFY(decisions.answerReview(decaying, ReviewKind::Decay, ReviewAnswer::Keep, kAnchor).ok());
            changed(queue, {decaying});
            QCOMPARE(describe(queue.items()), fullBuild(*p));
            const QString promoting = memoryWith(queue, ReviewItem::Kind::Promote);
            if (!promoting.isEmpty()) {
                QVERIFY(decisions.answerReview(promoting, ReviewKind::Promote, ReviewAnswer::Keep, kAnchor).ok());
                changed(queue, {promoting});
                QCOMPARE(describe(queue.items()), fullBuild(*p));
            }
        }

        // Deleted: a soft delete (a purge candidate later), then a purge (the row goes).
        const QString deleted = memoryWith(queue, ReviewItem::Kind::Cleanup, kept);
        QVERIFY(decisions.softDelete(deleted, kAnchor).ok());
        changed(queue, {deleted});
        QCOMPARE(describe(queue.items()), fullBuild(*p));
        QVERIFY(decisions.softDelete(added.id, kAnchor).ok());
        changed(queue, {added.id});
        QCOMPARE(describe(queue.items()), fullBuild(*p));
        QVERIFY(decisions.purge(added.id, kAnchor, QStringLiteral("user"), true).ok());
        changed(queue, {added.id});
        QCOMPARE(describe(queue.items()), fullBuild(*p));
        QVERIFY(m_snapshot.has(m_snapshot.rowOf(added.id), MemorySnapshot::Removed));

        // Nothing named, nothing judged; the queue stays as it was.
        const QStringList before = describe(queue.items());
        changed(queue, {});
        QCOMPARE(queue.lastJudgedRows(), std::size_t(0));
        QCOMPARE(describe(queue.items()), before);
    }

    void workOnTwoThreadsEqualsAFullBuild_data() { updatesEqualAFullRebuild_data(); }

    void workOnTwoThreadsEqualsAFullBuild()
    {
        // A million-row store sorts its lists in two halves on two threads and merges them, and
        // under the enhanced profile judges its rows in chunks taken by two threads while the
        // mentions are read: split from 64 rows, the 3000-row store takes those paths, and its
        // queue is the same.
        QFETCH(QString, profile);
        const auto p = makeProfile(profile, m_config);
        LiveReviewQueue queue(m_config, *p);
        queue.setSplitFrom(64);
        QVERIFY(queue.rebuild(**m_store, m_snapshot, kAnchor).ok());
        QCOMPARE(describe(queue.items()), fullBuild(*p));
    }

    void tiesOrderByTheWholeId_data() { updatesEqualAFullRebuild_data(); }

    void tiesOrderByTheWholeId()
    {
        // Memories that score alike are ordered by id: ids that agree in their first 16 bytes
        // and more (the sort compares those first, then the whole id), one a prefix of
        // another, short ones, added in no order.
        QFETCH(QString, profile);
        const QStringList ids = {"mem_twin_0123456789_b", "mem_twin_0123456789_a", "mem_twin_0123456789",
                                 "mem_twin_0123456789_a2", "mem_twin_01234567", "mem_twin_0123456",
                                 "mem_twin_01234566", "m", "mem_twin_0123456789_\u00e9", "mem_twin_0123456789_B"};
        for (const QString &id : ids) {
            Memory twin = test::sampleMemory(id, kAnchor - 500 * kMsPerDay);
            twin.category = QStringLiteral("episode");
            twin.importance = 0.1;
            twin.stability = 1;
            twin.lastReinforcedAt = twin.lastAccessedAt = twin.updatedAt = kAnchor - 400 * kMsPerDay;
            QVERIFY((*m_store)->memories().insert(twin).ok());
        }
        auto loaded = SnapshotLoader::load(**m_store, m_config, {});
        QVERIFY(loaded.ok());
        m_snapshot = std::move(*loaded);
        const auto p = makeProfile(profile, m_config);
        LiveReviewQueue queue(m_config, *p);
        QVERIFY(queue.rebuild(**m_store, m_snapshot, kAnchor).ok());
        const QStringList items = describe(queue.items());
        QCOMPARE(items, fullBuild(*p));
        // All ten are in the queue, in id order where they tie.
        QStringList twins;
        for (const ReviewItem &i : queue.items()) {
            if (ids.contains(i.memoryIds.value(0)))
                twins << i.memoryIds.value(0);
        }
        QCOMPARE(twins.size(), ids.size());
    }

    void randomBatchesEqualARebuild_data() { updatesEqualAFullRebuild_data(); }

    void randomBatchesEqualARebuild()
    {
        // Batches of several changes at once, chosen at random (fixed seed), many of them weak
        // episodes and semantic rules that move the budgets' cuts: after each update the queue
        // equals a queue rebuilt from scratch at the same instant, and the update placed only
        // the changed rows and the few that crossed a cut, not the store.
        QFETCH(QString, profile);
        const auto p = makeProfile(profile, m_config);
        LiveReviewQueue queue(m_config, *p);
        QVERIFY(queue.rebuild(**m_store, m_snapshot, kAnchor).ok());
        Decisions decisions(**m_store, m_config);
        QRandomGenerator rng(19);
        int added = 0;
        for (int batch = 0; batch < 12; ++batch) {
            QStringList ids;
            for (int k = 0; k < 6; ++k) {
                const int what = rng.bounded(6);
                if (what == 0) {
                    // A new episode or rule, weak or strong, so it lands on either side of a cut.
                    Memory m = test::sampleMemory(QStringLiteral("mem_random_%1").arg(++added),
                                                  kAnchor - rng.bounded(600) * kMsPerDay);
                    m.category = rng.bounded(2) ? QStringLiteral("episode") : QStringLiteral("semantic_rule");
                    m.importance = 0.1 + rng.bounded(10) / 10.0;
                    m.stability = 1 + rng.bounded(200);
                    m.lastReinforcedAt = m.lastAccessedAt = m.updatedAt = m.createdAt;
                    QVERIFY((*m_store)->memories().insert(m).ok());
                    ids << m.id;
                    continue;
                }
                const auto row = std::uint32_t(rng.bounded(int(m_snapshot.size())));
                if (m_snapshot.has(row, MemorySnapshot::Removed) || m_snapshot.deletedAt(row) != 0)
                    continue;
                const QString id = m_snapshot.id(row);
                if (ids.contains(id))
                    continue; // one change per memory and batch: the snapshot takes them in after
                const auto failure = [](const auto &r) { return r ? QString() : r.error().message; };
                QString failed;
                switch (what) {
                case 1: failed = failure(decisions.confirm(id, kAnchor)); break;
                case 2: failed = failure(decisions.negate(id, {}, kAnchor)); break;
                case 3: failed = failure(decisions.setPermanent(id, !m_snapshot.has(row, MemorySnapshot::Permanent), kAnchor)); break;
                case 4: failed = failure(decisions.softDelete(id, kAnchor)); break;
                default:
                    failed = failure(decisions.softDelete(id, kAnchor));
                    if (failed.isEmpty())
                        failed = failure(decisions.purge(id, kAnchor, QStringLiteral("user"), true));
                    break;
                }
                QVERIFY2(failed.isEmpty(), qPrintable(id + u' ' + failed));
                ids << id;
            }
            changed(queue, ids);
            QVERIFY2(queue.lastPlacedRows() <= std::size_t(8 * ids.size() + 8),
                     qPrintable(QStringLiteral("placed %1 rows for %2 changes").arg(queue.lastPlacedRows()).arg(ids.size())));
            LiveReviewQueue fresh(m_config, *p);
            QVERIFY(fresh.rebuild(**m_store, m_snapshot, kAnchor).ok());
            QCOMPARE(describe(queue.items()), describe(fresh.items()));
        }
        QCOMPARE(describe(queue.items()), fullBuild(*p));
    }
};

QTEST_GUILESS_MAIN(TestLiveReviewQueue)
#include "tst_livereviewqueue.moc"
