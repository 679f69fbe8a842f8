// A large write goes through a rollback journal when its connection is the store's only one
// (store/LargeWriteJournal): DELETE with synchronous=FULL while it lives, WAL and the
// connection's synchronous again after, however the write ends; with another connection open
// nothing changes and nothing waits; a connection that opens the store meanwhile reads and
// writes as usual and follows it back into WAL. ImportOperation uses it from
// kRollbackJournalFromRows rows (lowered here). tst_crash_large_import kills an import mid-way
// through one.
#include "StoreQuery.h"
#include "TempStore.h"

#include "config/Config.h"
#include "io/ImportOperation.h"
#include "store/LargeWriteJournal.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::core::io;

namespace {

using test::queryValue;
using test::scalar;

constexpr Millis kAt = 1704200000000;

QString journalMode(Store &store) { return queryValue(store, QStringLiteral("PRAGMA journal_mode")).toString(); }
qint64 synchronous(Store &store) { return scalar(store, QStringLiteral("PRAGMA synchronous")); }
qint64 memories(Store &store) { return scalar(store, QStringLiteral("SELECT count(*) FROM memories")); }

std::unique_ptr<Store> openAgain(const QString &path)
{
    auto s = Store::open(path);
    if (!s)
        qFatal("cannot open %s: %s", qPrintable(path), qPrintable(s.error().message));
    return std::move(*s);
}

MemorySet threeMemories()
{
    MemorySet set;
    set.sourceName = QStringLiteral("three.json");
    for (const char *id : {"m1", "m2", "m3"})
        set.memories.push_back(test::sampleMemory(QLatin1String(id)));
    set.associations.push_back({QStringLiteral("m1"), QStringLiteral("m2"), 0.5, QStringLiteral("keyword"), kAt});
    return set;
}

/// Imports `set` with `op`; the journal mode as the import is about to commit.
QString importSeeingTheJournal(Store &store, const ImportOperation &op, const MemorySet &set)
{
    auto plan = op.preview(set);
    if (!plan)
        return QStringLiteral("preview: ") + plan.error().message;
    QString whileWriting;
    auto outcome = op.apply(set, *plan, ImportPolicy(), [&](ImportPhase phase, int, int) {
        if (phase == ImportPhase::Committing)
            whileWriting = journalMode(store);
        return true;
    });
    return outcome ? whileWriting : QStringLiteral("import: ") + outcome.error().message;
}

} // namespace

class TestLargeWriteJournal : public QObject
{
    Q_OBJECT

private slots:
    void theOnlyConnectionWritesThroughARollbackJournal()
    {
        test::TempStore store;
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
        QCOMPARE(synchronous(*store), qint64(1)); // NORMAL
        {
            const LargeWriteJournal journal(store->database());
            QVERIFY(journal.isActive());
            QCOMPARE(journalMode(*store), QStringLiteral("delete"));
            QCOMPARE(synchronous(*store), qint64(2)); // FULL
            Transaction tx(store->database());
            QVERIFY(store->memories().insert(test::sampleMemory(QStringLiteral("a"))));
            QVERIFY(tx.commit());
        }
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
        QCOMPARE(synchronous(*store), qint64(1));
        QCOMPARE(memories(*store), qint64(1));
        QCOMPARE(queryValue(*store, QStringLiteral("PRAGMA integrity_check")).toString(), QStringLiteral("ok"));
    }

    void withoutDurabilityTheSyncsAreOff()
    {
        test::TempStore store;
        {
            const LargeWriteJournal journal(store->database(), LargeWriteJournal::Durability::None);
            QVERIFY(journal.isActive());
            QCOMPARE(synchronous(*store), qint64(0));
        }
        QCOMPARE(synchronous(*store), qint64(1));
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
    }

