// The JSON codec of one memory (and of events, links, conflicts): lazy migration
// (docs/formats.md, "Lazy migration") row by row, unknown fields kept, and one-line errors
// naming file, entry and field. Also the JSON text reader (truncated / double-encoded / not
// JSON) and the YAML bridge.
#include "TempStore.h"

#include "io/JsonText.h"
#include "model/MemoryJson.h"
#include "io/YamlJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

QJsonObject parseObject(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

// A JSON fragment ("50", "\"full\"", "[\"text\"]") as a value.
QJsonValue fragment(const QString &json)
{
    return QJsonDocument::fromJson(QStringLiteral("[%1]").arg(json).toUtf8()).array().at(0);
}

const QString kBase = QStringLiteral(R"("id":"a1b2c3d4","content":"Use vitest","category":"pattern")");
const QString kCreated = QStringLiteral(R"("createdAt":"2024-01-01T00:00:00Z")");

} // namespace

class TestMemoryJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void migration_data()
    {
        QTest::addColumn<QString>("fields"); // added to the base entry
        QTest::addColumn<QString>("key"); // looked up in memoryToJson(result)
        QTest::addColumn<QString>("expected"); // a JSON fragment; "absent" = key not written

        const QString c = kCreated;
        // docs/formats.md, "Lazy migration": strength ?? 50
        QTest::newRow("strength missing → 50") << c << "strength"
                                               << "50";
        QTest::newRow("strength kept") << c + R"(,"strength":80)"
                                       << "strength"
                                       << "80";
        // stability ?? 24 + min(12·accessCount, 120) + 48·confidence (hours)
        QTest::newRow("stability: no access, confidence default 0.5 → 48") << c << "stability"
                                                                           << "48";
        QTest::newRow("stability: 3 accesses, confidence 0.5 → 84")
            << c + R"(,"accessCount":3,"confidence":0.5)"
            << "stability"
            << "84";
        QTest::newRow("stability: 20 accesses capped at 120 h, confidence 0.9 → 187.2")
            << c + R"(,"accessCount":20,"confidence":0.9)"
            << "stability"
            << "187.2";
        QTest::newRow("stability: 10 accesses = cap, confidence 1 → 192")
            << c + R"(,"accessCount":10,"confidence":1)"
            << "stability"
            << "192";
        QTest::newRow("stability kept") << c + R"(,"stability":100,"accessCount":5)"
                                        << "stability"
                                        << "100";
        // lastReinforcedAt ?? updatedAt ?? createdAt
        QTest::newRow("lastReinforcedAt ← updatedAt") << c + R"(,"updatedAt":"2024-01-05T00:00:00Z")"
                                                      << "lastReinforcedAt"
                                                      << R"("2024-01-05T00:00:00.000Z")";
        QTest::newRow("lastReinforcedAt ← createdAt") << c << "lastReinforcedAt"
                                                      << R"("2024-01-01T00:00:00.000Z")";
        QTest::newRow("lastReinforcedAt kept") << c + R"(,"lastReinforcedAt":"2024-02-01T12:00:00Z")"
                                               << "lastReinforcedAt"
                                               << R"("2024-02-01T12:00:00.000Z")";
        // reinforceCount ?? accessCount ?? 0
        QTest::newRow("reinforceCount ← accessCount") << c + R"(,"accessCount":7)"
                                                      << "reinforceCount"
                                                      << "7";
        QTest::newRow("reinforceCount ← 0") << c << "reinforceCount"
                                            << "0";
        QTest::newRow("reinforceCount kept") << c + R"(,"accessCount":7,"reinforceCount":2)"
                                             << "reinforceCount"
                                             << "2";
        // decayRate ?? 1.0
        QTest::newRow("decayRate missing → 1") << c << "decayRate"
                                               << "1";
        QTest::newRow("decayRate kept") << c + R"(,"decayRate":0.7)"
                                        << "decayRate"
                                        << "0.7";
        // defaults of docs/formats.md, "A memory's fields"
        QTest::newRow("confidence → 0.5") << c << "confidence"
                                          << "0.5";
        QTest::newRow("importance → 1.0") << c << "importance"
                                          << "1";
        QTest::newRow("level → full") << c << "level"
                                      << R"("full")";
        QTest::newRow("modalities → [text]") << c << "modalities"
                                             << R"(["text"])";
        QTest::newRow("verified → false") << c << "verified"
                                          << "false";
        QTest::newRow("permanent → false") << c << "permanent"
                                           << "false";
        QTest::newRow("sensitivity → 0") << c << "sensitivity"
                                         << "0";
        QTest::newRow("accessCount → 0") << c << "accessCount"
                                         << "0";
        QTest::newRow("source missing → import") << c << "source"
                                                 << R"({"type":"import"})";
        QTest::newRow("source without type → import") << c + R"(,"source":{"taskId":"t1"})"
                                                      << "source"
                                                      << R"({"type":"import","taskId":"t1"})";
        QTest::newRow("source kept") << c + R"(,"source":{"type":"task","taskId":"t1"})"
                                     << "source"
                                     << R"({"type":"task","taskId":"t1"})";
        QTest::newRow("source as a bare string") << c + R"(,"source":"manual")"
                                                 << "source"
                                                 << R"({"type":"manual"})";
        QTest::newRow("numeric task id kept as text") << c + R"(,"source":{"type":"task","taskId":42})"
                                                      << "source"
                                                      << R"({"type":"task","taskId":"42"})";
        QTest::newRow("keywords normalised") << c + R"(,"keywords":[" TypeScript ","typescript","Vitest",""])"
                                             << "keywords"
                                             << R"(["typescript","vitest"])";
        QTest::newRow("keywords missing → []") << c << "keywords"
                                               << "[]";
        // createdAt ?? updatedAt; updatedAt ?? createdAt
        QTest::newRow("createdAt ← updatedAt") << R"("updatedAt":"2024-03-01T00:00:00Z")"
                                               << "createdAt"
                                               << R"("2024-03-01T00:00:00.000Z")";
        QTest::newRow("updatedAt ← createdAt") << c << "updatedAt"
                                               << R"("2024-01-01T00:00:00.000Z")";
        QTest::newRow("date with offset is UTC") << R"("createdAt":"2024-01-01T08:00:00+08:00")"
                                                 << "createdAt"
                                                 << R"("2024-01-01T00:00:00.000Z")";
        QTest::newRow("date as epoch milliseconds") << R"("createdAt":1704067200000)"
                                                    << "createdAt"
                                                    << R"("2024-01-01T00:00:00.000Z")";
        // null means absent
        QTest::newRow("null lastAccessedAt absent") << c + R"(,"lastAccessedAt":null)"
                                                    << "lastAccessedAt"
                                                    << "absent";
        QTest::newRow("null projectPath absent") << c + R"(,"projectPath":null)"
                                                 << "projectPath"
                                                 << "absent";
        // unknown keys survive
        QTest::newRow("unknown number kept") << c + R"(,"valence":-0.5)"
                                             << "valence"
                                             << "-0.5";
        QTest::newRow("unknown object kept") << c + R"(,"meta":{"x":[1,"a"]})"
                                             << "meta"
                                             << R"({"x":[1,"a"]})";
        QTest::newRow("level read case-insensitively") << c + R"(,"level":"Summary")"
                                                       << "level"
                                                       << R"("summary")";
    }

    void migration()
    {
        QFETCH(QString, fields);
        QFETCH(QString, key);
        QFETCH(QString, expected);
        const QJsonObject in = parseObject(QStringLiteral("{%1,%2}").arg(kBase, fields));
        QVERIFY(!in.isEmpty());
        auto m = io::memoryFromJson(in, QStringLiteral("memories.json: entry 0"));
        QVERIFY2(m, m ? "" : qPrintable(m.error().message));
        const QJsonObject out = io::memoryToJson(*m);
        if (expected == QLatin1String("absent")) {
            QVERIFY2(!out.contains(key), qPrintable(key));
        } else {
            QCOMPARE(out.value(key), fragment(expected));
        }
    }

    void errors_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        const QString c = kCreated;
        const QString prefix = QStringLiteral(R"(memories.json: entry 3 (id "a1b2c3d4"): )");
        QTest::newRow("wrong type") << "{" + kBase + "," + c + R"(,"confidence":"high"})"
                                    << prefix + R"(field "confidence": expected a number, got string "high")";
        QTest::newRow("missing id") << R"({"content":"x","category":"fact",)" + c + "}"
                                    << R"(memories.json: entry 3: field "id": is missing (required))";
        QTest::newRow("id of wrong type")
            << R"({"id":["x"],"content":"x","category":"fact",)" + c + "}"
            << R"(memories.json: entry 3: field "id": expected a string, got array)";
        QTest::newRow("missing content") << R"({"id":"a1b2c3d4","category":"fact",)" + c + "}"
                                         << prefix + R"(field "content": is missing (required))";
        QTest::newRow("empty content") << R"({"id":"a1b2c3d4","content":"  ","category":"fact",)" + c + "}"
                                       << prefix + R"(field "content": is empty (required))";
        QTest::newRow("missing category") << R"({"id":"a1b2c3d4","content":"x",)" + c + "}"
                                          << prefix + R"(field "category": is missing (required))";
        QTest::newRow("unparsable date")
            << "{" + kBase + R"(,"createdAt":"yesterday"})"
            << prefix + R"(field "createdAt": "yesterday" is not an ISO-8601 date)";
        QTest::newRow("date of wrong type")
            << "{" + kBase + R"(,"createdAt":true})"
            << prefix + R"(field "createdAt": expected an ISO-8601 date string, got boolean true)";
        QTest::newRow("no date at all") << "{" + kBase
                + "}" << prefix + R"(field "createdAt": is missing (required when there is no updatedAt))";
        QTest::newRow("confidence out of range") << "{" + kBase + "," + c
                + R"(,"confidence":1.5})" << prefix + R"(field "confidence": 1.5 is out of range 0..1)";
        QTest::newRow("fractional count")
            << "{" + kBase + "," + c + R"(,"accessCount":2.5})"
            << prefix + R"(field "accessCount": expected a whole number, got 2.5)";
        QTest::newRow("negative count")
            << "{" + kBase + "," + c + R"(,"accessCount":-1})"
            << prefix + R"(field "accessCount": -1 is out of range 0..2147483647)";
        QTest::newRow("keywords as one string")
            << "{" + kBase + "," + c + R"(,"keywords":"a,b"})"
            << prefix + R"(field "keywords": expected an array of strings, got string "a,b")";
        QTest::newRow("keyword not a string")
            << "{" + kBase + "," + c + R"(,"keywords":["a",1]})"
            << prefix + R"(field "keywords": item 1: expected a string, got number 1)";
        QTest::newRow("unknown level")
            << "{" + kBase + "," + c + R"(,"level":"huge"})"
            << prefix + R"(field "level": "huge" is not one of full, summary, trace, archive)";
        QTest::newRow("nested source field")
            << "{" + kBase + "," + c + R"(,"source":{"taskId":{}}})"
            << prefix + R"(field "source.taskId": expected a string, got object)";
        QTest::newRow("source of wrong type") << "{" + kBase + "," + c + R"(,"source":[1]})"
                                              << prefix + R"(field "source": expected an object, got array)";
        QTest::newRow("sensitivity out of range") << "{" + kBase + "," + c
                + R"(,"sensitivity":4})" << prefix + R"(field "sensitivity": 4 is out of range 0..3)";
        QTest::newRow("decayRate out of range") << "{" + kBase + "," + c + R"(,"decayRate":3})"
                                                << prefix + R"(field "decayRate": 3 is out of range 0.5..2)";
        QTest::newRow("boolean as text")
            << "{" + kBase + "," + c + R"(,"verified":"yes"})"
            << prefix + R"(field "verified": expected true or false, got string "yes")";
        QTest::newRow("strength out of range") << "{" + kBase + "," + c + R"(,"strength":101})"
                                               << prefix + R"(field "strength": 101 is out of range 0..100)";
    }

    void errors()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        const QJsonObject in = parseObject(json);
        QVERIFY2(!in.isEmpty(), qPrintable(json));
        auto m = io::memoryFromJson(in, QStringLiteral("memories.json: entry 3"));
        QVERIFY(!m);
        QCOMPARE(m.error().message, message);
        QVERIFY(!m.error().message.contains(QLatin1Char('\n')));
    }

    void tooLongContentIsAnErrorNamingTheLimit()
    {
        QJsonObject in = parseObject("{" + kBase + "," + kCreated + "}");
        in.insert(QStringLiteral("content"), QString(2 * 1024 * 1024, QLatin1Char('x')));
        auto m = io::memoryFromJson(in, QStringLiteral("big.json: entry 0"));
        QVERIFY(!m);
        QCOMPARE(m.error().message,
            QStringLiteral(
                R"(big.json: entry 0 (id "a1b2c3d4"): field "content": text of 2097152 characters is longer than the 1048576-character limit)"));
    }

    void everyFieldRoundTrips()
    {
        Memory m = test::sampleMemory(QStringLiteral("mem_01HZY"));
        m.lastAccessedAt = m.createdAt + 5000;
        m.accessCount = 4;
        m.reinforceCount = 3;
        m.projectPath = QStringLiteral("/home/dev/app");
        m.strength = 63;
        m.stability = 57.6;
        m.decayRate = 0.56;
        m.importance = 2.5;
        m.verified = true;
        m.permanent = true;
        m.negated = true;
        m.negatedAt = m.createdAt + 1000;
        m.correctionHistory = QJsonArray { QJsonObject {
            { "reason", "user negation" }, { "time", "2024-01-02T00:00:00.000Z" } } };
        m.level = MemoryLevel::Trace;
        m.compressed = true;
        m.compressedFrom = QStringLiteral("mem_old");
        m.mergedFrom = { QStringLiteral("a"), QStringLiteral("b") };
        m.mergedInto = QStringLiteral("c");
        m.sourceIds = { QStringLiteral("s1") };
        m.originalContents = { QStringLiteral("不喜欢咖啡"), QStringLiteral("line1\nline2") };
        m.sensitivity = 2;
        m.modalities = { QStringLiteral("text"), QStringLiteral("image") };
        m.deletedAt = m.createdAt + 9000;
        m.superseded = true;
        m.supersedesId = QStringLiteral("old");
        m.agentImportance = 7;
        m.agentTier = QStringLiteral("hot");
        m.source.chatId = QStringLiteral("lark-chat-1");
        m.source.messageId = QStringLiteral("msg-2");
        m.extra = QJsonObject { { "valence", -0.5 }, { "tags", QJsonArray { "x", "y" } } };
        const QByteArray text = QJsonDocument(io::memoryToJson(m)).toJson();
        auto back = io::memoryFromJson(QJsonDocument::fromJson(text).object(), QStringLiteral("x"));
        QVERIFY2(back, back ? "" : qPrintable(back.error().message));
        QCOMPARE(*back, m);
    }

    void folderFallbackForCreatedAtIsNoted()
    {
        QStringList notes;
        const QJsonObject in = parseObject("{" + kBase + "}");
        auto m = io::memoryFromJson(in, QStringLiteral("a1b2c3d4.json"),
            { 1704067200000, QStringLiteral("the file's modification time"), &notes });
        QVERIFY(m);
        QCOMPARE(m->createdAt, Millis(1704067200000));
        QCOMPARE(m->lastReinforcedAt, Millis(1704067200000));
        QCOMPARE(notes.size(), 1);
        QCOMPARE(notes.first(),
            QStringLiteral(
                R"(a1b2c3d4.json (id "a1b2c3d4"): no createdAt or updatedAt; used the file's modification time)"));
    }

    void eventsLinksAndConflicts()
    {
        auto e
            = io::eventFromJson(parseObject(R"({"id":4,"memoryId":"m1","kind":"reinforce","actor":"assistant",
            "at":"2024-01-01T00:00:00Z","payload":{"event":"task_success"}})"),
                "set.json: event 0");
        QVERIFY(e);
        QCOMPARE(e->kind, QStringLiteral("reinforce"));
        QCOMPARE(e->payload.value("event").toString(), QStringLiteral("task_success"));
        QCOMPARE(io::eventToJson(*e).value("at").toString(), QStringLiteral("2024-01-01T00:00:00.000Z"));
        auto badEvent = io::eventFromJson(
            parseObject(R"({"memoryId":"m1","kind":"x","at":"soon"})"), "set.json: event 2");
        QVERIFY(!badEvent);
        QCOMPARE(badEvent.error().message,
            QStringLiteral(R"(set.json: event 2: field "at": "soon" is not an ISO-8601 date)"));

        auto a
            = io::associationFromJson(parseObject(R"({"a":"z","b":"y","weight":0.5,"type":"keyword"})"), "w");
        QVERIFY(a);
        QCOMPARE(a->a, QStringLiteral("y")); // ordered pair, as the store keeps it
        auto self = io::associationFromJson(
            parseObject(R"({"a":"z","b":"z","weight":0.5,"type":"keyword"})"), "set.json: association 1");
        QVERIFY(!self);
        QCOMPARE(
            self.error().message, QStringLiteral(R"(set.json: association 1: links memory "z" to itself)"));
        auto heavy
            = io::associationFromJson(parseObject(R"({"a":"a","b":"b","weight":1.5,"type":"keyword"})"), "w");
        QVERIFY(!heavy);

        auto c = io::conflictFromJson(parseObject(R"({"id":2,"a":"a","b":"b","type":"temporal_shift",
            "status":"resolved","resolution":"latest_wins","detectedAt":"2024-01-01T00:00:00Z",
            "resolvedAt":"2024-01-02T00:00:00Z"})"),
            "c");
        QVERIFY(c);
        QCOMPARE(io::conflictToJson(*c).value("resolution").toString(), QStringLiteral("latest_wins"));
        auto badStatus = io::conflictFromJson(parseObject(R"({"a":"a","b":"b","type":"direct_contradiction","status":"maybe",
            "detectedAt":"2024-01-01T00:00:00Z"})"),
            "set.json: conflict 0");
        QVERIFY(!badStatus);
        QVERIFY(badStatus.error().message.contains(
            R"(field "status": "maybe" is not one of open, resolved, dismissed)"));
    }

    void jsonTextErrors_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray("  \n") << "f.json: file is empty";
        QTest::newRow("not JSON") << QByteArray("hello world")
                                  << "f.json: not JSON (illegal value at line 1, column 1)";
        QTest::newRow("truncated inside an entry's field")
            << QByteArray(
                   "{\"format\":\"recollector-memory-set\",\"memories\":[{\"id\":\"a\",\"content\":\"x\"},\n"
                   "{\"id\":\"b1\",\"content\":\"half a sent")
            << "f.json: entry 1 (id \"b1\"), field \"content\": JSON ends early (unterminated string) at "
               "line 2, "
               "column 34: the file looks truncated";
        QTest::newRow("truncated legacy array")
            << QByteArray("[{\"id\":\"a\"},{\"id\":\"b\",\"keywords\":[\"x\",")
            << "f.json: entry 1 (id \"b\"), field \"keywords\": JSON ends early (unterminated array) at line "
               "1, column 39: "
               "the file looks truncated";
        QTest::newRow("syntax error in an event")
            << QByteArray("{\"memories\":[],\"events\":[{\"id\":1},{\"kind\":\"x\" \"at\":1}]}")
            << "f.json: event 1, field \"kind\": invalid JSON (unterminated object) at line 1, column 48";
        QTest::newRow("double-encoded")
            << QByteArray("\"{\\\"format\\\":\\\"recollector-memory-set\\\",\\\"memories\\\":[]}\"")
            << "f.json: the file is one JSON string that itself holds a JSON document (double-encoded); "
               "decode it "
               "once and import the result";
        QTest::newRow("a plain string") << QByteArray(
            "\"just text\"") << "f.json: the file is a single JSON string (9 characters), not a memory set";
    }

    void jsonTextErrors()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        auto value = io::JsonText::parse(bytes, QStringLiteral("f.json"));
        QVERIFY(!value);
        QCOMPARE(value.error().message, message);
    }

    void yamlScalarsKeepTheirTypes()
    {
        const QJsonObject in { { "s", "true" }, { "n", "42" }, { "e", "" }, { "t", "~" }, { "b", true },
            { "i", 7 }, { "d", 0.25 }, { "zh", "不再喝咖啡" }, { "nl", "a\nb" }, { "x", QJsonValue() },
            { "list", QJsonArray { "a", 1 } }, { "empty", QJsonArray {} }, { "obj", QJsonObject {} },
            { "colon", "key: value" }, { "dash", "- item" }, { "hash", "# not a comment" } };
        const QByteArray yaml = io::YamlJson::dump(in);
        auto back = io::YamlJson::parse(yaml, QStringLiteral("t.yaml"));
        QVERIFY2(back, back ? "" : qPrintable(back.error().message));
        QCOMPARE(back->toObject(), in);
    }

    void yamlLongKeysWithEscapesReadBack()
    {
        // A key of 300 control characters is written as 1,200 characters of escapes: past the
        // 1,024 a plain YAML key may take, it read back as "illegal map value" (found by fuzzing).
        const QString longKey = QStringLiteral("0") + QString(300, QChar(0x17));
        const QJsonObject in { { longKey, "v" }, { "after", 1 }, { QString(250, QLatin1Char('k')), true } };
        const QByteArray yaml = io::YamlJson::dump(in);
        auto back = io::YamlJson::parse(yaml, QStringLiteral("t.yaml"));
        QVERIFY2(back, back ? "" : qPrintable(back.error().message));
        QCOMPARE(back->toObject(), in);
    }

    void yamlErrorsAreOneLineWithALine()
    {
        auto bad
            = io::YamlJson::parse("format: recollector-memory-set\nmemories: [a, b\n", QStringLiteral("s.yaml"));
        QVERIFY(!bad);
        QVERIFY2(bad.error().message.startsWith(QStringLiteral("s.yaml: not valid YAML at line ")),
            qPrintable(bad.error().message));
        // An alias bomb expands far beyond the text: refused, not expanded.
        QByteArray bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
        char prev = 'a';
        for (char c = 'b'; c <= 'j'; ++c, ++prev)
            bomb += QByteArray(1, c) + ": &" + QByteArray(1, c) + " [*" + QByteArray(1, prev) + ", *"
                + QByteArray(1, prev) + ", *" + QByteArray(1, prev) + ", *" + QByteArray(1, prev) + ", *"
                + QByteArray(1, prev) + ", *" + QByteArray(1, prev) + ", *" + QByteArray(1, prev) + ", *"
                + QByteArray(1, prev) + "]\n";
        auto exploded = io::YamlJson::parse(bomb, QStringLiteral("bomb.yaml"));
        QVERIFY(!exploded);
        QVERIFY2(exploded.error().message.contains(QStringLiteral("too many nodes")),
            qPrintable(exploded.error().message));
    }
};

QTEST_GUILESS_MAIN(TestMemoryJson)
#include "tst_memoryjson.moc"
