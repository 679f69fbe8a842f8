// The exporter, on a real store file and on a team store: deterministic output, the round trip
// export → import into an empty store → export giving the same bytes (unknown fields included),
// a team store's export equal to a store file's, YAML, CSV (RFC 4180), a subset, and agent
// memory folders written in the agent's field names without touching files that cannot be
// parsed.
#include "EngineStore.h"

#include "io/AgentFolder.h"
#include "io/CsvWriter.h"
#include "io/Exporter.h"
#include "io/Importer.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetReader.h"
#include "model/Event.h"
#include "scoring/ScoringProfile.h"

#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z
constexpr Millis kExportedAt = 1717236000000; // 2024-06-01T10:00Z

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A store with every kind of row: memories of every field (unknown ones too), links, events,
// an open and a resolved conflict. Inserted out of id order on purpose.
void fill(Store &store)
{
    Memory full = test::sampleMemory(QStringLiteral("mem_01HZZZZZZZZZZZZZZZZZZZZZZZ"));
    full.content = QStringLiteral("不再喝咖啡, \"quoted\"\nsecond line");
    full.projectPath = QStringLiteral("/home/dev/app");
    full.lastAccessedAt = kT0 + 3600000;
    full.accessCount = 3;
    full.reinforceCount = 2;
    full.strength = 61;
    full.stability = 57.6;
    full.decayRate = 0.56;
    full.importance = 2.7;
    full.verified = true;
    full.negated = true;
    full.negatedAt = kT0 + 7200000;
    full.correctionHistory
        = QJsonArray { QJsonObject { { "time", time::toIso(kT0 + 7200000) }, { "reason", "user said so" } } };
    full.level = MemoryLevel::Summary;
    full.mergedFrom = { QStringLiteral("a1"), QStringLiteral("a2") };
    full.originalContents = { QStringLiteral("one"), QStringLiteral("two") };
    full.sensitivity = 2;
    full.modalities = { QStringLiteral("text"), QStringLiteral("image") };
    full.agentImportance = 8;
    full.agentTier = QStringLiteral("longterm");
    full.extra = QJsonObject { { "valence", -0.5 }, { "tags", QJsonArray { "diet", "habit" } },
        { "nested", QJsonObject { { "k", true } } } };
    Memory permanent = test::sampleMemory(QStringLiteral("0b000001"));
    permanent.permanent = true;
    Memory deleted = test::sampleMemory(QStringLiteral("0a000001"));
    deleted.deletedAt = kT0 + 86400000;
    Memory superseded = test::sampleMemory(QStringLiteral("0c000001"));
    superseded.superseded = true;
    Memory replacement = test::sampleMemory(QStringLiteral("0d000001"));
    replacement.supersedesId = QStringLiteral("0c000001");
    for (const Memory &m : { full, permanent, deleted, superseded, replacement })
        QVERIFY(store.memories().insert(m));
    QVERIFY(store.associations().put(
        { QStringLiteral("0c000001"), QStringLiteral("0d000001"), 0.8, QStringLiteral("keyword"), kT0 }));
    QVERIFY(store.associations().put(
        { QStringLiteral("0b000001"), full.id, 0.25, QStringLiteral("co-task"), kT0 }));
    Event e1 { 0, QStringLiteral("0b000001"), events::kPermanent, QStringLiteral("user"), kT0 + 10,
        { { "after", true } } };
    Event e2 { 0, full.id, events::kNegate, QStringLiteral("user"), kT0 + 20,
        { { "reason", "user said so" } } };
    Event e3 { 0, QStringLiteral("0a000001"), events::kDelete, QStringLiteral("user"), kT0 + 30, {} };
    for (Event *e : { &e1, &e2, &e3 })
        QVERIFY(store.events().append(*e));
    Conflict open { 0, QStringLiteral("0c000001"), QStringLiteral("0d000001"),
        ConflictType::TemporalShift, ConflictStatus::Open, ConflictResolution::None, kT0 + 40, 0 };
    Conflict resolved { 0, QStringLiteral("0b000001"), full.id, ConflictType::DirectContradiction,
        ConflictStatus::Resolved, ConflictResolution::KeepA, kT0 + 50, kT0 + 60 };
    QVERIFY(store.conflicts().insert(open));
    QVERIFY(store.conflicts().insert(resolved));
    QVERIFY(store.meta().setValue(MetaRepository::kProfile, QStringLiteral("enhanced")));
}

