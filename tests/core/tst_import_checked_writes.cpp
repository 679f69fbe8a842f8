// An import checks each link's two ends itself (ImportRun::writeLinkRows), so it writes with
// SQLite's foreign-key enforcement off (store/CheckedWrites): off while it writes, on again
// afterwards however it ends (done, cancelled, refused), untouched under an outer
// transaction; a link to a memory that is nowhere is still left out, and the store's
// references are sound afterwards, cascades included.
#include "StoreQuery.h"
#include "TempStore.h"

#include "config/Config.h"
#include "io/ImportOperation.h"
#include "store/Database.h"
#include "store/Store.h"
#include "store/Transaction.h"

#include <QSqlQuery>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::core::io;

namespace {

using test::scalar;

constexpr Millis kAt = 1704200000000;

qint64 foreignKeys(Store &store) { return scalar(store, QStringLiteral("PRAGMA foreign_keys")); }

MemorySet linkedSet()
{
    MemorySet set;
    set.sourceName = QStringLiteral("linked.json");
    for (const char *id : {"m1", "m2", "m3"})
        set.memories.push_back(test::sampleMemory(QLatin1String(id)));
    set.associations.push_back({QStringLiteral("m1"), QStringLiteral("m2"), 0.5, QStringLiteral("keyword"), kAt});
    set.associations.push_back({QStringLiteral("m2"), QStringLiteral("m3"), 0.6, QStringLiteral("keyword"), kAt});
    // One end is neither in the set nor in the store: left out, with a warning.
    set.associations.push_back({QStringLiteral("m1"), QStringLiteral("nowhere"), 0.7, QStringLiteral("keyword"), kAt});
    return set;
}

} // namespace

class TestImportCheckedWrites : public QObject
{
    Q_OBJECT

private slots:
    void enforcementIsOffWhileTheImportWritesAndOnAfter()
    {
        test::TempStore store;
        QCOMPARE(foreignKeys(*store), qint64(1));
        const MemorySet set = linkedSet();
        const ImportOperation op(*store, Config::defaults(), kAt);
        auto plan = op.preview(set);
        QVERIFY(plan);
        qint64 whileWriting = -1;
        auto outcome = op.apply(set, *plan, ImportPolicy(), [&](ImportPhase phase, int, int) {
            if (phase == ImportPhase::Committing)
                whileWriting = foreignKeys(*store);
            return true;
        });
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(whileWriting, qint64(0));
        QCOMPARE(foreignKeys(*store), qint64(1));
        // The link to a memory that is nowhere was left out, and said so.
        QCOMPARE(outcome->report.associations, 2);
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations WHERE b = 'nowhere'")), qint64(0));
        QVERIFY(outcome->report.warnings.join(u'\n').contains(QStringLiteral("nowhere is not in the store or the set")));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM pragma_foreign_key_check")), qint64(0));
        // Enforcement is back: deleting a memory takes its links with it.
        QVERIFY(store->database().exec(QStringLiteral("DELETE FROM memories WHERE id = 'm2'")));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations")), qint64(0));
    }

    void enforcementComesBackWhenTheImportIsCancelledOrRefused()
    {
        test::TempStore store;
        const MemorySet set = linkedSet();
        const ImportOperation op(*store, Config::defaults(), kAt);
        auto plan = op.preview(set);
        QVERIFY(plan);
        auto cancelled = op.apply(set, *plan, ImportPolicy(),
                                  [](ImportPhase phase, int, int) { return phase != ImportPhase::Committing; });
        QVERIFY(!cancelled);
        QCOMPARE(cancelled.error().code, Error::Code::Cancelled);
        QCOMPARE(foreignKeys(*store), qint64(1));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM memories")), qint64(0));

        // A refused write (a memory the schema does not take) rolls back, and enforcement is on.
        MemorySet bad = set;
        bad.memories[1].content.clear();
        QVERIFY(store->database().exec(QStringLiteral(
            "CREATE TRIGGER refuse BEFORE INSERT ON memories WHEN NEW.id = 'm2' BEGIN SELECT RAISE(ABORT, 'refused'); END")));
        auto refused = op.apply(bad, *plan, ImportPolicy());
        QVERIFY(!refused);
        QCOMPARE(foreignKeys(*store), qint64(1));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM memories")), qint64(0));
    }

    void anOuterTransactionKeepsEnforcementOn()
    {
        test::TempStore store;
        const MemorySet set = linkedSet();
        const ImportOperation op(*store, Config::defaults(), kAt);
        auto plan = op.preview(set);
        QVERIFY(plan);
        Transaction outer(store->database());
        QVERIFY(outer.isActive());
        qint64 whileWriting = -1;
        auto outcome = op.apply(set, *plan, ImportPolicy(), [&](ImportPhase phase, int, int) {
            if (phase == ImportPhase::Committing)
                whileWriting = foreignKeys(*store);
            return true;
        });
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(whileWriting, qint64(1));
        QVERIFY(outer.commit());
        QCOMPARE(foreignKeys(*store), qint64(1));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations")), qint64(2));
    }
};

QTEST_GUILESS_MAIN(TestImportCheckedWrites)
#include "tst_import_checked_writes.moc"
