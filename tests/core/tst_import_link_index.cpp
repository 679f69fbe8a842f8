// A first import of many links (ImportRun::writeLinks) builds the index on associations(b)
// once after the links instead of keeping it up link by link: the index is there afterwards,
// every link is, the store is sound; a cancelled import brings everything back, index
// included; and a store that already holds links keeps its index throughout.
#include "StoreQuery.h"
#include "TempStore.h"

#include "config/Config.h"
#include "io/ImportOperation.h"
#include "store/Store.h"
#include "store/Database.h"

#include <QSqlQuery>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::core::io;

namespace {

using test::scalar;

constexpr int kMemories = 202; // 202 * 201 / 2 = 20,301 pairs: above the 20,000 that defer the index

/// `text`: what every memory of the set says. Two sets imported one after the other say
/// different things, or the second's memories would be restatements of the first's
/// (docs/scoring.md#restatements) and be recorded as reinforcements, not added.
MemorySet allPairs(const QString &prefix, const QString &text = {})
{
    MemorySet set;
    set.sourceName = QStringLiteral("pairs.json");
    for (int i = 0; i < kMemories; ++i) {
        set.memories.push_back(test::sampleMemory(QStringLiteral("%1-%2").arg(prefix).arg(i, 3, 10, QLatin1Char('0'))));
        if (!text.isEmpty()) {
            set.memories.back().content = text;
            set.memories.back().keywords = {QStringLiteral("ninja"), QStringLiteral("build")};
        }
    }
    for (int i = 0; i < kMemories; ++i)
        for (int j = i + 1; j < kMemories; ++j)
            set.associations.push_back(Association { set.memories[size_t(i)].id, set.memories[size_t(j)].id, 0.5,
                QStringLiteral("keyword"), 1704103200000 });
    return set;
}

bool hasLinkIndex(Store &store)
{
    return scalar(store, QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'associations_b'")) == 1;
}

} // namespace

class TestImportLinkIndex : public QObject
{
    Q_OBJECT

private slots:
    void firstImportBuildsTheIndexAfterTheLinks()
    {
        test::TempStore store;
        QVERIFY(hasLinkIndex(*store));
        const MemorySet set = allPairs(QStringLiteral("m"));
        QVERIFY(set.associations.size() >= 20000);
        const ImportOperation op(*store, Config::defaults(), 1704200000000);
        auto plan = op.preview(set);
        QVERIFY(plan);
        bool sawNoIndex = false;
        auto outcome = op.apply(set, *plan, ImportPolicy(), [&](ImportPhase phase, int, int) {
            if (phase == ImportPhase::Writing && !hasLinkIndex(*store))
                sawNoIndex = true; // the links are being written without it
            return true;
        });
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QVERIFY(sawNoIndex);
        QVERIFY(hasLinkIndex(*store));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations")), qint64(set.associations.size()));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations INDEXED BY associations_b WHERE b = 'm-201'")),
                 qint64(kMemories - 1));
        QSqlQuery check(store->database().handle());
        QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")) && check.next());
        QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));
    }

    void cancelledImportKeepsTheIndex()
    {
        test::TempStore store;
        const MemorySet set = allPairs(QStringLiteral("m"));
        const ImportOperation op(*store, Config::defaults(), 1704200000000);
        auto plan = op.preview(set);
        QVERIFY(plan);
        auto outcome = op.apply(set, *plan, ImportPolicy(),
                                [](ImportPhase phase, int, int) { return phase != ImportPhase::Committing; });
        QVERIFY(!outcome);
        QCOMPARE(outcome.error().code, Error::Code::Cancelled);
        QVERIFY(hasLinkIndex(*store));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations")), qint64(0));
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM memories")), qint64(0));
    }

    void storeWithLinksKeepsItsIndexThroughout()
    {
        test::TempStore store;
        const ImportOperation op(*store, Config::defaults(), 1704200000000);
        MemorySet first = allPairs(QStringLiteral("a"));
        first.associations.resize(10); // a few links (the rest get derived ones): the index stays
        auto plan = op.preview(first);
        QVERIFY(plan && op.apply(first, *plan, ImportPolicy()));
        const MemorySet second = allPairs(QStringLiteral("b"), QStringLiteral("The build runs on Ninja"));
        plan = op.preview(second);
        QVERIFY(plan);
        bool alwaysIndexed = true;
        auto outcome = op.apply(second, *plan, ImportPolicy(), [&](ImportPhase, int, int) {
            alwaysIndexed = alwaysIndexed && hasLinkIndex(*store);
            return true;
        });
        QVERIFY(outcome);
        QVERIFY(alwaysIndexed);
        QCOMPARE(scalar(*store, QStringLiteral("SELECT count(*) FROM associations WHERE a LIKE 'b-%' AND b LIKE 'b-%'")),
                 qint64(second.associations.size()));
    }
};

QTEST_GUILESS_MAIN(TestImportLinkIndex)
#include "tst_import_link_index.moc"
