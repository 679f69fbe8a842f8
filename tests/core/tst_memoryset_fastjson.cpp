// The simdjson reader of the Recollector memory set (MemorySetFastJson) gives exactly what the Qt
// reader (MemorySetJson::fromBytesWithQt) gives, field by field, numbers as integers or
// doubles as Qt keeps them; hands every document it does not read identically (and every
// error) to the Qt reader; and is the path a real export takes through the import's reader.
#include "TempStore.h"

#include "io/Exporter.h"
#include "io/MemorySetFastJson.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetReader.h"
#include "formats/FormatRegistry.h"
#include "synthetic/StoreGenerator.h"

#include <QCborValue>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::core::io;

namespace {

// Exact, type-preserving text of a JSON value: an integer and a double of the same value differ.
QString exact(const QJsonValue &v)
{
    return QString::fromLatin1(QCborValue::fromJsonValue(v).toCbor().toHex());
}
QString exact(double d)
{
    return QString::number(d, 'g', 17) + (std::signbit(d) ? QStringLiteral("(neg)") : QString());
}
QString exact(const QStringList &list)
{
    return exact(QJsonValue(QJsonArray::fromStringList(list))) + QString::number(list.size());
}

// Every field of a memory, one line each, so a difference names the field.
QStringList fields(const Memory &m)
{
    return { "id=" + m.id, "content=" + m.content, "category=" + m.category, "keywords=" + exact(m.keywords),
        "source=" + m.source.type + "|" + m.source.taskId + "|" + m.source.chatId + "|" + m.source.messageId,
        "confidence=" + exact(m.confidence), "createdAt=" + QString::number(m.createdAt),
        "updatedAt=" + QString::number(m.updatedAt), "lastAccessedAt=" + QString::number(m.lastAccessedAt),
        "lastReinforcedAt=" + QString::number(m.lastReinforcedAt), "accessCount=" + QString::number(m.accessCount),
        "reinforceCount=" + QString::number(m.reinforceCount), "projectPath=" + m.projectPath,
        "strength=" + exact(m.strength), "stability=" + exact(m.stability), "decayRate=" + exact(m.decayRate),
        "importance=" + exact(m.importance), QStringLiteral("flags=%1%2%3%4%5").arg(m.verified).arg(m.permanent).arg(m.negated).arg(m.compressed).arg(m.superseded),
        "negatedAt=" + QString::number(m.negatedAt), "correctionHistory=" + exact(QJsonValue(m.correctionHistory)),
        "level=" + levelName(m.level), "compressedFrom=" + m.compressedFrom, "mergedFrom=" + exact(m.mergedFrom),
        "mergedInto=" + m.mergedInto, "sourceIds=" + exact(m.sourceIds), "originalContents=" + exact(m.originalContents),
        "sensitivity=" + QString::number(m.sensitivity), "modalities=" + exact(m.modalities),
        "deletedAt=" + QString::number(m.deletedAt), "supersedesId=" + m.supersedesId,
        "agentImportance=" + (m.agentImportance ? exact(*m.agentImportance) : QStringLiteral("none")),
        "agentTier=" + m.agentTier, "extra=" + exact(QJsonValue(m.extra)), "sealed=" + m.sealed };
}

QStringList fields(const MemorySet &s)
{
    QStringList out { "exportedAt=" + QString::number(s.exportedAt), "profile=" + s.profile,
        "seal=" + exact(QJsonValue(s.seal)), "sourceName=" + s.sourceName, "notes=" + s.notes.join('|'),
        QStringLiteral("sizes=%1 %2 %3 %4").arg(s.memories.size()).arg(s.associations.size()).arg(s.events.size()).arg(s.conflicts.size()) };
    for (const Memory &m : s.memories)
        out += fields(m);
    for (const Association &a : s.associations)
        out << QStringLiteral("link=%1|%2|%3|%4|%5").arg(a.a, a.b, exact(a.weight), a.type).arg(a.createdAt);
    for (const Event &e : s.events)
        out << QStringLiteral("event=%1|%2|%3|%4|%5|%6").arg(e.id).arg(e.memoryId, e.kind, e.actor).arg(e.at).arg(exact(QJsonValue(e.payload)));
    for (const Conflict &c : s.conflicts)
        out << QStringLiteral("conflict=%1|%2|%3|%4|%5|%6|%7|%8").arg(c.id).arg(c.a, c.b).arg(int(c.type)).arg(int(c.status)).arg(int(c.resolution)).arg(c.detectedAt).arg(c.resolvedAt);
    return out;
}

// Entries chosen for what two JSON readers can disagree on.
QByteArray trickySet()
{
    QFile f(QStringLiteral(RECOLLECTOR_TEST_DATA "/fastjson/tricky-set.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing tricky-set.json");
    return f.readAll();
}

QString describe(const Result<MemorySet> &r)
{
    return r ? fields(*r).join('\n') : QStringLiteral("error: ") + r.error().message;
}

/// A generated store of `memories` exported to `path`; false when either step fails.
bool writeExport(const QString &path, int memories, std::uint64_t seed)
{
    test::TempStore store;
    GeneratorOptions options;
    options.memories = memories;
    options.seed = seed;
    options.anchor = 1732000000000;
    ExportOptions exportOptions;
    exportOptions.exportedAt = options.anchor;
    return StoreGenerator(options).generate(*store) && Exporter(*store).write(path, exportOptions);
}

} // namespace

class TestMemorySetFastJson : public QObject
{
    Q_OBJECT

private slots:
    void trickyEntriesReadAsQtReadsThem()
    {
        const QByteArray data = trickySet();
        const auto fast = MemorySetFastJson::read(data, QStringLiteral("tricky.json"));
        QVERIFY2(fast.has_value(), "the tricky set is one the fast reader takes");
        const auto qt = MemorySetJson::fromBytesWithQt(data, QStringLiteral("tricky.json"));
        QVERIFY2(qt, qPrintable(describe(qt)));
        QVERIFY(qt->memories.size() >= 5);
        const QStringList a = fields(*fast);
        const QStringList b = fields(*qt);
        QCOMPARE(a.size(), b.size());
        for (qsizetype i = 0; i < a.size(); ++i)
            QCOMPARE(a[i], b[i]);
        // And the struct as a whole (operator==), in case a field is missing above.
        QVERIFY(fast->memories == qt->memories);
        QVERIFY(fast->associations == qt->associations);
        QVERIFY(fast->events == qt->events);
    }

