// EventPayloadTexts, the events' payloads written as JSON on the other core while an import
// writes the links: each text is the one the store would get (row::toJsonUtf8), an empty
// payload included, in the events' order; an import that stops early does not wait for them.
#include "io/EventPayloadTexts.h"
#include "store/MemoryRow.h"

#include <QJsonArray>
#include <QtTest>

using namespace recollector::core;

class TestEventPayloadTexts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachTextIsThePayloadAsTheStoreWritesIt()
    {
        std::vector<Event> events;
        for (int i = 0; i < 20000; ++i) {
            Event e;
            e.memoryId = QStringLiteral("mem_%1").arg(i);
            if (i % 5 != 0) {
                e.payload = QJsonObject { { QStringLiteral("n"), i },
                    { QStringLiteral("text"), QStringLiteral("über \"quoted\" %1\n").arg(i) },
                    { QStringLiteral("list"), QJsonArray { 1.5, true, QJsonValue() } } };
            }
            events.push_back(e);
        }
        io::EventPayloadTexts payloads(events);
        const std::vector<QByteArray> &texts = payloads.texts();
        QCOMPARE(texts.size(), events.size());
        for (std::size_t i = 0; i < events.size(); ++i)
            QCOMPARE(texts[i], row::toJsonUtf8(events[i].payload));
        QCOMPARE(texts[0], QByteArrayLiteral("{}"));
        QVERIFY(texts[1].contains("\"n\":1"));
        QCOMPARE(&payloads.texts(), &texts); // asked again: the same texts
    }

    void destroyedBeforeItIsDoneItStops()
    {
        std::vector<Event> events(400000);
        for (std::size_t i = 0; i < events.size(); ++i)
            events[i].payload = QJsonObject { { QStringLiteral("n"), qint64(i) } };
        QElapsedTimer timer;
        timer.start();
        {
            io::EventPayloadTexts payloads(events);
        }
        // Not a timing test: the stop is checked every 4,096 events, so it ends long before
        // the 400,000 are written (which take about a second); a generous bound.
        QVERIFY2(timer.elapsed() < 30000, "the thread ran on after its owner ended");
    }
};

QTEST_GUILESS_MAIN(TestEventPayloadTexts)
#include "tst_eventpayloadtexts.moc"
