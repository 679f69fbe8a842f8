// A rebuild that reads its own keyword index (AssociationBuilder::rebuildAll) writes the links
// without SQLite's foreign-key lookups when no other connection committed since it read the
// memories; when one did (here: a memory deleted by a second connection while the links are
// computed) it runs again with them. Either way every link joins two memories, and foreign
// keys are enforced again afterwards.
#include "StoreQuery.h"
#include "TempStore.h"

#include "config/Config.h"
#include "engine/graph/AssociationBuilder.h"
#include "store/Database.h"
#include "store/Store.h"
#include "synthetic/StoreGenerator.h"

#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

using test::scalar;

void generate(Store &store, int memories = 300)
{
    GeneratorOptions options;
    options.memories = memories;
    options.seed = 5;
    options.anchor = 1732000000000;
    QVERIFY(StoreGenerator(options).generate(store));
}

} // namespace

class TestRebuildCheckedLinks : public QObject
{
    Q_OBJECT

private slots:
    void aQuietStoreIsRebuiltSoundly()
    {
        test::TempStore store;
        generate(*store);
        auto stats = AssociationBuilder(*store, Config::defaults()).rebuildAll();
        QVERIFY2(stats, stats ? "" : qPrintable(stats.error().message));
        QVERIFY(stats->derived > 0);
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations")), stats->total);
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM pragma_foreign_key_check")), qint64(0));
        QCOMPARE(scalar(*store, QStringLiteral("PRAGMA foreign_keys")), qint64(1));
    }

    void aMemoryDeletedMeanwhileMakesItRunAgain()
    {
        test::TempStore store;
        generate(*store, 4200); // progress is reported every 4,096 memories of the proposals
        const QVariant mostLinked
            = test::queryValue(*store, QStringLiteral("SELECT a FROM associations GROUP BY a ORDER BY count(*) DESC LIMIT 1"));
        QVERIFY(mostLinked.isValid());
        const QString gone = mostLinked.toString();
        auto other = Store::open(store.path());
        QVERIFY(other);
        int calls = 0;
        bool deleted = false;
        auto stats = AssociationBuilder(*store, Config::defaults()).rebuildAll(nullptr, [&](qint64, qint64) {
            ++calls;
            if (!deleted) {
                // Another connection deletes a linked memory after this one read the memories.
                deleted = true;
                if (!(*other)->database().exec(QStringLiteral("DELETE FROM memories WHERE id = '%1'").arg(gone)))
                    qFatal("the second connection could not delete");
            }
            return true;
        });
        QVERIFY2(stats, stats ? "" : qPrintable(stats.error().message));
        QVERIFY(deleted);
        QVERIFY2(calls >= 3, qPrintable(QString::number(calls))); // the proposals ran twice
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM memories WHERE id = '%1'").arg(gone)), qint64(0));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations WHERE a = '%1' OR b = '%1'").arg(gone)),
                 qint64(0));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM pragma_foreign_key_check")), qint64(0));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations")), stats->total);
        QCOMPARE(scalar(*store, QStringLiteral("PRAGMA foreign_keys")), qint64(1));
    }
};

QTEST_GUILESS_MAIN(TestRebuildCheckedLinks)
#include "tst_rebuild_checked_links.moc"