    // A string's text ends at its closing quote whatever white space follows it (a string's
    // token runs to the next structural character): each kind of JSON white space, and a mix,
    // after every closing quote of the tricky set, escaped strings included.
    void textEndsAtItsQuoteBeforeWhiteSpace()
    {
        const QByteArray base = trickySet();
        for (const QByteArray &space : { QByteArray(" "), QByteArray("\t"), QByteArray("\r\n"), QByteArray("\n        "),
                 QByteArray(" \t\r\n ") }) {
            QByteArray doc;
            bool inString = false;
            for (qsizetype i = 0; i < base.size(); ++i) {
                const char c = base[i];
                doc += c;
                if (inString && c == '\\') {
                    doc += base[++i];
                    continue;
                }
                if (c == '"') {
                    if (inString)
                        doc += space;
                    inString = !inString;
                }
            }
            const auto fast = MemorySetFastJson::read(doc, QStringLiteral("spaced.json"));
            QVERIFY2(fast.has_value(), "the spaced set is one the fast reader takes");
            const auto qt = MemorySetJson::fromBytesWithQt(doc, QStringLiteral("spaced.json"));
            QVERIFY2(qt, qPrintable(describe(qt)));
            QCOMPARE(fields(*fast), fields(*qt));
            QCOMPARE(fields(*fast), fields(*MemorySetFastJson::read(base, QStringLiteral("spaced.json"))));
        }
    }

    void leadingByteOrderMarksStayText()
    {
        // QString::fromUtf8 drops a leading U+FEFF; both readers keep every one, and the fast
        // reader's count of them is a loop, not a recursion 100,000 deep.
        QByteArray data = trickySet();
        const qsizetype at = data.indexOf("\"content\": \"") + qsizetype(sizeof("\"content\": \"")) - 1;
        QVERIFY(at > 20);
        data.insert(at, QByteArray("\xEF\xBB\xBF").repeated(100000));
        const auto fast = MemorySetFastJson::read(data, QStringLiteral("marks.json"));
        QVERIFY2(fast.has_value(), "the set is one the fast reader takes");
        const auto qt = MemorySetJson::fromBytesWithQt(data, QStringLiteral("marks.json"));
        QVERIFY2(qt, qPrintable(describe(qt)));
        QVERIFY(fast->memories == qt->memories);
        const Memory &marked = fast->memories.front();
        QVERIFY(marked.content.startsWith(QString(100000, QChar(0xFEFF))));
        QVERIFY(marked.content.at(100000) != QChar(0xFEFF));
    }