io::ExportOptions options(io::SetFormat format, bool importEvents = true)
{
    io::ExportOptions o;
    o.format = format;
    o.exportedAt = kExportedAt;
    o.includeImportEvents = importEvents;
    return o;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void roundTripIsByteIdentical_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("json") << int(io::SetFormat::RecollectorJson);
        QTest::newRow("yaml") << int(io::SetFormat::RecollectorYaml);
    }

    void roundTripIsByteIdentical()
    {
        QFETCH(int, format);
        const auto fmt = io::SetFormat(format);
        QTemporaryDir dir;
        test::EngineStore a(m_engines);
        fill(*a);
        const QString first = dir.filePath(fmt == io::SetFormat::RecollectorJson ? "a.json" : "a.yaml");
        auto written = io::Exporter(*a).write(first, options(fmt));
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        QCOMPARE(written->memories, 5);
        QCOMPARE(written->associations, 2);
        QCOMPARE(written->events, 3);
        QCOMPARE(written->conflicts, 2);

        test::EngineStore b(m_engines);
        auto set = io::MemorySetReader::read(first);
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        auto imported = io::Importer(*b).apply(*set);
        QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
        QCOMPARE(imported->added, 5);
        // The set's events + one import event each + the import's record of each of the set's
        // two conflicts (for its undo; left out of the export below with the import events).
        QCOMPARE(*b->events().count(), qint64(3 + 5 + 2));

        // Compare as JSON: the reference is store A's JSON export.
        const QString reference = dir.filePath("reference.json");
        QVERIFY(io::Exporter(*a).write(reference, options(io::SetFormat::RecollectorJson)));
        const QString second = dir.filePath("b.json");
        QVERIFY(io::Exporter(*b).write(second, options(io::SetFormat::RecollectorJson, false)));
        const QByteArray expected = readAll(reference);
        QVERIFY(expected.contains("\"valence\": -0.5"));
        QVERIFY(expected.contains("\"nested\""));
        QCOMPARE(readAll(second), expected);
        // And B with its import events differs only by them.
        const QString withImports = dir.filePath("b-all.json");
        QVERIFY(io::Exporter(*b).write(withImports, options(io::SetFormat::RecollectorJson, true)));
        QVERIFY(readAll(withImports).count("\"kind\": \"import\"") == 5);

        // A team store exports what a store file of the same rows exports, byte for byte, but
        // for the database role each of its events records (docs/team-store.md#who-decided).
        if (test::EngineFixture::onServer()) {
            test::TempStore file;
            fill(*file);
            const QString fromFile = dir.filePath("file.json");
            QVERIFY(io::Exporter(*file).write(fromFile, options(io::SetFormat::RecollectorJson)));
            QJsonObject server = QJsonDocument::fromJson(expected).object();
            QJsonArray events = server.value(QStringLiteral("events")).toArray();
            QCOMPARE(events.size(), 3);
            for (QJsonValueRef e : events) {
                QJsonObject event = e.toObject();
                QJsonObject payload = event.value(QStringLiteral("payload")).toObject();
                QCOMPARE(payload.take(QStringLiteral("dbRole")).toString(), QLatin1String(test::PgTestServer::kUser));
                event.insert(QStringLiteral("payload"), payload);
                e = event;
            }
            server.insert(QStringLiteral("events"), events);
            QCOMPARE(QJsonDocument(server).toJson(QJsonDocument::Indented), readAll(fromFile));
        }
    }

    void outputIsSortedAndDeterministic()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        auto set = io::Exporter(*s).collect(options(io::SetFormat::RecollectorJson));
        QVERIFY(set);
        QStringList ids;
        for (const Memory &m : set->memories)
            ids << m.id;
        QStringList sorted = ids;
        sorted.sort();
        QCOMPARE(ids, sorted);
        QCOMPARE(set->associations.front().a, QStringLiteral("0b000001"));
        QCOMPARE(set->profile, QStringLiteral("enhanced"));
        QTemporaryDir dir;
        QVERIFY(io::Exporter(*s).write(dir.filePath("1.yaml"), options(io::SetFormat::RecollectorYaml)));
        QVERIFY(io::Exporter(*s).write(dir.filePath("2.yaml"), options(io::SetFormat::RecollectorYaml)));
        const QByteArray yaml = readAll(dir.filePath("1.yaml"));
        QCOMPARE(readAll(dir.filePath("2.yaml")), yaml);
        QVERIFY2(yaml.startsWith("format: recollector-memory-set\nversion: 1\nexportedAt: "
                                 "2024-06-01T10:00:00.000Z\nprofile: enhanced\n"),
            yaml.left(120).constData());
    }

    void streamedJsonEqualsQJsonDocument()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        auto set = io::Exporter(*s).collect(options(io::SetFormat::RecollectorJson));
        QVERIFY(set);
        QCOMPARE(io::MemorySetJson::toBytes(*set),
            QJsonDocument(io::MemorySetJson::toObject(*set)).toJson(QJsonDocument::Indented));
        io::MemorySet empty; // empty lists, no exportedAt
        QCOMPARE(io::MemorySetJson::toBytes(empty),
            QJsonDocument(io::MemorySetJson::toObject(empty)).toJson(QJsonDocument::Indented));
    }

    void subsetKeepsWhatBelongsToIt()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        io::ExportOptions o = options(io::SetFormat::RecollectorJson);
        o.ids = { QStringLiteral("0d000001"), QStringLiteral("0c000001") };
        auto set = io::Exporter(*s).collect(o);
        QVERIFY(set);
        QCOMPARE(set->memories.size(), size_t(2));
        QCOMPARE(set->associations.size(), size_t(1));
        QCOMPARE(set->conflicts.size(), size_t(1));
        QCOMPARE(set->events.size(), size_t(0));
        o.ids << QStringLiteral("missing");
        auto missing = io::Exporter(*s).collect(o);
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QStringLiteral("no memory with id missing")));
    }

    void csvFollowsRfc4180()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        QTemporaryDir dir;
        auto profile = makeProfile(QStringLiteral("ebbinghaus"), Config::defaults());
        io::ExportOptions o = options(io::SetFormat::Csv);
        o.profile = profile.get();
        auto report = io::Exporter(*s).write(dir.filePath("m.csv"), o);
        QVERIFY(report);
        const QString text = QString::fromUtf8(readAll(dir.filePath("m.csv")));
        QVERIFY(text.endsWith(QStringLiteral("\r\n")));
        QVERIFY(text.startsWith(io::CsvWriter::header(true).join(',') + "\r\n"));
        // The multi-line, comma-and-quote content is one quoted field with doubled quotes.
        QVERIFY(text.contains(QStringLiteral("\"不再喝咖啡, \"\"quoted\"\"\nsecond line\"")));
        // 1 header + 5 rows; the embedded newline is LF, rows end in CRLF.
        QCOMPARE(text.count(QStringLiteral("\r\n")), 6);
        QCOMPARE(io::CsvWriter::escape(QStringLiteral("plain")), QStringLiteral("plain"));
        QCOMPARE(io::CsvWriter::escape(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
        QCOMPARE(io::CsvWriter::escape(QStringLiteral("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
        QCOMPARE(io::CsvWriter::escape(QStringLiteral("cr\rlf")), QStringLiteral("\"cr\rlf\""));
        QVERIFY(text.contains(QStringLiteral(",permanent\r\n"))); // the permanent memory's tier column
    }

    void agentFolderInTheAgentsFieldNames()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(folder));
        // An existing file with a field the agent added since, and a file nobody can parse.
        {
            QFile f(QDir(folder).filePath("0b000001.json"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"id": "0b000001", "hubNote": "kept by the agent", "tier": "hot"})");
        }
        const QByteArray garbage = "{ not json at all";
        {
            QFile f(QDir(folder).filePath("0c000001.json"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(garbage);
        }
        io::ExportOptions o = options(io::SetFormat::AgentFolder);
        auto report = io::Exporter(*s).write(folder, o);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        // The deleted memory (0a000001) is not an agent's memory: no file (docs/formats.md).
        QCOMPARE(report->memories, 3);
        QVERIFY(!QFileInfo::exists(QDir(folder).filePath("0a000001.json")));
        QCOMPARE(report->skipped.size(), 1);
        QVERIFY(
            report->skipped.first().startsWith(QStringLiteral("0c000001.json: exists but cannot be parsed")));
        QCOMPARE(readAll(QDir(folder).filePath("0c000001.json")), garbage); // never overwritten

        const QByteArray permanentBytes = readAll(QDir(folder).filePath("0b000001.json"));
        QVERIFY2(permanentBytes.startsWith("{\n  \""), permanentBytes.left(20).constData()); // 2-space indent
        const QJsonObject permanent = QJsonDocument::fromJson(permanentBytes).object();
        QCOMPARE(permanent.value("tier").toString(), QStringLiteral("permanent"));
        QCOMPARE(permanent.value("hubNote").toString(), QStringLiteral("kept by the agent"));
        QVERIFY(!permanent.contains("permanent"));
        QVERIFY(!permanent.contains("verified")); // Recollector-only fields at their defaults stay out
        for (const char *key : { "stability", "lastReinforcedAt", "reinforceCount", "decayRate", "strength" })
            QVERIFY2(permanent.contains(QLatin1String(key)), key);
        QCOMPARE(permanent.value("associations").toArray().first().toObject().value("targetId").toString(),
            QStringLiteral("mem_01HZZZZZZZZZZZZZZZZZZZZZZZ"));

        const QJsonObject negated
            = QJsonDocument::fromJson(readAll(QDir(folder).filePath("mem_01HZZZZZZZZZZZZZZZZZZZZZZZ.json")))
                  .object();
        QCOMPARE(negated.value("superseded").toBool(), true);
        QCOMPARE(negated.value("importance").toDouble(), 8.0); // the agent's own scale, verbatim
        QCOMPARE(negated.value("recollectorImportance").toDouble(), 2.7); // Recollector's, under its own name
        QCOMPARE(negated.value("tier").toString(), QStringLiteral("longterm"));
        QCOMPARE(negated.value("valence").toDouble(), -0.5);
        QCOMPARE(negated.value("verified").toBool(), true);
        const QJsonObject replacement
            = QJsonDocument::fromJson(readAll(QDir(folder).filePath("0d000001.json"))).object();
        QCOMPARE(replacement.value("supersedesId").toString(), QStringLiteral("0c000001"));
        QVERIFY(!replacement.contains("superseded"));

        // Exporting again changes nothing on disk.
        auto again = io::Exporter(*s).write(folder, o);
        QVERIFY(again);
        QCOMPARE(again->skipped.size(), 1);

        // The folder reads back into the same memories (bar the one file left alone).
        QFile::remove(QDir(folder).filePath("0c000001.json"));
        auto set = io::AgentFolder::read(folder);
        QVERIFY(set);
        QCOMPARE(set->memories.size(), size_t(3));
        test::EngineStore back(m_engines);
        QVERIFY(io::Importer(*back).apply(*set));
        for (const Memory &m : set->memories) {
            auto original = s->memories().get(m.id);
            QVERIFY(original);
            Memory expected = *original;
            // Permanent travels as tier "permanent" and negated as superseded: true, with Recollector's
            // own agentTier and superseded beside them, so they read back unchanged.
            if (m.id == QLatin1String("0b000001"))
                expected.extra.insert("hubNote", "kept by the agent");
            QCOMPARE(*back->memories().get(m.id), expected);
        }
    }

    // Issue 20, item 5: a folder export read back into the same store is "identical" for every
    // memory nobody touched (a permanent memory came back with agentTier "permanent", a negated
    // one as superseded, so the import called them "changed"); a tier the agent changed since
    // still wins over Recollector's.
    void folderExportReadBackIsIdentical()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        Memory hotPermanent = test::sampleMemory(QStringLiteral("0e000001"));
        hotPermanent.permanent = true;
        hotPermanent.agentTier = QStringLiteral("hot");
        QVERIFY(s->memories().insert(hotPermanent));
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("memory"));
        auto report = io::Exporter(*s).write(folder, options(io::SetFormat::AgentFolder));
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        auto set = io::AgentFolder::read(folder);
        QVERIFY(set);
        auto preview = io::Importer(*s).preview(*set);
        QVERIFY(preview);
        QVERIFY2(preview->changedIds.isEmpty(), qPrintable(preview->changedIds.join(QLatin1Char(' '))));
        QVERIFY(preview->conflictingIds.isEmpty());
        QCOMPARE(preview->identicalIds.size(), qsizetype(set->memories.size()));

        // The agent moves the permanent memory to its "longterm" tier itself: that tier is read.
        const QString path = QDir(folder).filePath(QStringLiteral("0b000001.json"));
        QJsonObject object = QJsonDocument::fromJson(readAll(path)).object();
        QCOMPARE(object.value(QStringLiteral("tier")).toString(), QStringLiteral("permanent"));
        object.insert(QStringLiteral("tier"), QStringLiteral("longterm"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(object).toJson());
        f.close();
        auto again = io::AgentFolder::read(folder);
        QVERIFY(again);
        const auto it = std::find_if(again->memories.begin(), again->memories.end(),
            [](const Memory &m) { return m.id == QLatin1String("0b000001"); });
        QVERIFY(it != again->memories.end());
        QCOMPARE(it->agentTier, QStringLiteral("longterm"));
    }

    void unsafeIdsAreNotFileNames()
    {
        // The one memory whose id cannot be a file name is reported; the others are written.
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("../escape"))));
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("plain-1"))));
        QTemporaryDir dir;
        auto report = io::Exporter(*s).write(dir.filePath("out"), options(io::SetFormat::AgentFolder));
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->memories, 1);
        QCOMPARE(report->skipped,
            QStringList { QStringLiteral(
                "memory id \"../escape\" cannot be a file name in an agent folder; not written") });
        QVERIFY(!QFileInfo::exists(dir.filePath("escape.json")));
        QVERIFY(QFileInfo(dir.filePath("out/plain-1.json")).isFile());
        QCOMPARE(
            QDir(dir.filePath("out")).entryList(QDir::Files), QStringList { QStringLiteral("plain-1.json") });
    }

    void formatForPath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("format");
        QTest::newRow("json") << "x/set.json" << int(io::SetFormat::RecollectorJson);
        QTest::newRow("yaml") << "set.YAML" << int(io::SetFormat::RecollectorYaml);
        QTest::newRow("yml") << "set.yml" << int(io::SetFormat::RecollectorYaml);
        QTest::newRow("csv") << "m.csv" << int(io::SetFormat::Csv);
        QTest::newRow("folder") << "out/memory/" << int(io::SetFormat::AgentFolder);
        QTest::newRow("unknown") << "noextension" << -1;
    }

    void formatForPath()
    {
        if (test::EngineFixture::onServer())
            QSKIP("reads a path only: the sqlite row covers it");
        QFETCH(QString, path);
        QFETCH(int, format);
        const auto f = io::Exporter::formatForPath(path);
        QCOMPARE(f ? int(*f) : -1, format);
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
