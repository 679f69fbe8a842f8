// The status bar's count of changes not reviewed yet (ChangeList::countSince) reads thousands
// of event pages for one number; it runs on a small page cache, so those pages do not stay in
// the window's memory, and the store's own cache size comes back after it
// (docs/performance.md, "rss_mib"; store/PageCacheSize).
#include "TempStore.h"

#include "engine/review/ChangeList.h"
#include "store/Database.h"
#include "store/PageCacheSize.h"
#include "synthetic/StoreGenerator.h"

#include <QSqlDriver>
#include <QSqlQuery>
#include <QTest>

#include <sqlite3.h>

using namespace recollector;
using namespace recollector::core;

namespace {

sqlite3 *handleOf(Store &store)
{
    const QVariant handle = store.database().handle().driver()->handle();
    if (qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

qint64 cacheUsed(sqlite3 *db)
{
    int current = 0, highest = 0;
    sqlite3_db_status(db, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0);
    return current;
}

qint64 pragma(Store &store, const QString &name)
{
    QSqlQuery q(store.database().handle());
    return q.exec(QStringLiteral("PRAGMA ") + name) && q.next() ? q.value(0).toLongLong() : -1;
}

} // namespace

class TestChangeCountCache : public QObject
{
    Q_OBJECT

private slots:
    void theCountKeepsNoPagesInTheCache()
    {
        test::TempStore store;
        GeneratorOptions o;
        o.memories = 40000;
        o.seed = 5;
        o.anchor = 1735689600000; // 2025-01-01
        QVERIFY(StoreGenerator(o).generate(*store));
        store.reopen();
        sqlite3 *db = handleOf(*store);
        QVERIFY(db);
        const qint64 cacheSize = pragma(*store, QStringLiteral("cache_size"));
        // The events the count reads hold far more than the small cache.
        const qint64 eventPages = [&] {
            QSqlQuery q(store->database().handle());
            const bool read =
                q.exec(QStringLiteral("SELECT sum(length(payload)) + 100 * count(*) FROM events"));
            return read && q.next() ? q.value(0).toLongLong() / 4096 : 0;
        }();
        QVERIFY2(eventPages * 4096 > 4 * PageCacheSize::kOneScan * 1024,
                 qPrintable(QString::number(eventPages)));
        sqlite3_db_release_memory(db);
        const qint64 before = cacheUsed(db);

        const auto n = ChangeList::countSince(*store, 0, 10000);
        QVERIFY(n);
        QCOMPARE(*n, qint64(10000));

        QVERIFY2(cacheUsed(db) - before <= qint64(PageCacheSize::kOneScan) * 1024 + 256 * 1024,
                 qPrintable(QStringLiteral("%1 bytes cached after the count").arg(cacheUsed(db) - before)));
        QCOMPARE(pragma(*store, QStringLiteral("cache_size")), cacheSize);
    }
};

QTEST_GUILESS_MAIN(TestChangeCountCache)
#include "tst_change_count_cache.moc"
