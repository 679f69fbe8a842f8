// The open-source Mem0 library's history database through the format adapter (docs/formats.md,
// "Mem0 history database"): a history.db written here with Mem0's own table layout; ADD,
// UPDATE and DELETE rows become one memory per memory_id with create / edit / delete events
// at their times, the last text as content, a deleted one soft-deleted; a Recollector store is
// not taken for one; a bad row is one line naming the file, the row and the field.
#include "CliProcess.h"
#include "FormatImport.h"
#include "StoreFingerprint.h"
#include "TempStore.h"

#include "formats/FormatRegistry.h"

#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

struct Row
{
    const char *id, *memoryId, *oldMemory, *newMemory, *event, *createdAt;
};

// Mem0's SQLiteManager table, and rows as Mem0 writes them (US/Pacific times).
bool writeHistory(const QString &path, const std::vector<Row> &rows)
{
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("mem0-history-fixture"));
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        ok = ok && q.exec(QStringLiteral("CREATE TABLE history (id TEXT PRIMARY KEY, memory_id TEXT, old_memory TEXT, "
                                         "new_memory TEXT, event TEXT, created_at DATETIME, updated_at DATETIME, "
                                         "is_deleted INTEGER, actor_id TEXT, role TEXT)"));
        for (const Row &r : rows) {
            ok = ok && q.prepare(QStringLiteral("INSERT INTO history VALUES (?, ?, ?, ?, ?, ?, NULL, 0, NULL, 'user')"));
            q.addBindValue(QString::fromUtf8(r.id));
            q.addBindValue(QString::fromUtf8(r.memoryId));
            q.addBindValue(r.oldMemory ? QVariant(QString::fromUtf8(r.oldMemory)) : QVariant());
            q.addBindValue(r.newMemory ? QVariant(QString::fromUtf8(r.newMemory)) : QVariant());
            q.addBindValue(QString::fromUtf8(r.event));
            q.addBindValue(QString::fromUtf8(r.createdAt));
            ok = ok && q.exec();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("mem0-history-fixture"));
    return ok;
}

const std::vector<Row> kRows = {
    { "h1", "m-coffee", nullptr, "Drinks coffee black", "ADD", "2026-01-10T09:00:00.000000-08:00" },
    { "h2", "m-city", nullptr, "Lives in Oslo", "ADD", "2026-01-10T09:01:00.000000-08:00" },
    { "h3", "m-coffee", "Drinks coffee black", "Drinks coffee with oat milk", "UPDATE", "2026-02-01T08:00:00.000000-08:00" },
    { "h4", "m-city", "Lives in Oslo", nullptr, "DELETE", "2026-02-03T10:00:00.000000-08:00" },
};

const Memory *byId(const std::vector<Memory> &memories, const QString &id)
{
    for (const Memory &m : memories) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

} // namespace

class TestFormatMem0History : public QObject
{
    Q_OBJECT

private slots:
    void importsTheHistory()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.db"));
        QVERIFY(writeHistory(path, kRows));
        test::TempStore store;
        auto outcome = test::importAnyFormat(*store, path);
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        auto all = store->memories().all(true);
        QVERIFY(all);
        QCOMPARE(all->size(), std::size_t(2));
        const Memory *coffee = byId(*all, QStringLiteral("m-coffee"));
        QVERIFY(coffee);
        QCOMPARE(coffee->content, QStringLiteral("Drinks coffee with oat milk"));
        QCOMPARE(coffee->createdAt, *time::fromIso(QStringLiteral("2026-01-10T17:00:00Z")));
        QCOMPARE(coffee->updatedAt, *time::fromIso(QStringLiteral("2026-02-01T16:00:00Z")));
        const Memory *city = byId(*all, QStringLiteral("m-city"));
        QVERIFY(city);
        QCOMPARE(city->deletedAt, *time::fromIso(QStringLiteral("2026-02-03T18:00:00Z")));

        auto history = store->events().forMemory(QStringLiteral("m-coffee"));
        QVERIFY(history);
        QStringList kinds;
        for (const Event &e : *history) {
            if (e.kind != events::kImport)
                kinds << e.kind;
            if (e.kind == events::kEdit)
                QCOMPARE(e.payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("content")).toString(),
                         QStringLiteral("Drinks coffee black"));
        }
        QCOMPARE(kinds, QStringList({ events::kCreate, events::kEdit }));
    }

    void mappingInDryRunAndRecollectorStoreNotTaken()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.db"));
        QVERIFY(writeHistory(path, kRows));
        test::TempStore store;
        store.close();
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("--json"), QStringLiteral("import"), path,
                                                       QStringLiteral("--dry-run") });
        QCOMPARE(run.code, 0);
        const QJsonObject mapping = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("mapping")).toObject();
        QCOMPARE(mapping.value(QStringLiteral("format")).toString(), QStringLiteral("mem0-history"));
        // A Recollector store is an SQLite file too, but no Mem0 history.
        QVERIFY(!io::formats::FormatRegistry::instance().byName(QStringLiteral("mem0-history"))->detect(
            io::FormatProbe::of(store.path())));
    }

    void badRows_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("field");
        QTest::newRow("event") << 0 << QStringLiteral("field \"event\"");
        QTest::newRow("created_at") << 1 << QStringLiteral("field \"created_at\"");
    }
    void badRows()
    {
        QFETCH(int, row);
        QFETCH(QString, field);
        std::vector<Row> rows = kRows;
        if (row == 0)
            rows[2].event = "MERGE";
        else
            rows[2].createdAt = "last tuesday";
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("history.db"));
        QVERIFY(writeHistory(path, rows));
        test::TempStore store;
        const auto before = test::fingerprint(*store);
        store.close();
        auto run = test::runRecollectorCli(store.path(), { QStringLiteral("import"), path });
        QCOMPARE(run.code, 1);
        const QString err = QString::fromUtf8(run.err).trimmed();
        QVERIFY2(err.contains(QStringLiteral("history.db: history row (id \"h3\")")) && err.contains(field), qPrintable(err));
        QCOMPARE(err.count(QLatin1Char('\n')), 0);
        store.reopen();
        QCOMPARE(test::fingerprint(*store), before);
    }
};

QTEST_GUILESS_MAIN(TestFormatMem0History)
#include "tst_format_mem0_history.moc"
