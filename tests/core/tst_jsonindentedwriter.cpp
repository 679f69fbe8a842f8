// JsonIndentedWriter writes exactly what QJsonDocument::toJson(Indented) writes: the export
// of a memory set depends on it for byte-identical round trips (docs/formats.md, "Engram memory set").
#include "io/JsonIndentedWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <limits>

using engram::core::io::JsonIndentedWriter;

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
};

QTEST_GUILESS_MAIN(TestJsonIndentedWriter)
#include "tst_jsonindentedwriter.moc"