    void handedOver_data()
    {
        QTest::addColumn<QByteArray>("document");
        const QByteArray ok = R"({"format":"recollector-memory-set","version":1,"memories":[%1]})";
        const QByteArray entry = R"({"id":"a","content":"c","category":"k","createdAt":"2024-01-01T00:00:00.000Z"%1})";
        auto withEntry = [&](const char *more) { return QByteArray(ok).replace("%1", QByteArray(entry).replace("%1", more)); };
        QTest::newRow("duplicate key") << withEntry(R"(,"content":"d")");
        QTest::newRow("duplicate extra key") << withEntry(R"(,"x":1,"x":2)");
        QTest::newRow("byte-order mark") << QByteArray("\xEF\xBB\xBF") + withEntry("");
        QTest::newRow("no createdAt") << QByteArray(ok).replace("%1", R"({"id":"a","content":"c","category":"k"})");
        QTest::newRow("number as text") << withEntry(R"(,"projectPath":12)");
        QTest::newRow("fraction as count") << withEntry(R"(,"accessCount":2.0)");
        QTest::newRow("underflow") << withEntry(R"(,"x":1e-400)");
        QTest::newRow("subnormal") << withEntry(R"(,"x":5e-324)");
        QTest::newRow("overflow") << withEntry(R"(,"x":1e400)");
        QTest::newRow("lone surrogate") << withEntry(R"(,"x":"\ud800")");
        QTest::newRow("invalid UTF-8") << withEntry(",\"x\":\"\xC3\x28\"");
        QTest::newRow("invalid literal in an ignored member") << QByteArray(ok).replace("%1", QByteArray(entry).replace("%1", "")).replace("\"version\":1", "\"version\":1,\"zz\":[tru]");
        QTest::newRow("trailing content") << withEntry("") + "{}";
        QTest::newRow("truncated") << withEntry("").chopped(3);
        QTest::newRow("sealed") << withEntry(R"(,"sealed":"enc1:xx","sensitivity":3)");
        QTest::newRow("seal") << withEntry("").replace("\"version\":1", "\"version\":1,\"seal\":{}");
        QTest::newRow("memories null") << QByteArray(R"({"format":"recollector-memory-set","version":1,"memories":null})");
        QTest::newRow("format") << withEntry("").replace("recollector-memory-set", "other");
        QTest::newRow("version") << withEntry("").replace("\"version\":1", "\"version\":2");
        QTest::newRow("duplicate id") << QByteArray(ok).replace("%1", QByteArray(entry).replace("%1", "") + "," + QByteArray(entry).replace("%1", ""));
        QTest::newRow("blank id") << withEntry("").replace("\"id\":\"a\"", "\"id\":\"  \"");
        QTest::newRow("out of range") << withEntry(R"(,"confidence":1.5)");
        QTest::newRow("bad level") << withEntry(R"(,"level":"")");
        QTest::newRow("bad date") << withEntry(R"(,"updatedAt":"2024-02-30T00:00:00.000Z")");
        QTest::newRow("self link") << withEntry("").replace("\"memories\"", R"("associations":[{"a":"a","b":"a","weight":1,"type":"manual"}],"memories")");
        QTest::newRow("deep nesting") << withEntry(QByteArray(",\"x\":") + QByteArray(300, '[') + QByteArray(300, ']'));
    }

    // Every such document goes to the Qt reader, and fromBytes gives exactly its answer
    // (the set, or the same error naming file, entry and field).
    void handedOver()
    {
        QFETCH(QByteArray, document);
        QVERIFY(!MemorySetFastJson::read(document, QStringLiteral("f.json")).has_value());
        const auto viaFromBytes = MemorySetJson::fromBytes(document, QStringLiteral("f.json"));
        const auto viaQt = MemorySetJson::fromBytesWithQt(document, QStringLiteral("f.json"));
        QCOMPARE(describe(viaFromBytes), describe(viaQt));
    }

