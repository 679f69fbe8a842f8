// The streamed whole-store JSON export (MemorySetStreamWriter) writes the same bytes as the
// collecting path (collect() + MemorySetJson::toBytes, i.e. QJsonDocument's Indented form) for
// every kind of field: unicode, control characters and escapes, quotes, very large and very
// small doubles, integers past 2^53, empty arrays and objects, null, unknown fields merged
// among the known keys, stored JSON that is not in Qt's compact form; and hands over to the
// collecting path where it must (sealed level-3 entries, ids whose byte order is not Qt's).
#include "TempStore.h"

#include "crypto/KdfParams.h"
#include "io/Exporter.h"
#include "model/Event.h"
#include "store/StoreSeal.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kControls = QString::fromUtf8("tab\tnl\ncr\rbell\x07 nul") + QChar(0) + QStringLiteral(" del\x7f \\ / \"q\"");
// A memory's own text never holds a NUL (docs/formats.md, "Text in, text out"): U+0001 there.
const QString kTextControls = QString(kControls).replace(QChar(0), QChar(1));

Memory richMemory(const QString &id)
{
    Memory m = test::sampleMemory(id);
    m.content = QString::fromUtf8("用户喜欢喝咖啡 👍, \"quoted\"\n") + kTextControls;
    m.category = QString::fromUtf8("préférence");
    m.keywords = {QStringLiteral("a\"b"), QString::fromUtf8("ключ"), QStringLiteral("")};
    m.source = {QStringLiteral("chat"), QStringLiteral("t\t1"), QString::fromUtf8("chat é"), QStringLiteral("m-1")};
    m.confidence = 1e-300;
    m.strength = 1e300;
    m.stability = double(1LL << 60);
    m.decayRate = 9007199254740993.0;
    m.importance = 0.1 + 0.2;
    m.accessCount = 2147483647;
    m.reinforceCount = -3;
    m.projectPath = QString::fromUtf8("/home/dév/app");
    m.lastAccessedAt = kT0 + 1;
    m.negated = true;
    m.negatedAt = -62135596800000; // 0001-01-01: outside the fast date range
    m.verified = true;
    m.correctionHistory = QJsonArray{QJsonObject{{"time", "2024-01-02T00:00:00.000Z"}, {"reason", kControls}},
                                     QJsonArray{}, QJsonObject{}, QJsonValue::Null, 1e-7, 1000000.0,
                                     qint64(9007199254740993), -0.0};
    m.level = MemoryLevel::Archive;
    m.compressed = true;
    m.compressedFrom = QString(QChar(0xFEFF)) + QStringLiteral("bom first \"then a quote\"");
    m.mergedFrom = {QStringLiteral("x")};
    m.mergedInto = QStringLiteral("y");
    m.sourceIds = {};
    m.originalContents = {kTextControls, QString(QChar(0x2028))};
    m.sensitivity = 2;
    m.modalities = {QStringLiteral("text"), QStringLiteral("image")};
    m.deletedAt = kT0 + 5;
    m.superseded = true;
    m.supersedesId = QStringLiteral("older");
    m.agentImportance = 7.5;
    m.agentTier = QStringLiteral("hot");
    // Unknown fields before, between and after the known keys, one with a known key's name
    // (the known value wins) and one with an absent optional key's name (kept).
    m.extra = QJsonObject{{"Zeta", 1},
                          {"aaa", QJsonArray{}},
                          {"contentType", QJsonObject{}},
                          {"id", "shadowed"},
                          {"sealed", "an extra named like a known key that is absent"},
                          {"nested", QJsonObject{{"k", QJsonArray{true, false, QJsonValue::Null, 1e20, -1.5e-10}}}},
                          {"big", qint64(9223372036854775807LL)},
                          {"zz", kControls},
                          {QString::fromUtf8("键"), QString::fromUtf8("值")}};
    return m;
}

