// The bulk writers on both engines (docs/team-store.md): `generate` fills a store, replaces its
// contents when asked, and leaves every index as the schema defines it; `rebuild-associations`
// replaces every link in one transaction; `import` and `export` through the real command line;
// and the whole-store reads the window makes of a store that size (its snapshot, the inbox's
// count). The same test on an SQLite file and on the suite's
// own PostgreSQL.
#include "CliProcess.h"
#include "EngineStore.h"
#include "StoreQuery.h"

#include "config/Config.h"
#include "engine/graph/AssociationBuilder.h"
#include "model/Event.h"
#include "snapshot/MemorySnapshot.h"
#include "snapshot/SnapshotLoader.h"
#include "store/ChangeScan.h"
#include "synthetic/StoreGenerator.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kAnchor = 1735689600000; // 2025-01-01T00:00:00Z

Result<GeneratorReport> generate(Store &store, std::int64_t memories, bool replace = false)
{
    GeneratorOptions o;
    o.memories = memories;
    o.seed = 11;
    o.anchor = kAnchor;
    o.replaceExisting = replace;
    return StoreGenerator(o).generate(store);
}

/// The secondary indexes of the four bulk tables, by name, as the engine lists them.
QStringList indexes(Store &store)
{
    const QString sql = test::EngineFixture::onServer()
        ? QStringLiteral("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN "
                         "('memories', 'associations', 'events', 'conflicts') ORDER BY indexname")
        : QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN "
                         "('memories', 'associations', 'events', 'conflicts') ORDER BY name");
    return test::queryRows(store, sql);
}

} // namespace

class TestBulkEngines : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void generateFillsAndReplacesKeepingTheIndexes()
    {
        test::EngineStore s(m_engines);
        // PostgreSQL builds an index with parallel workers from a size on; here from any size,
        // as it does for a store of a million (a function an index calls must allow it).
        if (test::EngineFixture::onServer())
            QVERIFY(s->database().exec(QStringLiteral("SET min_parallel_table_scan_size = 0")));
        const QStringList before = indexes(*s);
        QVERIFY(before.contains(QStringLiteral("associations_b")));
        QVERIFY(before.contains(QStringLiteral("events_memory")));

        auto first = generate(*s, 400);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        QCOMPARE(test::scalar(*s, QStringLiteral("SELECT count(*) FROM memories")), qint64(400));
        QCOMPARE(test::scalar(*s, QStringLiteral("SELECT count(*) FROM events")), qint64(first->events));
        QCOMPARE(indexes(*s), before);

        // Not over a store that holds rows, unless asked; asked, the ids start again at 1.
        QVERIFY(!generate(*s, 400));
        auto again = generate(*s, 400, true);
        QVERIFY2(again, again ? "" : qPrintable(again.error().message));
        QCOMPARE(qint64(again->events), qint64(first->events));
        QCOMPARE(test::scalar(*s, QStringLiteral("SELECT min(id) FROM events")), qint64(1));
        QCOMPARE(test::scalar(*s, QStringLiteral("SELECT count(*) FROM memories")), qint64(400));
        QCOMPARE(indexes(*s), before);

        // A later write takes the next id.
        Event e;
        e.memoryId = test::queryValue(*s, QStringLiteral("SELECT min(id) FROM memories")).toString();
        e.kind = events::kReinforce;
        e.actor = QStringLiteral("user");
        e.at = kAnchor;
        QVERIFY(s->events().append(e));
        QCOMPARE(qint64(e.id), qint64(first->events + 1));
    }

    void rebuildReplacesEveryLink()
    {
        test::EngineStore s(m_engines);
        auto made = generate(*s, 300);
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        const QStringList before = indexes(*s);

        AssociationBuilder builder(*s, Config::defaults());
        auto stats = builder.rebuildAll();
        QVERIFY2(stats, stats ? "" : qPrintable(stats.error().message));
        const qint64 links = test::scalar(*s, QStringLiteral("SELECT count(*) FROM associations"));
        QVERIFY(links > 100);
        QCOMPARE(test::scalar(*s, QStringLiteral("SELECT count(*) FROM associations WHERE a >= b")), qint64(0));
        QCOMPARE(indexes(*s), before);
    }

    void theWindowsWholeStoreReads()
    {
        test::EngineStore s(m_engines);
        auto made = generate(*s, 400);
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        // Every row ("no limit"), then a first page and the rest after it, as the window loads.
        auto all = SnapshotLoader::load(*s, Config::defaults(), {});
        QVERIFY2(all, all ? "" : qPrintable(all.error().message));
        QCOMPARE(all->size(), std::size_t(400));
        SnapshotLoader::Options page;
        page.limit = 150;
        auto first = SnapshotLoader::load(*s, Config::defaults(), page);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        QCOMPARE(first->size(), std::size_t(150));
        SnapshotLoader::Options rest;
        rest.afterRowid = test::scalar(*s, QStringLiteral("SELECT max(rowid) FROM (SELECT rowid FROM memories "
                                                          "ORDER BY rowid LIMIT 150) firstPage"));
        auto after = SnapshotLoader::load(*s, Config::defaults(), rest);
        QVERIFY2(after, after ? "" : qPrintable(after.error().message));
        QCOMPARE(after->size(), std::size_t(250));
        // The review inbox's count of changed memories (each has its create event).
        auto changed = ChangeScan(s->database()).countMemories(0, 1000);
        QVERIFY2(changed, changed ? "" : qPrintable(changed.error().message));
        QCOMPARE(*changed, qint64(400));
    }

    void importAndExportThroughTheCommandLine()
    {
        test::EngineStore s(m_engines);
        const QString address = s.path();
        s.close(); // the command line is the only writer, as a person at a terminal would be
        const auto imported = test::runCli({ QStringLiteral("--store"), address, QStringLiteral("import"),
                                             QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json") });
        QVERIFY2(imported.code == 0, imported.err.constData());
        const QString file = QDir(s.dir()).filePath(QStringLiteral("exported.json"));
        const auto exported = test::runCli({ QStringLiteral("--store"), address, QStringLiteral("export"), file });
        QVERIFY2(exported.code == 0, exported.err.constData());
        s.reopen();
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject set = QJsonDocument::fromJson(f.readAll()).object();
        QSet<QString> ids;
        for (const QJsonValue &m : set.value(QStringLiteral("memories")).toArray())
            ids.insert(m.toObject().value(QStringLiteral("id")).toString());
        // Every memory but the level-3 ones, which an export leaves out unless asked.
        const QStringList held = test::queryRows(*s, QStringLiteral("SELECT id FROM memories WHERE sensitivity < 3 ORDER BY id"));
        QCOMPARE(ids, QSet<QString>(held.cbegin(), held.cend()));
        QCOMPARE(qint64(set.value(QStringLiteral("associations")).toArray().size()),
                 test::scalar(*s, QStringLiteral("SELECT count(*) FROM associations WHERE "
                                                 "a IN (SELECT id FROM memories WHERE sensitivity < 3) AND "
                                                 "b IN (SELECT id FROM memories WHERE sensitivity < 3)")));
    }
};

QTEST_GUILESS_MAIN(TestBulkEngines)
#include "tst_bulk_engines.moc"
