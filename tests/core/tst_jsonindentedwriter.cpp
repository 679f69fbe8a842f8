// JsonIndentedWriter writes exactly what QJsonDocument::toJson(Indented) writes: the export
// of a memory set depends on it for byte-identical round trips (docs/formats.md, "Recollector memory set").
#include "io/JsonIndentedWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include <limits>

using recollector::core::io::JsonIndentedWriter;

class TestJsonIndentedWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesQJsonDocument_data()
    {
        QTest::addColumn<QJsonObject>("object");
        QTest::newRow("empty") << QJsonObject{};
        QTest::newRow("scalars") << QJsonObject{{"b", true}, {"f", false}, {"n", QJsonValue::Null}, {"s", "text"}};
        QTest::newRow("numbers") << QJsonObject{{"zero", 0},
                                                {"int", 42},
                                                {"negative", -7},
                                                {"million", 1000000.0},
                                                {"tenth", 0.1},
                                                {"third", 1.0 / 3},
                                                {"tiny", 1e-9},
                                                {"huge", 1e300},
                                                {"big int", qint64(9007199254740993)},
                                                {"ms", qint64(1735689600123)},
                                                {"nan", std::numeric_limits<double>::quiet_NaN()}};
        QTest::newRow("escapes") << QJsonObject{{"quote\"key", "say \"hi\""},
                                                {"backslash", "C:\\path\\x"},
                                                {"controls", QString::fromUtf8("tab\tnl\ncr\rbell\x07 del\x7f")},
                                                {"slash", "a/b"}};
        QTest::newRow("unicode") << QJsonObject{{"zh", QString::fromUtf8("用户喜欢喝咖啡，不再喝茶")},
                                                {"emoji", QString::fromUtf8("ok 👍")},
                                                {"lone surrogate", QString(QChar(0xD800))},
                                                {"line separator", QString(QChar(0x2028))},
                                                {QString::fromUtf8("键"), 1}};
        QTest::newRow("nested") << QJsonObject{
            {"empty array", QJsonArray{}},
            {"empty object", QJsonObject{}},
            {"list", QJsonArray{1, "two", QJsonArray{3, QJsonObject{{"four", 4}}}, QJsonObject{}}},
            {"object", QJsonObject{{"inner", QJsonObject{{"deeper", QJsonArray{QJsonValue::Null, false}}}}}}};
    }

    void matchesQJsonDocument()
    {
        QFETCH(QJsonObject, object);
        const QByteArray expected = QJsonDocument(object).toJson(QJsonDocument::Indented);
        QByteArray written;
        JsonIndentedWriter::append(written, object, 0);
        written += '\n';
        QCOMPARE(written, expected);

        // Two levels deep, as the memory-set writer uses it: Qt's array of one object.
        const QByteArray arrayExpected = QJsonDocument(QJsonObject{{"a", QJsonArray{object}}}).toJson();
        QByteArray nested = "{\n    \"a\": [\n        ";
        JsonIndentedWriter::append(nested, object, 2);
        nested += "\n    ]\n}\n";
        QCOMPARE(nested, arrayExpected);
    }

    // appendNumber writes a double as Qt writes QJsonValue(double) in a document: whole
    // numbers in qint64's range as integers, the rest shortest, null for inf and nan.
    void numbersMatchQJsonDocument()
    {
        std::vector<double> numbers = { 0.0, -0.0, 1.0, -1.0, 0.1, 0.333, 1.0 / 3.0, 2.5, 1e-4, 1e-5, 1e-7, 123456.789,
            1e15, 1e16, 1e17, 1e21, 1e300, -1e300, 4.9e-324, 9007199254740992.0, 9007199254740993.0,
            -9223372036854775808.0, 9223372036854775808.0, 1.8446744073709552e19,
            std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
            std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::max(),
            std::numeric_limits<double>::lowest(), std::numeric_limits<double>::min() };
        std::mt19937_64 random(7);
        for (int i = 0; i < 20000; ++i) {
            numbers.push_back(std::uniform_real_distribution<double>(0.0, 1.0)(random)); // weights, scores
            numbers.push_back(std::round(std::uniform_real_distribution<double>(-1e6, 1e6)(random)));
            numbers.push_back(std::bit_cast<double>(random())); // any bits at all
        }
        for (const double number : numbers) {
            QByteArray expected;
            JsonIndentedWriter::append(expected, QJsonValue(number), 0);
            QByteArray written;
            JsonIndentedWriter::appendNumber(written, number);
            if (written != expected)
                QFAIL(qPrintable(QStringLiteral("%1: wrote %2, Qt %3")
                                     .arg(QString::number(number, 'g', 17), QString::fromLatin1(written),
                                         QString::fromLatin1(expected))));
        }
    }

    void piecesAndIndentation()
    {
        QByteArray out = "x";
        JsonIndentedWriter::appendPieces(out, { "", ",\n", JsonIndentedWriter::indentation(2), "\"a\": " });
        QCOMPARE(out, QByteArray("x,\n        \"a\": "));
        QCOMPARE(JsonIndentedWriter::indentation(0).size(), std::size_t(0));
        QCOMPARE(JsonIndentedWriter::indentation(32).size(), std::size_t(128));
    }
};

QTEST_GUILESS_MAIN(TestJsonIndentedWriter)
#include "tst_jsonindentedwriter.moc"