void fill(Store &store)
{
    Memory plain = test::sampleMemory(QStringLiteral("0a000001"));
    Memory bare = test::sampleMemory(QStringLiteral("0b000001"));
    bare.keywords = {};
    bare.modalities = {};
    bare.source = {QStringLiteral("manual"), {}, {}, {}};
    bare.createdAt = bare.updatedAt = bare.lastReinforcedAt = 0;
    bare.agentImportance = 0.0;
    for (const Memory &m : {richMemory(QStringLiteral("mem_rich")), plain, bare,
                            richMemory(QString::fromUtf8("mem_é"))})
        QVERIFY(store.memories().insert(m));
    QVERIFY(store.associations().put({QStringLiteral("0a000001"), QStringLiteral("0b000001"), 0.1 + 0.2,
                                      QStringLiteral("keyword"), kT0}));
    QVERIFY(store.associations().put({QStringLiteral("0a000001"), QStringLiteral("mem_rich"), 1.0,
                                      QStringLiteral("manual"), 0}));
    const QJsonObject payloads[] = {
        {},
        {{"after", true}, {"before", false}},
        {{"text", kControls}, {"n", QJsonValue::Null}, {"tiny", 5e-324}, {"huge", 1.7976931348623157e308},
         {"int", qint64(-9007199254740993)}, {"whole", 1e6}, {"list", QJsonArray{QJsonObject{}, QJsonArray{}}}},
        {{QString::fromUtf8("ключ"), QString::fromUtf8("значение")}, {"a", "b"}},
    };
    Millis at = kT0;
    for (const QJsonObject &p : payloads) {
        Event e{0, QStringLiteral("mem_rich"), events::kEdit, QStringLiteral("user"), at += 10, p};
        QVERIFY(store.events().append(e));
    }
    Event import{0, QStringLiteral("0a000001"), events::kImport, QStringLiteral("import"), 0, {{"file", "x.json"}}};
    QVERIFY(store.events().append(import));
    Conflict open{0, QStringLiteral("0a000001"), QStringLiteral("0b000001"), ConflictType::TemporalShift,
                  ConflictStatus::Open, ConflictResolution::None, kT0 + 40, 0};
    QVERIFY(store.conflicts().insert(open));
}

