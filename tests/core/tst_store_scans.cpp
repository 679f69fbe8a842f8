// The store's bulk scans and writers (the SQL the engine and the snapshot used to carry
// themselves): every row with its values as stored, deleted ones included, a visitor that
// stops early, the id-range and since-id event reads, the rowid lookup, a read transaction
// that holds one state of the file while another connection commits, and the bulk writer's
// rows equal to what the repositories write. Each test runs on SQLite and on PostgreSQL
// (EngineStore.h).
#include "EngineStore.h"

#include "store/BulkWriter.h"
#include "store/ReadTransaction.h"
#include "store/Transaction.h"

#include <QSqlQuery>
#include <QtTest>

#include <string>

using namespace recollector;
using namespace recollector::core;

namespace {

QString text(std::string_view v) { return QString::fromUtf8(v.data(), qsizetype(v.size())); }

Event makeEvent(const QString &memoryId, const QString &kind, Millis at)
{
    Event e;
    e.memoryId = memoryId;
    e.kind = kind;
    e.actor = QStringLiteral("user");
    e.at = at;
    e.payload = QJsonObject{{QStringLiteral("n"), double(at)}};
    return e;
}

} // namespace

class TestStoreScans : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_store;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void init()
    {
        m_store = std::make_unique<test::EngineStore>(m_engines);
        Store &s = m_store->store();
        Memory a = test::sampleMemory(QStringLiteral("mem_a"));
        a.keywords = {QStringLiteral("咖啡"), QStringLiteral("tea \"green\"")};
        a.projectPath = QStringLiteral("/p/one");
        Memory b = test::sampleMemory(QStringLiteral("mem_b"), a.createdAt + 1000);
        b.deletedAt = b.createdAt + 5;
        b.negated = true;
        b.mergedInto = QStringLiteral("mem_c");
        Memory c = test::sampleMemory(QStringLiteral("mem_c"), a.createdAt + 2000);
        c.content = QStringLiteral("Bevorzugt Tee über Kaffee");
        c.level = MemoryLevel::Summary;
        for (const Memory &m : {a, b, c})
            QVERIFY(s.memories().insert(m));
        QVERIFY(s.associations().put(Association{QStringLiteral("mem_a"), QStringLiteral("mem_c"), 0.75,
                                                 QStringLiteral("manual"), 7}));
        QVERIFY(s.associations().put(Association{QStringLiteral("mem_b"), QStringLiteral("mem_c"), 0.25,
                                                 QStringLiteral("keyword"), 8}));
        for (int i = 0; i < 6; ++i) {
            Event e = makeEvent(i % 2 ? QStringLiteral("mem_a") : QStringLiteral("mem_c"), QStringLiteral("access"), 100 + i);
            QVERIFY(s.events().append(e));
        }
    }

    void cleanup() { m_store.reset(); }

    void keywordRowsCarryEveryMemoryAsStored()
    {
        QStringList ids;
        QList<qint64> deleted;
        QString keywordsOfA, projectOfA;
        const Status st = m_store->store().memories().scanKeywordRows([&](const KeywordRow &row) {
            ids << text(row.id);
            deleted << row.deletedAt;
            if (row.id == "mem_a") {
                keywordsOfA = text(row.keywordsJson);
                projectOfA = text(row.projectPath);
            }
            return true;
        });
        QVERIFY(st);
        QCOMPARE(ids, (QStringList{QStringLiteral("mem_a"), QStringLiteral("mem_b"), QStringLiteral("mem_c")}));
        QCOMPARE(deleted.at(0), 0);
        QVERIFY(deleted.at(1) != 0);
        QCOMPARE(keywordsOfA, QStringLiteral("[\"咖啡\",\"tea \\\"green\\\"\"]"));
        QCOMPARE(projectOfA, QStringLiteral("/p/one"));

        const auto totals = m_store->store().memories().idTotals();
        QVERIFY(totals);
        QCOMPARE(totals->rows, 3);
        QCOMPARE(totals->idBytes, 15);
    }

    void aVisitorStopsTheScan()
    {
        int seen = 0;
        QVERIFY(m_store->store().memories().scanIds([&](std::string_view) { return ++seen < 2; }));
        QCOMPARE(seen, 2);
    }

    void conflictInputsAndSnapshotRows()
    {
        QHash<QString, ConflictInputRow> inputs;
        QHash<QString, QString> contents;
        QVERIFY(m_store->store().memories().scanConflictInputs([&](const ConflictInputRow &row) {
            inputs.insert(text(row.id), row);
            contents.insert(text(row.id), text(row.content));
            return true;
        }));
        QCOMPARE(inputs.size(), 3);
        QVERIFY(inputs.value(QStringLiteral("mem_b")).negated);
        QVERIFY(!inputs.value(QStringLiteral("mem_a")).negated);
        QCOMPARE(contents.value(QStringLiteral("mem_c")), QStringLiteral("Bevorzugt Tee über Kaffee"));

        // After the first row, at most one: the window's chunked load.
        QList<qint64> rowids;
        MemoryLevel level = MemoryLevel::Archive;
        double confidence = 0, stability = 0;
        Millis deletedAt = 0;
        QVERIFY(m_store->store().memories().scanSnapshotRows(1, 1, [&](const SnapshotRow &row) {
            rowids << row.rowid;
            level = row.scoring.level;
            confidence = row.scoring.confidence;
            stability = row.scoring.stability;
            deletedAt = row.scoring.deletedAt;
            return true;
        }));
        QCOMPARE(rowids, QList<qint64>{2});
        QCOMPARE(level, MemoryLevel::Full);
        QVERIFY(deletedAt != 0);
        QCOMPARE(confidence, 0.8);
        QCOMPARE(stability, 24.0);
        const auto max = m_store->store().memories().maxRowid();
        QVERIFY(max);
        QCOMPARE(*max, 3);
        const auto rowids2 = m_store->store().memories().rowidsOf(
            {QStringLiteral("mem_c"), QStringLiteral("nope"), QStringLiteral("mem_a")});
        QVERIFY(rowids2);
        QCOMPARE(rowids2->size(), 2);
        QCOMPARE(rowids2->value(QStringLiteral("mem_c")), 3);
        QCOMPARE(rowids2->value(QStringLiteral("mem_a")), 1);
    }

    void linksAndManualLinks()
    {
        QStringList seen;
        QVERIFY(m_store->store().associations().scanLinks([&](const LinkRow &row) {
            seen << QStringLiteral("%1-%2 %3 %4").arg(text(row.a), text(row.b), text(row.type)).arg(row.weight);
            return true;
        }));
        seen.sort();
        QCOMPARE(seen, (QStringList{QStringLiteral("mem_a-mem_c manual 0.75"), QStringLiteral("mem_b-mem_c keyword 0.25")}));
        const auto manual = m_store->store().associations().manual();
        QVERIFY(manual);
        QCOMPARE(int(manual->size()), 1);
        QCOMPARE(manual->front().createdAt, 7);
    }

    void eventsByIdRange()
    {
        EventLog &log = m_store->store().events();
        const auto last = log.lastId();
        QVERIFY(last);
        QCOMPARE(*last, 6);
        const auto middle = log.between(2, 4);
        QVERIFY(middle);
        QCOMPARE(int(middle->size()), 3);
        QCOMPARE(middle->front().id, 2);
        QCOMPARE(middle->front().memoryId, QStringLiteral("mem_a"));
        QCOMPARE(middle->back().payload.value(QStringLiteral("n")).toInt(), 103);
        QVERIFY(log.between(7, 100)->empty());

        const auto touched = log.touchedSince(3, 10);
        QVERIFY(touched);
        QCOMPARE(int(touched->size()), 2);
        QHash<QString, qint64> newest;
        for (const EventLog::Touched &t : *touched)
            newest.insert(t.memoryId, t.lastEventId);
        QCOMPARE(newest.value(QStringLiteral("mem_a")), 6);
        QCOMPARE(newest.value(QStringLiteral("mem_c")), 5);
        QCOMPARE(int(log.touchedSince(0, 1)->size()), 1);
    }

    void touchedSinceReadsOnlyTheNewEvents()
    {
        // The recall tool asks on every call; a plan through events_memory read the whole log.
        // Only the rowid range after the id may be read.
        if (test::EngineFixture::onServer())
            QSKIP("SQLite's query plan");
        QSqlQuery q(m_store->store().database().handle());
        QVERIFY(q.prepare(QStringLiteral("EXPLAIN QUERY PLAN ") + EventLog::touchedSinceSql()));
        q.addBindValue(3);
        q.addBindValue(10);
        QVERIFY(q.exec());
        QString plan;
        while (q.next())
            plan += q.value(3).toString() + u';';
        QVERIFY2(plan.contains(QStringLiteral("INTEGER PRIMARY KEY (rowid>?)")), qPrintable(plan));
        QVERIFY2(!plan.contains(QStringLiteral("SCAN events")), qPrintable(plan));
    }

    void aReadTransactionHoldsOneStateOfTheFile()
    {
        Store &reader = m_store->store();
        auto writer = Store::open(m_store->path());
        QVERIFY(writer);
        {
            const ReadTransaction read(reader.database());
            QVERIFY(read.status());
            QVERIFY(reader.database().inTransaction());
            QCOMPARE(*reader.memories().maxRowid(), 3);
            // Another connection commits in the middle of the reads (WAL lets it).
            QVERIFY((*writer)->memories().insert(test::sampleMemory(QStringLiteral("mem_d"))));
            QCOMPARE(reader.memories().shape()->rows, 3);
        }
        QVERIFY(!reader.database().inTransaction());
        QCOMPARE(reader.memories().shape()->rows, 4);
        // Inside a write transaction it joins, and leaves that one open.
        Transaction tx(reader.database());
        QVERIFY(tx.isActive());
        {
            const ReadTransaction read(reader.database());
            QVERIFY(read.status());
        }
        QVERIFY(reader.database().inTransaction());
        QVERIFY(tx.commit());
    }

    void bulkRowsEqualTheRepositories()
    {
        Store &s = m_store->store();
        Memory m = test::sampleMemory(QStringLiteral("mem_bulk"));
        m.agentImportance = 0.5;
        m.extra = QJsonObject{{QStringLiteral("k"), QStringLiteral("v")}};
        Event e = makeEvent(QStringLiteral("mem_bulk"), QStringLiteral("import"), 900);
        {
            Transaction tx(s.database());
            BulkWriter writer(s.database());
            QVERIFY(writer.insertMemory(m));
            QVERIFY(writer.appendEvent(e));
            QCOMPARE(e.id, 7);
            QVERIFY(writer.memoryExists(QStringLiteral("mem_bulk")).value());
            QVERIFY(!writer.memoryExists(QStringLiteral("mem_none")).value());
            // Kept only when stronger.
            QVERIFY(writer.putLinkIfStronger(Association{QStringLiteral("mem_a"), QStringLiteral("mem_c"), 0.5,
                                                         QStringLiteral("keyword"), 1}));
            QVERIFY(writer.putLinkIfStronger(Association{QStringLiteral("mem_b"), QStringLiteral("mem_c"), 0.5,
                                                         QStringLiteral("co-task"), 2}));
            QVERIFY(tx.commit());
        }
        {
            // A failed statement: PostgreSQL aborts the transaction with it, so it comes last.
            Transaction tx(s.database());
            BulkWriter writer(s.database());
            const Status duplicate = writer.insertMemory(m);
            QVERIFY(!duplicate);
            QVERIFY2(duplicate.error().message.contains(m_store->path()), qPrintable(duplicate.error().message));
        }
        QCOMPARE(*s.memories().get(QStringLiteral("mem_bulk")), m);
        QCOMPARE(s.events().between(7, 7)->front().payload, e.payload);
        QCOMPARE(s.associations().get(QStringLiteral("mem_a"), QStringLiteral("mem_c"))->value().weight, 0.75);
        QCOMPARE(s.associations().get(QStringLiteral("mem_b"), QStringLiteral("mem_c"))->value().type,
                 QStringLiteral("co-task"));
    }
};

QTEST_GUILESS_MAIN(TestStoreScans)
#include "tst_store_scans.moc"