    // Thousands of one-byte edits of the tricky set: whatever the fast reader takes, the Qt
    // reader reads the same way (it never accepts what Qt refuses, nor reads it otherwise).
    void mutationsNeverDisagree()
    {
        const QByteArray base = trickySet();
        QRandomGenerator random(19);
        static const char kBytes[] = "{}[]\",:\\ 0123456789.eE+-tfnul\x80\xC3\xEF";
        int taken = 0;
        for (int i = 0; i < 2000; ++i) {
            QByteArray doc = base;
            const qsizetype at = random.bounded(doc.size());
            const char byte = kBytes[random.bounded(int(sizeof(kBytes) - 1))];
            switch (random.bounded(3)) {
            case 0: doc[at] = byte; break;
            case 1: doc.insert(at, byte); break;
            default: doc.remove(at, 1); break;
            }
            const auto fast = MemorySetFastJson::read(doc, QStringLiteral("m.json"));
            if (!fast)
                continue;
            ++taken;
            const auto qt = MemorySetJson::fromBytesWithQt(doc, QStringLiteral("m.json"));
            QVERIFY2(qt, qPrintable(QStringLiteral("edit %1 at %2: fast read it, Qt refused: %3").arg(i).arg(at).arg(describe(qt))));
            if (fields(*fast) != fields(*qt))
                QFAIL(qPrintable(QStringLiteral("edit %1 at %2 read otherwise: %3").arg(i).arg(at).arg(QString::fromUtf8(doc.mid(at - 40, 80)))));
        }
        QVERIFY2(taken > 100, qPrintable(QString::number(taken))); // the edits did reach the fast path
    }

    // A real export through the import's reader (MemorySetReader, the registry recollector-cli
    // and the window use) takes the fast path and gives the Qt reader's set.
    void exportTakesTheFastPath()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("set.json"));
        QVERIFY(writeExport(path, 300, 7));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto qt = MemorySetJson::fromBytesWithQt(f.readAll(), QStringLiteral("set.json"));
        QVERIFY(qt);
        QVERIFY(qt->memories.size() == 300 && !qt->associations.empty() && !qt->events.empty());

        const quint64 before = MemorySetFastJson::documentsRead();
        const auto read = MemorySetReader::read(path);
        QVERIFY(read);
        QCOMPARE(MemorySetFastJson::documentsRead(), before + 1);
        QCOMPARE(fields(*read), fields(*qt));

        const auto viaRegistry = formats::FormatRegistry::instance().read(path, AdapterReadOptions(), QString());
        QVERIFY(viaRegistry);
        QCOMPARE(MemorySetFastJson::documentsRead(), before + 2);
        QCOMPARE(fields(*viaRegistry), fields(*qt));
    }

    // A document of more than 4 MiB is read in two passes at once (the memories and the last
    // events; the links, conflicts and first events): the same set as the Qt reader's, events in
    // their order, whatever the order of the document's members, and a broken value in either
    // part hands the whole document over.
    void largeSetIsReadInTwoPasses()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.json"));
        QVERIFY(writeExport(path, 300, 11));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        // A member neither reader knows makes the document large (both read it through).
        QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith('{'));
        bytes.insert(1, "\n  \"padding\": \"" + QByteArray(4 * 1024 * 1024, 'x') + "\",");
        QVERIFY2(bytes.size() > 4 * 1024 * 1024, qPrintable(QString::number(bytes.size())));

        const auto sameAsQt = [](const QByteArray &doc) {
            const auto fast = MemorySetFastJson::read(doc, QStringLiteral("large.json"));
            const auto qt = MemorySetJson::fromBytesWithQt(doc, QStringLiteral("large.json"));
            return fast && qt && qt->memories.size() == 300 && !qt->associations.empty() && !qt->events.empty()
                && !qt->conflicts.empty() && fields(*fast) == fields(*qt);
        };
        QVERIFY(sameAsQt(bytes));
        // Qt writes the members in name order: the links, conflicts and events come first.
        const QByteArray reordered = QJsonDocument::fromJson(bytes).toJson(QJsonDocument::Compact);
        QVERIFY(reordered.indexOf("\"associations\"") < reordered.indexOf("\"memories\""));
        QVERIFY(sameAsQt(reordered));

        // A broken number in the first event (the second pass), the last event or the first
        // memory (this one).
        const QByteArray eventAt("\"at\": ");
        for (const qsizetype at : {bytes.indexOf(eventAt), bytes.lastIndexOf(eventAt), bytes.indexOf("\"strength\": ")}) {
            QByteArray broken = bytes;
            QVERIFY(at > 0);
            const QByteArray key = broken.mid(at, broken.indexOf(' ', at) + 1 - at);
            broken.insert(at + key.size() + 1, 'x');
            QVERIFY2(!MemorySetFastJson::read(broken, QStringLiteral("large.json")), key.constData());
            QVERIFY(!MemorySetJson::fromBytesWithQt(broken, QStringLiteral("large.json")));
        }
    }
};

QTEST_GUILESS_MAIN(TestMemorySetFastJson)
#include "tst_memoryset_fastjson.moc"
