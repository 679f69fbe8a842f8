// time::toIso / fromIso take a fast path for the common "YYYY-MM-DDTHH:MM:SS.mmmZ" form;
// they must give exactly what QDateTime gives, on every date.
#include "model/Time.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QtTest>

using namespace recollector::core;

class TestTime : public QObject
{
    Q_OBJECT

    static QString qtIso(Millis ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs); }

private Q_SLOTS:
    void toIsoMatchesQDateTime_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::newRow("epoch+1") << qint64(1);
        QTest::newRow("before epoch") << qint64(-1);
        QTest::newRow("1969-12-31 23:59:59.999") << qint64(-1);
        QTest::newRow("leap day 2024") << QDateTime(QDate(2024, 2, 29), QTime(23, 59, 59, 999), Qt::UTC).toMSecsSinceEpoch();
        QTest::newRow("2000-03-01") << QDateTime(QDate(2000, 3, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        QTest::newRow("1900-03-01") << QDateTime(QDate(1900, 3, 1), QTime(12, 0), Qt::UTC).toMSecsSinceEpoch();
        QTest::newRow("year 1000") << QDateTime(QDate(1000, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        QTest::newRow("year 9999") << QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59, 999), Qt::UTC).toMSecsSinceEpoch();
        QTest::newRow("year 999 (slow path)") << QDateTime(QDate(999, 12, 31), QTime(1, 2, 3), Qt::UTC).toMSecsSinceEpoch();
        QTest::newRow("the ebbinghaus design's example") << qint64(1704103200000);
    }

    void toIsoMatchesQDateTime()
    {
        QFETCH(qint64, ms);
        QCOMPARE(time::toIso(ms), qtIso(ms));
        QCOMPARE(time::fromIso(time::toIso(ms)), std::optional<Millis>(ms));
        // The ASCII form is toIso's text wherever it is given (not for the slow path's years).
        char ascii[24];
        if (time::toIsoAscii(ms, ascii))
            QCOMPARE(QString::fromLatin1(ascii, sizeof ascii), time::toIso(ms));
        else
            QVERIFY(time::toIso(ms).size() != 24 || ms < -30610224000000);
    }

    void randomInstantsRoundTrip()
    {
        QRandomGenerator rng(7);
        const Millis from = QDateTime(QDate(1600, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        const Millis to = QDateTime(QDate(2400, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        for (int i = 0; i < 20000; ++i) {
            const Millis ms = from + Millis(rng.bounded(quint64(to - from)));
            const QString text = time::toIso(ms);
            QCOMPARE(text, qtIso(ms));
            QCOMPARE(*time::fromIso(text), ms);
            QCOMPARE(*time::fromExactIso(text.toStdString()), ms);
            char ascii[24];
            QVERIFY(time::toIsoAscii(ms, ascii));
            QCOMPARE(QString::fromLatin1(ascii, sizeof ascii), text);
        }
        char unused[24];
        QVERIFY(!time::toIsoAscii(0, unused)); // toIso gives "" for 0
    }

    void exactFormFromUtf8()
    {
        // The reader's path for UTF-8 text: the exact form only; anything else is left to fromIso.
        QCOMPARE(*time::fromExactIso("2024-01-02T00:00:00.000Z"), qint64(1704153600000));
        for (const char *other : { "2024-01-02T00:00:00Z", " 2024-01-02T00:00:00.000Z", "2025-02-30T00:00:00.000Z",
                 "2025-13-01T00:00:00.000Z", "2025-0a-01T00:00:00.000Z", "2024-01-02T00:00:00.000+", "",
                 "2024-01-02T00:00:00.0\xC3\xA9Z" })
            QVERIFY2(!time::fromExactIso(other), other);
    }

    void otherFormsStillParseAndBadOnesFail()
    {
        QCOMPARE(*time::fromIso(QStringLiteral("2024-01-02T00:00:00Z")), qint64(1704153600000));
        QCOMPARE(*time::fromIso(QStringLiteral(" 2024-01-02T00:00:00.000Z ")), qint64(1704153600000));
        QCOMPARE(*time::fromIso(QStringLiteral("2024-01-02T08:00:00.000+08:00")), qint64(1704153600000));
        QVERIFY(!time::fromIso(QStringLiteral("2025-02-30T00:00:00.000Z")));
        QVERIFY(!time::fromIso(QStringLiteral("2025-13-01T00:00:00.000Z")));
        QVERIFY(!time::fromIso(QStringLiteral("2025-0a-01T00:00:00.000Z")));
        QVERIFY(!time::fromIso(QStringLiteral("yesterday")));
        QVERIFY(!time::fromIso(QString()));
    }
};

QTEST_GUILESS_MAIN(TestTime)
#include "tst_time.moc"
