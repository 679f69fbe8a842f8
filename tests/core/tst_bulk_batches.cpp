// The bulk writer's many-row writes (BulkWriter::appendEvents, putLinksIfStronger: a hundred
// rows to a statement) write exactly what its one-row writes write: the same rows in the same
// order, contiguous event ids, the strongest link of a pair kept, whatever the count's
// remainder. A row that fails is named, and the rows before it stand in the transaction.
#include "StoreQuery.h"
#include "TempStore.h"

#include "io/ImportWriter.h"
#include "store/BulkWriter.h"
#include "store/CheckedWrites.h"
#include "store/Database.h"
#include "store/MemoryRow.h"
#include "store/Transaction.h"

#include <QJsonObject>
#include <QSqlQuery>
#include <QtTest>

#include <random>

using namespace recollector;
using namespace recollector::core;

namespace {

std::vector<Event> someEvents(int count)
{
    std::vector<Event> events;
    for (int i = 0; i < count; ++i) {
        events.push_back(Event { 0, QStringLiteral("mem_%1").arg(i % 7, 3, 10, QLatin1Char('0')),
            i % 3 ? QStringLiteral("reinforce") : QStringLiteral("access"), QStringLiteral("user"), 1000 + i,
            QJsonObject { { QStringLiteral("n"), i }, { QStringLiteral("text"), QStringLiteral("é %1").arg(i) } } });
    }
    return events;
}

std::vector<QByteArray> payloadsOf(const std::vector<Event> &events)
{
    std::vector<QByteArray> out;
    for (const Event &e : events)
        out.push_back(row::toJsonUtf8(e.payload));
    return out;
}

/// 250 links over 40 pairs (each pair met about six times, weights at random), ordered.
std::vector<Association> someLinks()
{
    std::mt19937 random(7);
    std::vector<Association> links;
    for (int i = 0; i < 250; ++i) {
        const int pair = int(random() % 40);
        links.push_back(Association { QStringLiteral("mem_a%1").arg(pair, 2, 10, QLatin1Char('0')),
            QStringLiteral("mem_b%1").arg(pair, 2, 10, QLatin1Char('0')), double(random() % 1000) / 1000.0,
            i % 2 ? QStringLiteral("keyword") : QStringLiteral("manual"), 5000 + i });
    }
    return links;
}

/// Every row of `table`, one line each, in `order`.
QStringList rowsOf(Store &store, const QString &table, const QString &columns, const QString &order)
{
    return test::queryRows(store, QStringLiteral("SELECT %1 FROM %2 ORDER BY %3").arg(columns, table, order));
}

} // namespace

class TestBulkBatches : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eventsAsOneByOne_data()
    {
        QTest::addColumn<int>("count");
        for (int count : { 0, 1, 99, 100, 101, 250 })
            QTest::newRow(qPrintable(QString::number(count))) << count;
    }

    void eventsAsOneByOne()
    {
        QFETCH(int, count);
        std::vector<Event> events = someEvents(count);
        const std::vector<QByteArray> payloads = payloadsOf(events);

        test::TempStore many;
        std::int64_t last = 0;
        {
            Transaction tx(many->database());
            BulkWriter writer(many->database());
            auto written = writer.appendEvents(events, payloads);
            QVERIFY2(written, written ? "" : qPrintable(written.error().message));
            last = *written;
            QVERIFY(tx.commit());
        }
        test::TempStore one;
        {
            Transaction tx(one->database());
            BulkWriter writer(one->database());
            for (Event &e : events)
                QVERIFY(writer.appendEvent(e));
            QVERIFY(tx.commit());
        }
        const QString columns = QStringLiteral("id, memory_id, kind, actor, at, payload");
        const QStringList rows = rowsOf(*many, QStringLiteral("events"), columns, QStringLiteral("id"));
        QCOMPARE(rows, rowsOf(*one, QStringLiteral("events"), columns, QStringLiteral("id")));
        QCOMPARE(rows.size(), count);
        // Contiguous ids ending at the one returned, in the order given.
        QCOMPARE(last, count == 0 ? 0 : events.back().id);
        for (int i = 0; i < count; ++i)
            QVERIFY(rows[i].startsWith(QString::number(last - count + 1 + i) + QLatin1Char('|') + events[i].memoryId + QLatin1Char('|')));
    }

    void linksKeepTheStrongestAsOneByOne()
    {
        const std::vector<Association> links = someLinks();
        // A link already stored, stronger than every one of the set for its pair, and one weaker.
        const Association strong { QStringLiteral("mem_a03"), QStringLiteral("mem_b03"), 2.0, QStringLiteral("manual"), 1 };
        const Association weak { QStringLiteral("mem_a04"), QStringLiteral("mem_b04"), 0.0, QStringLiteral("manual"), 1 };
        const QString columns = QStringLiteral("a, b, weight, type, created_at");
        QStringList expected;
        for (bool batched : { false, true }) {
            test::TempStore store;
            {
                CheckedWrites checked(store->database()); // the links' memories are not written here
                Transaction tx(store->database());
                BulkWriter writer(store->database());
                QVERIFY(writer.putLinkIfStronger(strong));
                QVERIFY(writer.putLinkIfStronger(weak));
                if (batched) {
                    QVERIFY(writer.putLinksIfStronger(links));
                } else {
                    for (const Association &link : links)
                        QVERIFY(writer.putLinkIfStronger(link));
                }
                QVERIFY(tx.commit());
            }
            const QStringList rows = rowsOf(*store, QStringLiteral("associations"), columns, QStringLiteral("a, b"));
            if (!batched)
                expected = rows;
            else
                QCOMPARE(rows, expected);
        }
        QVERIFY(expected.size() >= 38);
        QVERIFY(expected.contains(QStringLiteral("mem_a03|mem_b03|2|manual|1")));
    }

    void aFailingRowIsNamedAndTheRowsBeforeItStand()
    {
        // The 151st link breaks the table's CHECK (a < b): its statement of a hundred is
        // undone, the rows go again one by one, and the error names that link.
        std::vector<Association> links;
        for (int i = 0; i < 250; ++i)
            links.push_back(Association { QStringLiteral("mem_%1").arg(i, 3, 10, QLatin1Char('0')), QStringLiteral("mem_z"),
                0.5, QStringLiteral("keyword"), 1 });
        std::swap(links[150].a, links[150].b);
        test::TempStore store;
        CheckedWrites checked(store->database());
        Transaction tx(store->database());
        io::ImportWriter writer(store->database());
        const Status written = writer.putLinksIfStronger(links);
        QVERIFY(!written);
        QVERIFY2(written.error().message.contains(QStringLiteral("the link of mem_z and mem_150")),
            qPrintable(written.error().message));
        QSqlQuery q(store->database().handle());
        QVERIFY(q.exec(QStringLiteral("SELECT count(*), max(a) FROM associations")) && q.next());
        QCOMPARE(q.value(0).toInt(), 150);
        QCOMPARE(q.value(1).toString(), QStringLiteral("mem_149"));
    }
};

QTEST_GUILESS_MAIN(TestBulkBatches)
#include "tst_bulk_batches.moc"
