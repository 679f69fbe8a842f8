// The import's bulk write path writes the same bytes as the Qt paths it replaced: the JSON
// columns' text (row::toJsonText's own writer for empty containers and plain string lists,
// Qt's QJsonDocument for anything else), text bound from the stack for short ASCII values
// (SqliteStatement::bind), and a memory row bound column by column without a QVariant
// (BulkWriter::insertMemory) equal, column for column, to the row Qt Sql writes
// (MemoryRepository::insert).
#include "TempStore.h"

#include "store/BulkWriter.h"
#include "store/Database.h"
#include "store/MemoryRow.h"
#include "store/SqliteStatement.h"
#include "store/Transaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

QString qtText(const QStringList &list)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(list)).toJson(QJsonDocument::Compact));
}

/// Every column of the memory `id`, as text with its SQLite type and bytes.
QStringList rowOf(Store &store, const QString &id)
{
    QSqlQuery q(store.database().handle());
    QString columns;
    for (const QString &c : row::memoryColumns())
        columns += QStringLiteral("%1typeof(%2) || ':' || hex(%2)").arg(columns.isEmpty() ? QString() : QStringLiteral(","), c);
    if (!q.prepare(QStringLiteral("SELECT %1 FROM memories WHERE id = ?").arg(columns)))
        qFatal("prepare failed");
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return {};
    QStringList out;
    for (int i = 0; i < q.record().count(); ++i)
        out << row::memoryColumns().at(i) + QLatin1Char('=') + q.value(i).toString();
    return out;
}

} // namespace

class TestBulkText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stringListTextIsQts_data()
    {
        QTest::addColumn<QStringList>("list");
        QTest::newRow("empty") << QStringList {};
        QTest::newRow("one") << QStringList { QStringLiteral("typescript") };
        QTest::newRow("several") << QStringList { QStringLiteral("a b"), QStringLiteral("x-1"), QStringLiteral("~!@#$%^&*()") };
        QTest::newRow("empty item") << QStringList { QString(), QStringLiteral("") };
        QTest::newRow("quote") << QStringList { QStringLiteral("say \"hi\"") };
        QTest::newRow("backslash") << QStringList { QStringLiteral("C:\\dir") };
        QTest::newRow("slash") << QStringList { QStringLiteral("a/b") };
        QTest::newRow("control") << QStringList { QStringLiteral("tab\there"), QStringLiteral("nl\n"), QString(QChar(1)) };
        QTest::newRow("delete") << QStringList { QString(QChar(0x7f)) };
        QTest::newRow("non-ascii") << QStringList { QStringLiteral("café"), QStringLiteral("記憶") };
        QTest::newRow("emoji") << QStringList { QStringLiteral("ok \U0001F600") };
        QTest::newRow("lone surrogate") << QStringList { QString(QChar(0xd800)) };
        QTest::newRow("mixed") << QStringList { QStringLiteral("plain"), QStringLiteral("with \"quote\"") };
    }

    void stringListTextIsQts()
    {
        QFETCH(QStringList, list);
        QCOMPARE(row::toJsonText(list), qtText(list));
    }

    void emptyContainersAreQts()
    {
        QCOMPARE(row::toJsonText(QJsonArray {}), QString::fromUtf8(QJsonDocument(QJsonArray {}).toJson(QJsonDocument::Compact)));
        QCOMPARE(row::toJsonText(QJsonObject {}), QString::fromUtf8(QJsonDocument(QJsonObject {}).toJson(QJsonDocument::Compact)));
        const QJsonObject object { { QStringLiteral("k"), 1.5 }, { QStringLiteral("a"), QJsonArray { 1, QStringLiteral("x") } } };
        QCOMPARE(row::toJsonText(object), QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)));
    }

    void boundTextIsUtf8_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("null") << QString();
        QTest::newRow("empty") << QStringLiteral("");
        QTest::newRow("ascii") << QStringLiteral("mem_01HZX-id");
        QTest::newRow("256 ascii") << QString(256, QLatin1Char('a'));
        QTest::newRow("257 ascii") << QString(257, QLatin1Char('b'));
        QTest::newRow("control and nul") << (QStringLiteral("a\tb") + QChar(0) + QStringLiteral("c"));
        QTest::newRow("non-ascii last") << (QString(255, QLatin1Char('c')) + QStringLiteral("é"));
        QTest::newRow("non-ascii") << QStringLiteral("記憶 \U0001F600");
        QTest::newRow("lone surrogate") << (QStringLiteral("x") + QChar(0xdc00));
    }

    void boundTextIsUtf8()
    {
        QFETCH(QString, text);
        test::TempStore s;
        QVERIFY(s->database().exec(QStringLiteral("CREATE TEMP TABLE t (v)")));
        SqliteStatement insert;
        QVERIFY(insert.prepare(s->database(), "INSERT INTO t (v) VALUES (?)", QStringLiteral("test")));
        insert.bind(1, text);
        QVERIFY(insert.run());
        QSqlQuery q(s->database().handle());
        QVERIFY(q.exec(QStringLiteral("SELECT typeof(v), hex(v) FROM t")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("text"));
        QCOMPARE(q.value(1).toString().toLatin1(), text.toUtf8().toHex().toUpper());
    }

    void bulkMemoryRowIsQtSqls()
    {
        test::TempStore s;
        Memory m = test::sampleMemory(QStringLiteral("mem_qt"));
        m.keywords = { QStringLiteral("plain"), QStringLiteral("with \"quote\""), QStringLiteral("café") };
        m.source.chatId = QStringLiteral("chat-7");
        m.projectPath = QStringLiteral("/home/u/p");
        m.correctionHistory = QJsonArray { QJsonObject { { QStringLiteral("from"), QStringLiteral("old") } } };
        m.mergedFrom = { QStringLiteral("mem_a"), QStringLiteral("mem_b") };
        m.originalContents = { QStringLiteral("line\nbreak") };
        m.accessCount = 7;
        m.negated = true;
        m.negatedAt = 1704103300000;
        m.deletedAt = 1704103400000;
        m.superseded = true;
        m.supersedesId = QStringLiteral("mem_old");
        m.agentImportance = 0.25;
        m.agentTier = QStringLiteral("core");
        m.extra.insert(QStringLiteral("unknown"), QJsonArray { 1, 2.5, QStringLiteral("x") });
        Memory plain = test::sampleMemory(QStringLiteral("mem_plain"));
        plain.agentImportance.reset();

        for (const Memory &memory : { m, plain }) {
            Memory viaQt = memory;
            Memory viaBulk = memory;
            viaQt.id += QStringLiteral("_qt");
            viaBulk.id += QStringLiteral("_bulk");
            QVERIFY(s->memories().insert(viaQt));
            {
                Transaction tx(s->database());
                BulkWriter writer(s->database());
                QVERIFY(writer.insertMemory(viaBulk));
                QVERIFY(tx.commit());
            }
            QStringList qtRow = rowOf(*s, viaQt.id);
            QStringList bulkRow = rowOf(*s, viaBulk.id);
            QCOMPARE(qtRow.size(), row::memoryColumns().size());
            // The ids differ by their suffix; every other column byte for byte.
            qtRow.removeFirst();
            bulkRow.removeFirst();
            QCOMPARE(bulkRow, qtRow);
        }
    }
};

QTEST_GUILESS_MAIN(TestBulkText)
#include "tst_bulk_text.moc"