// Rows another writer could have left: stored JSON that is not Qt's compact form (spaces,
// unsorted or duplicate keys, numbers Qt writes differently, escapes), invalid JSON, a list
// holding more than strings. Written through SQLite on the store file, as such a program would.
void addForeignRows(const QString &storePath)
{
    const QString name = QStringLiteral("foreign-rows");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(storePath);
        QVERIFY(db.open());
        QSqlQuery q(db);
        const QStringList payloads = {
            QStringLiteral(" { \"a\" : [ 1.50, -0, 1E3, 12345678901234567890, 123456789012345678, 0.0 ] , \"b\":\"x\\\"y\\u0001\\u00e9\\ud83d\\ude00\", \"c\":{}, \"d\":[], \"e\":null, \"f\":true } "),
            QStringLiteral("{\"b\":1,\"a\":2}"),
            QStringLiteral("{\"a\":1,\"a\":2}"),
            QStringLiteral("not json"),
            QStringLiteral("[1,2]"),
            QStringLiteral(""),
            QStringLiteral("{\"k\\u0065y\":1}"),
        };
        for (const QString &p : payloads) {
            QVERIFY(q.prepare(QStringLiteral("INSERT INTO events (memory_id, kind, actor, at, payload) "
                                             "VALUES ('0a000001', 'edit', 'user', 1704103200000, ?)")));
            q.addBindValue(p);
            QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
        }
        QVERIFY2(q.exec(QStringLiteral("UPDATE memories SET keywords = '[\"a\", 1, null, {\"x\":1}]',\n            modalities = '', source_ids = ' [ \"s1\" ,\"s2\" ] ', correction_history = '[{\"b\":1,\"a\":2}]',\n            extra = '{\"q\":1.0}', level = 'bogus' WHERE id = '0b000001'")),
                 qPrintable(q.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

struct Exports
{
    QByteArray streamed;
    QByteArray collected;
    bool wasStreamed = false;
};

Exports exportBoth(Store &store, const QString &dir, bool importEvents = true)
{
    Exports out;
    io::ExportOptions o;
    o.exportedAt = kT0 + 999;
    o.includeImportEvents = importEvents;
    const auto streamed = io::Exporter(store).write(dir + QStringLiteral("/streamed.json"), o);
    if (!streamed)
        qWarning("%s", qPrintable(streamed.error().message));
    o.collectingWriter = true;
    const auto collected = io::Exporter(store).write(dir + QStringLiteral("/collected.json"), o);
    if (!collected)
        qWarning("%s", qPrintable(collected.error().message));
    if (streamed && collected) {
        out.wasStreamed = streamed->streamed;
        out.streamed = readAll(dir + QStringLiteral("/streamed.json"));
        out.collected = readAll(dir + QStringLiteral("/collected.json"));
        if (streamed->memories != collected->memories || streamed->associations != collected->associations
            || streamed->events != collected->events || streamed->conflicts != collected->conflicts)
            out.collected = "counts differ";
    }
    return out;
}

// On a mismatch, the first differing line is what a person needs to see.
QByteArray firstDifference(const QByteArray &a, const QByteArray &b)
{
    const QList<QByteArray> la = a.split('\n'), lb = b.split('\n');
    for (qsizetype i = 0; i < std::min(la.size(), lb.size()); ++i) {
        if (la[i] != lb[i])
            return "line " + QByteArray::number(i + 1) + ": streamed [" + la[i] + "] collected [" + lb[i] + "]";
    }
    return "lengths " + QByteArray::number(a.size()) + " / " + QByteArray::number(b.size());
}

} // namespace

class TestExportStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyFieldKindGivesTheCollectedBytes_data()
    {
        QTest::addColumn<bool>("importEvents");
        QTest::newRow("with import events") << true;
        QTest::newRow("without import events") << false;
    }

    void everyFieldKindGivesTheCollectedBytes()
    {
        QFETCH(bool, importEvents);
        test::TempStore s;
        fill(*s);
        const Exports e = exportBoth(*s, s.dir(), importEvents);
        QVERIFY(e.wasStreamed);
        QVERIFY(!e.collected.isEmpty());
        QVERIFY2(e.streamed == e.collected, firstDifference(e.streamed, e.collected).constData());
        QVERIFY(e.streamed.contains("\"Zeta\": 1"));
        QVERIFY(e.streamed.contains("\"big\": 9223372036854775807"));
        QCOMPARE(e.streamed.contains("\"kind\": \"import\""), importEvents);
    }

    void storedJsonNotInQtsFormGivesTheCollectedBytes()
    {
        test::TempStore s;
        fill(*s);
        addForeignRows(s.path());
        const Exports e = exportBoth(*s, s.dir());
        QVERIFY(e.wasStreamed);
        QVERIFY2(e.streamed == e.collected, firstDifference(e.streamed, e.collected).constData());
        QVERIFY(e.streamed.contains("12345678901234567000"));
    }

    void emptyStoreGivesTheCollectedBytes()
    {
        test::TempStore s;
        const Exports e = exportBoth(*s, s.dir());
        QVERIFY(e.wasStreamed);
        QVERIFY2(e.streamed == e.collected, firstDifference(e.streamed, e.collected).constData());
    }

    void sealedLevelThreeGoesThroughTheCollectingPath()
    {
        test::TempStore s;
        fill(*s);
        QVERIFY(StoreSeal::setPassphrase(*s, "pw", crypto::KdfParams::interactive()));
        Memory secret = richMemory(QStringLiteral("mem_secret"));
        secret.sensitivity = 3;
        QVERIFY(s->memories().insert(secret));
        StoreSeal::lock(*s);
        const Exports e = exportBoth(*s, s.dir());
        QVERIFY(!e.wasStreamed);
        QVERIFY(e.streamed.contains("\"sealed\": \""));
        QVERIFY2(e.streamed == e.collected, firstDifference(e.streamed, e.collected).constData());
    }

    void idsOutOfQtsOrderGoThroughTheCollectingPath()
    {
        // U+FF21 sorts before U+1F600 in UTF-8 bytes (SQLite) but after it in UTF-16 (Qt).
        test::TempStore s;
        QVERIFY(s->memories().insert(test::sampleMemory(QString(QChar(0xFF21)))));
        QVERIFY(s->memories().insert(test::sampleMemory(QString::fromUtf8("😀"))));
        const Exports e = exportBoth(*s, s.dir());
        QVERIFY(!e.wasStreamed);
        QVERIFY2(e.streamed == e.collected, firstDifference(e.streamed, e.collected).constData());
    }
};

QTEST_GUILESS_MAIN(TestExportStream)
#include "tst_export_stream.moc"
