// Ids are ULIDs (model/Ids): 26 Crockford characters, the instant first, so they sort by time;
// and monotonic within a millisecond, so ids made in one instant sort in the order they were
// made (MCP list_recent's newest first relies on it); a new instant starts from fresh random bits.
#include "model/Ids.h"

#include <QSet>
#include <QtTest>

using namespace recollector::core;

class TestIds : public QObject
{
    Q_OBJECT

private slots:
    void idsOfOneInstantSortInTheOrderTheyWereMade()
    {
        constexpr Millis kAt = 1704103200000;
        QStringList made;
        for (int i = 0; i < 5000; ++i)
            made << ids::newMemoryId(kAt);
        for (qsizetype i = 1; i < made.size(); ++i)
            QVERIFY2(made[i - 1] < made[i], qPrintable(made[i - 1] + QLatin1String(" !< ") + made[i]));
        for (const QString &id : made) {
            QCOMPARE(id.size(), 4 + 26);
            QVERIFY(id.startsWith(QLatin1String("mem_01HK")));
        }
    }

    void laterInstantsSortLaterAndStartAfresh()
    {
        const QString a = ids::newUlid(1704103200000);
        const QString b = ids::newUlid(1704103200001);
        const QString c = ids::newUlid(1704103200001);
        QVERIFY(a < b);
        QVERIFY(b < c);
        QCOMPARE(a.left(10), QStringLiteral("01HK27EH80"));
        QVERIFY(a.mid(10) != b.mid(10)); // not a continuation of the last instant's bits
        // An earlier instant after a later one is still an id of its own instant.
        const QString earlier = ids::newUlid(1704103199000);
        QVERIFY(earlier < a);
        QVERIFY(!QSet<QString>({a, b, c}).contains(earlier));
    }

    void onlyCrockfordCharacters()
    {
        for (int i = 0; i < 200; ++i) {
            const QString id = ids::newUlid(0);
            for (const QChar ch : id)
                QVERIFY2(QStringLiteral("0123456789ABCDEFGHJKMNPQRSTVWXYZ").contains(ch), qPrintable(id));
        }
    }
};

QTEST_GUILESS_MAIN(TestIds)
#include "tst_ids.moc"