    void anotherOpenConnectionKeepsTheWalWithoutWaiting()
    {
        test::TempStore store;
        const auto other = openAgain(store.path());
        QCOMPARE(memories(*other), qint64(0));
        QElapsedTimer timer;
        timer.start();
        {
            const LargeWriteJournal journal(store->database());
            QVERIFY(!journal.isActive());
            QCOMPARE(journalMode(*store), QStringLiteral("wal"));
            QCOMPARE(synchronous(*store), qint64(1));
            Transaction tx(store->database());
            QVERIFY(store->memories().insert(test::sampleMemory(QStringLiteral("a"))));
            QVERIFY(tx.commit());
        }
        // The busy timeout is 5 s: SQLite refused the switch at once.
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(memories(*other), qint64(1));
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
    }

    void insideATransactionNothingChanges()
    {
        test::TempStore store;
        Transaction tx(store->database());
        const LargeWriteJournal journal(store->database());
        QVERIFY(!journal.isActive());
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
    }

    void aConnectionOpenedMeanwhileReadsWritesAndFollowsIntoWal()
    {
        test::TempStore store;
        std::unique_ptr<Store> other;
        {
            const LargeWriteJournal journal(store->database());
            QVERIFY(journal.isActive());
            Transaction tx(store->database());
            QVERIFY(store->memories().insert(test::sampleMemory(QStringLiteral("a"))));
            // Opening while the write holds the store: WAL cannot be set now, the open goes on.
            other = openAgain(store.path());
            QCOMPARE(memories(*other), qint64(0));
            QVERIFY(tx.commit());
            QCOMPARE(memories(*other), qint64(1));
        }
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
        // The other connection writes, and is in WAL too from its next transaction on.
        QVERIFY(other->memories().insert(test::sampleMemory(QStringLiteral("b"))));
        QCOMPARE(journalMode(*other), QStringLiteral("wal"));
        QCOMPARE(memories(*store), qint64(2));
    }

    void aWriteThatIsNotCommittedLeavesTheStoreAsBefore()
    {
        test::TempStore store;
        QVERIFY(store->memories().insert(test::sampleMemory(QStringLiteral("kept"))));
        {
            const LargeWriteJournal journal(store->database());
            QVERIFY(journal.isActive());
            Transaction tx(store->database());
            QVERIFY(store->memories().insert(test::sampleMemory(QStringLiteral("dropped"))));
            QVERIFY(QFileInfo::exists(store.path() + QStringLiteral("-journal")));
        } // rolled back, then WAL again
        QCOMPARE(memories(*store), qint64(1));
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
        QVERIFY(!QFileInfo::exists(store.path() + QStringLiteral("-journal")));
    }

    void anImportFromTheThresholdWritesThroughIt()
    {
        test::TempStore store;
        const MemorySet set = threeMemories();
        ImportOperation op(*store, Config::defaults(), kAt);
        op.setRollbackJournalFromRows(set.memories.size() + set.associations.size());
        QCOMPARE(importSeeingTheJournal(*store, op, set), QStringLiteral("delete"));
        QCOMPARE(journalMode(*store), QStringLiteral("wal"));
        QCOMPARE(synchronous(*store), qint64(1));
        QCOMPARE(memories(*store), qint64(3));
    }

    void anImportBelowTheThresholdOrOnASharedStoreKeepsTheWal()
    {
        const MemorySet set = threeMemories();
        for (const bool shared : {false, true}) {
            test::TempStore store;
            const auto other = shared ? openAgain(store.path()) : nullptr;
            ImportOperation op(*store, Config::defaults(), kAt);
            if (shared)
                op.setRollbackJournalFromRows(1);
            QCOMPARE(importSeeingTheJournal(*store, op, set), QStringLiteral("wal"));
            QCOMPARE(memories(*store), qint64(3));
            if (other)
                QCOMPARE(memories(*other), qint64(3));
        }
    }
};

QTEST_GUILESS_MAIN(TestLargeWriteJournal)
#include "tst_large_write_journal.moc"
