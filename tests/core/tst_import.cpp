// The importer on a real store file and on a team store: the preview (new / changed /
// identical / conflicting, nothing written), the policies (skip / overwrite / keep-both), links,
// events and conflicts of the set, import events, the contradiction-detector seam; agent memory
// folders (50 files, one unparsable), the legacy note-000 array, and the demo store.
#include "EngineStore.h"

#include "io/AgentFolder.h"
#include "io/DemoStore.h"
#include "io/Importer.h"
#include "io/MemorySetJson.h"
#include "io/MemorySetReader.h"
#include "model/Event.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z
constexpr Millis kNow = 1717236000000; // 2024-06-01T10:00Z

QString data(const char *name)
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/") + QLatin1String(name);
}

Memory withContent(Memory m, const QString &content, Millis updatedAt)
{
    m.content = content;
    m.updatedAt = updatedAt;
    return m;
}

qint64 eventCount(Store &s, const QString &kind)
{
    auto events = s.events().since(0, kind);
    return events ? qint64(events->size()) : -1;
}

void writeJson(const QString &path, const QJsonObject &o)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(QJsonDocument(o).toJson());
}

} // namespace

// A test that reads files only, or makes a store file of its own: no store of the engine's.
#define READS_NO_STORE()                                                                                               \
    if (test::EngineFixture::onServer())                                                                               \
    QSKIP("reads files only, or makes a store file of its own: the sqlite row covers it")

class TestImport : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;

    // Store: same, older (→ changed), newer (→ conflicting), reborn (other createdAt → conflicting).
    // Set: those four + "fresh" (→ new).
    void seedKinds(Store &store, io::MemorySet &set)
    {
        const Memory same = test::sampleMemory(QStringLiteral("same"));
        const Memory older = test::sampleMemory(QStringLiteral("older"));
        const Memory newer = withContent(
            test::sampleMemory(QStringLiteral("newer")), QStringLiteral("edited locally"), kT0 + 5000);
        const Memory reborn = test::sampleMemory(QStringLiteral("reborn"));
        for (const Memory &m : { same, older, newer, reborn })
            QVERIFY(store.memories().insert(m));
        set.sourceName = QStringLiteral("incoming.json");
        set.memories = { same, withContent(older, QStringLiteral("a later version"), kT0 + 1000),
            withContent(
                test::sampleMemory(QStringLiteral("newer")), QStringLiteral("stale copy"), kT0 + 1000),
            test::sampleMemory(QStringLiteral("reborn"), kT0 + 86400000),
            test::sampleMemory(QStringLiteral("fresh")) };
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void previewClassifiesAndWritesNothing()
    {
        test::EngineStore s(m_engines);
        io::MemorySet set;
        seedKinds(*s, set);
        const qint64 eventsBefore = *s->events().count();
        io::Importer importer(*s);
        auto preview = importer.preview(set);
        QVERIFY(preview);
        QCOMPARE(preview->newIds, QStringList { QStringLiteral("fresh") });
        QCOMPARE(preview->identicalIds, QStringList { QStringLiteral("same") });
        QCOMPARE(preview->changedIds, QStringList { QStringLiteral("older") });
        QCOMPARE(
            preview->conflictingIds, (QStringList { QStringLiteral("newer"), QStringLiteral("reborn") }));
        QCOMPARE(preview->memories(), 5);
        QCOMPARE(*s->memories().count(), qint64(4));
        QCOMPARE(*s->events().count(), eventsBefore);
        QCOMPARE(s->memories().get(QStringLiteral("older"))->content, test::sampleMemory("x").content);
    }

    void policies_data()
    {
        QTest::addColumn<int>("changed"); // ImportAction
        QTest::addColumn<int>("conflicting");
        QTest::addColumn<int>("added");
        QTest::addColumn<int>("updated");
        QTest::addColumn<int>("skipped");
        QTest::addColumn<int>("memoriesAfter");
        QTest::addColumn<QString>("olderContent");
        QTest::addColumn<QString>("newerContent");
        using A = io::ImportAction;
        // 5 incoming: fresh always added, same always skipped; 1 changed; 2 conflicting.
        QTest::newRow("default: overwrite changed, skip conflicting")
            << int(A::Overwrite) << int(A::Skip) << 1 << 1 << 3 << 5 << "a later version"
            << "edited locally";
        QTest::newRow("skip everything") << int(A::Skip) << int(A::Skip) << 1 << 0 << 4 << 5
                                         << "Prefers vitest over jest for TypeScript projects"
                                         << "edited locally";
        QTest::newRow("overwrite everything")
            << int(A::Overwrite) << int(A::Overwrite) << 1 << 3 << 1 << 5 << "a later version"
            << "stale copy";
        QTest::newRow("keep both") << int(A::KeepBoth) << int(A::KeepBoth) << 4 << 0 << 1 << 8
                                   << "Prefers vitest over jest for TypeScript projects"
                                   << "edited locally";
    }

    void policies()
    {
        QFETCH(int, changed);
        QFETCH(int, conflicting);
        QFETCH(int, added);
        QFETCH(int, updated);
        QFETCH(int, skipped);
        QFETCH(int, memoriesAfter);
        QFETCH(QString, olderContent);
        QFETCH(QString, newerContent);
        test::EngineStore s(m_engines);
        io::MemorySet set;
        seedKinds(*s, set);
        io::Importer importer(*s);
        importer.setNow(kNow);
        auto report = importer.apply(set, { io::ImportAction(changed), io::ImportAction(conflicting), {} });
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->added, added);
        QCOMPARE(report->updated, updated);
        QCOMPARE(report->skipped, skipped);
        QCOMPARE(report->conflicts, 2);
        QCOMPARE(*s->memories().count(), qint64(memoriesAfter));
        QCOMPARE(s->memories().get(QStringLiteral("older"))->content, olderContent);
        QCOMPARE(s->memories().get(QStringLiteral("newer"))->content, newerContent);
        // One import event per memory written, naming the source and the action.
        QCOMPARE(eventCount(*s, events::kImport), qint64(added + updated));
        auto fresh = s->events().forMemory(QStringLiteral("fresh"));
        QCOMPARE(fresh->size(), size_t(1));
        QCOMPARE(fresh->front().payload.value("source").toString(), QStringLiteral("incoming.json"));
        QCOMPARE(fresh->front().payload.value("action").toString(), QStringLiteral("added"));
        QCOMPARE(fresh->front().at, kNow);
        QCOMPARE(fresh->front().actor, QStringLiteral("import"));
        if (io::ImportAction(conflicting) == io::ImportAction::KeepBoth) {
            const QString copyId = report->renamed.value(QStringLiteral("newer"));
            QVERIFY(copyId.startsWith(QStringLiteral("mem_")));
            QCOMPARE(copyId.size(), 30);
            auto copy = s->memories().get(copyId);
            QVERIFY(copy);
            QCOMPARE(copy->content, QStringLiteral("stale copy"));
            QVERIFY(copy->sourceIds.contains(QStringLiteral("newer")));
            auto history = s->events().forMemory(copyId);
            QCOMPARE(history->front().payload.value("action").toString(), QStringLiteral("kept_both"));
            QCOMPARE(history->front().payload.value("originalId").toString(), QStringLiteral("newer"));
        }
    }

    // A link's ends under the ids they have after the import: a kept copy's new id, ordered
    // (a < b) whichever end was renamed and however the set ordered them.
    void linksFollowKeptCopiesAndAreOrdered()
    {
        test::EngineStore s(m_engines);
        io::MemorySet set;
        seedKinds(*s, set);
        const auto link = [](const char *a, const char *b) {
            return Association { QLatin1String(a), QLatin1String(b), 0.5, QStringLiteral("keyword"), kT0 };
        };
        set.associations = { link("fresh", "newer"), link("reborn", "fresh"), link("newer", "reborn"),
            link("same", "fresh") };
        io::Importer importer(*s);
        importer.setNow(kNow);
        using A = io::ImportAction;
        auto report = importer.apply(set, { A::KeepBoth, A::KeepBoth, {} });
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->associations, 4);
        const QString newerCopy = report->renamed.value(QStringLiteral("newer"));
        const QString rebornCopy = report->renamed.value(QStringLiteral("reborn"));
        QVERIFY(newerCopy.startsWith(QStringLiteral("mem_")) && rebornCopy.startsWith(QStringLiteral("mem_")));
        auto links = s->associations().of(QStringLiteral("fresh"));
        QVERIFY(links);
        QSet<QPair<QString, QString>> pairs;
        for (const Association &a : *links) {
            QVERIFY(a.a < a.b);
            pairs.insert({ a.a, a.b });
        }
        const auto ordered = [](const QString &x, const QString &y) { return x < y ? qMakePair(x, y) : qMakePair(y, x); };
        QCOMPARE(pairs,
            (QSet<QPair<QString, QString>> { ordered(QStringLiteral("fresh"), newerCopy),
                ordered(QStringLiteral("fresh"), rebornCopy), { QStringLiteral("fresh"), QStringLiteral("same") } }));
        auto copies = s->associations().get(std::min(newerCopy, rebornCopy), std::max(newerCopy, rebornCopy));
        QVERIFY(copies && *copies);
        // The stored memories the copies were made beside keep no link of the set.
        for (const char *kept : { "newer", "reborn" }) {
            auto own = s->associations().of(QLatin1String(kept));
            QVERIFY(own && own->empty());
        }
    }

    void linksEventsAndConflictsFollowTheirMemories()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("kept"))));
        io::MemorySet set;
        set.sourceName = QStringLiteral("set.json");
        set.profile = QStringLiteral("lifecycle");
        set.memories = { test::sampleMemory(QStringLiteral("kept")), test::sampleMemory(QStringLiteral("n1")),
            test::sampleMemory(QStringLiteral("n2")) };
        set.associations
            = { { QStringLiteral("kept"), QStringLiteral("n1"), 0.5, QStringLiteral("keyword"), kT0 },
                  { QStringLiteral("n1"), QStringLiteral("n2"), 0.3, QStringLiteral("co-task"), kT0 },
                  { QStringLiteral("ghost"), QStringLiteral("n2"), 0.9, QStringLiteral("keyword"), kT0 } };
        set.events = { Event { 7, QStringLiteral("n1"), events::kConfirm, QStringLiteral("user"), kT0 + 1,
                           { { "x", 1 } } },
            Event { 8, QStringLiteral("kept"), events::kNegate, QStringLiteral("user"), kT0 + 2, {} },
            Event { 9, QStringLiteral("purged"), events::kPurge, QStringLiteral("system"), kT0 + 3, {} } };
        Conflict c;
        c.a = QStringLiteral("n1");
        c.b = QStringLiteral("n2");
        c.type = ConflictType::TemporalShift;
        c.detectedAt = kT0;
        set.conflicts = { c };

        io::Importer importer(*s);
        auto report = importer.apply(set);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QCOMPARE(report->associations, 2);
        QCOMPARE(report->warnings.size(), 1);
        QCOMPARE(report->warnings.first(),
            QStringLiteral("set.json: link ghost – n2 left out: ghost is not in the store or the set"));
        // n1's confirm and the purged memory's event are appended; kept was skipped (identical),
        // so its incoming history does not apply.
        QCOMPARE(report->events, 2);
        auto n1 = s->events().forMemory(QStringLiteral("n1"));
        // confirm, then the import event, then the import's record of the set's conflict (for
        // its undo: docs/formats.md, "Import")
        QCOMPARE(n1->size(), size_t(3));
        QCOMPARE(n1->at(0).kind, events::kConfirm);
        QCOMPARE(n1->at(0).payload.value("x").toInt(), 1);
        QCOMPARE(n1->at(1).kind, events::kImport);
        QCOMPARE(n1->at(2).kind, events::kConflictDetected);
        QCOMPARE(n1->at(2).payload.value("decision"), n1->at(1).payload.value("decision"));
        QVERIFY(n1->at(2).payload.value("conflictCreated").isObject());
        QCOMPARE(s->events().forMemory(QStringLiteral("kept"))->size(), size_t(0));
        QCOMPARE(report->conflictsRecorded, 1);
        QCOMPARE(*s->conflicts().countOpen(), qint64(1));
        QCOMPARE(*s->meta().value(MetaRepository::kProfile), QStringLiteral("lifecycle"));

        // The same set again: everything identical or already recorded, nothing doubles.
        const qint64 eventsBefore = *s->events().count();
        auto again = importer.apply(set);
        QVERIFY(again);
        QCOMPARE(again->added, 0);
        QCOMPARE(again->skipped, 3);
        QCOMPARE(again->conflictsRecorded, 0);
        QCOMPARE(again->events, 0); // the purged memory's event is already in the log
        QCOMPARE(*s->events().count(), eventsBefore);
    }

    void contradictionDetectorIsASeam()
    {
        test::EngineStore s(m_engines);
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("likes"))));
        io::MemorySet set;
        set.sourceName = QStringLiteral("set.json");
        set.memories = { withContent(
            test::sampleMemory(QStringLiteral("dislikes")), QStringLiteral("No longer likes vitest"), kT0) };
        io::Importer importer(*s);
        int calls = 0;
        importer.setContradictionDetector([&](const std::vector<Memory> &incoming) {
            ++calls;
            Conflict c;
            c.a = QStringLiteral("likes");
            c.b = incoming.front().id;
            c.type = ConflictType::DirectContradiction;
            return std::vector<Conflict> { c };
        });
        auto preview = importer.preview(set);
        QVERIFY(preview);
        QCOMPARE(preview->contradictions.size(), size_t(1));
        QCOMPARE(preview->contradictions.front().b, QStringLiteral("dislikes"));
        QCOMPARE(*s->conflicts().countOpen(), qint64(0));
        importer.setNow(kNow);
        auto report = importer.apply(set);
        QVERIFY(report);
        QCOMPARE(report->contradictionsRecorded, 1);
        auto open = s->conflicts().list(ConflictStatus::Open);
        QCOMPARE(open->size(), size_t(1));
        QCOMPARE(open->front().detectedAt, kNow);
        QCOMPARE(calls, 2);
    }

    void agentFolderOfFiftyWithOneUnparsable()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(folder));
        for (int i = 0; i < 50; ++i) {
            const QString id = QStringLiteral("%1").arg(0xa0000000u + uint(i), 8, 16);
            QJsonObject o { { "id", id }, { "content", QStringLiteral("memory number %1").arg(i) },
                { "category", i % 2 ? "pattern" : "pitfall" },
                { "keywords", QJsonArray { "k", QStringLiteral("k%1").arg(i % 5) } },
                { "source",
                    QJsonObject { { "type", "task" }, { "taskId", QStringLiteral("t%1").arg(i % 7) } } },
                { "confidence", 0.5 }, { "createdAt", "2024-01-01T00:00:00.000Z" },
                { "updatedAt", "2024-01-02T00:00:00.000Z" }, { "accessCount", i % 4 } };
            if (i >= 20) {
                // Newer writers: forgetting fields, their own importance and tier, extras.
                o.insert("strength", 70);
                o.insert("stability", 240);
                o.insert("lastReinforcedAt", "2024-01-10T00:00:00.000Z");
                o.insert("reinforceCount", 2);
                o.insert("decayRate", 0.8);
                o.insert("importance", 7);
                o.insert("tier", i == 30 ? "permanent" : "hot");
                o.insert("tags", QJsonArray { "x" });
                o.insert("valence", -0.25);
            }
            writeJson(QDir(folder).filePath(id + QStringLiteral(".json")), o);
        }
        // One file a crashed writer left half-written.
        QFile bad(QDir(folder).filePath(QStringLiteral("a0000031.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
        bad.write("{\n  \"id\": \"a0000031\",\n  \"content\": \"cut off");
        bad.close();

        // The hub's data folder is given: its memory/ subfolder is read.
        auto set = io::MemorySetReader::read(dir.path());
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QCOMPARE(set->memories.size(), size_t(49));
        QCOMPARE(set->problems.size(), 1);
        QVERIFY2(set->problems.first().startsWith(
                     QStringLiteral("a0000031.json: field \"content\": JSON ends early")),
            qPrintable(set->problems.first()));
        QVERIFY(set->problems.first().endsWith(QStringLiteral("; skipped")));

        test::EngineStore s(m_engines);
        io::Importer importer(*s);
        auto report = importer.apply(*set);
        QVERIFY(report);
        QCOMPARE(report->added, 49);
        QCOMPARE(*s->memories().count(), qint64(49));

        // An old-style file was migrated lazily.
        auto old = s->memories().get(QStringLiteral("a0000003"));
        QVERIFY(old);
        QCOMPARE(old->strength, 50.0);
        QCOMPARE(old->stability, 72.0 + 48.0 + 6.0); // the hub's 72 + 96·0.5 + min(2·3, 24) hours
        QCOMPARE(old->reinforceCount, 3);
        QCOMPARE(old->lastReinforcedAt, *time::fromIso(QStringLiteral("2024-01-01T00:00:00Z"))); // the hub: createdAt
        QCOMPARE(old->decayRate, 1.0);
        QVERIFY(!old->agentImportance);
        // A newer writer's file kept its fields; importance stays on its own 1–10 scale.
        auto newer = s->memories().get(QStringLiteral("a000001e")); // i = 30
        QVERIFY(newer);
        QCOMPARE(newer->stability, 240.0);
        QCOMPARE(newer->agentImportance.value_or(-1), 7.0);
        QCOMPARE(newer->importance, 1.0);
        QCOMPARE(newer->agentTier, QStringLiteral("permanent"));
        QVERIFY(newer->permanent);
        QCOMPARE(newer->extra.value("tags").toArray(), QJsonArray { "x" });
        QCOMPARE(newer->extra.value("valence").toDouble(), -0.25);
        QVERIFY(!s->memories().get(QStringLiteral("a0000015"))->permanent); // i = 21: tier hot

        // Strict: the bad file is the error, nothing is read.
        auto strict = io::MemorySetReader::read(folder, true);
        QVERIFY(!strict);
        QVERIFY(strict.error().message.startsWith(QStringLiteral("a0000031.json: ")));
    }

    void agentFolderFixtureLinksAndNotes()
    {
        READS_NO_STORE();
        auto set = io::AgentFolder::read(data("agent-memory"));
        QVERIFY(set);
        QCOMPARE(set->memories.size(), size_t(2));
        QCOMPARE(set->problems.size(), 1);
        QVERIFY(set->problems.first().startsWith(QStringLiteral("9c0d1e2f.json: ")));
        QCOMPARE(set->associations.size(), size_t(1));
        QCOMPARE(set->associations.front().a, QStringLiteral("1a2b3c4d"));
        QCOMPARE(set->associations.front().b, QStringLiteral("5e6f7a8b"));
        QCOMPARE(set->associations.front().weight, 0.3);
        const Memory &lin = set->memories.front();
        QVERIFY(lin.permanent);
        QCOMPARE(lin.decayRate, 0.56);
        QCOMPARE(set->memories.back().keywords, (QStringList { "user", "style", "中文" }));
    }

    void folderEntryWithoutDatesUsesTheFileTime()
    {
        READS_NO_STORE();
        QTemporaryDir dir;
        writeJson(dir.filePath(QStringLiteral("dead0001.json")),
            QJsonObject { { "content", "no dates, no id" }, { "category", "fact" } });
        auto set = io::AgentFolder::read(dir.path());
        QVERIFY(set);
        QCOMPARE(set->memories.size(), size_t(1));
        QCOMPARE(set->memories.front().id, QStringLiteral("dead0001"));
        QCOMPARE(set->memories.front().createdAt,
            QFileInfo(dir.filePath(QStringLiteral("dead0001.json"))).lastModified().toMSecsSinceEpoch());
        QCOMPARE(set->notes.size(), 2);
        QVERIFY(set->notes.at(0).contains(QStringLiteral("no id; used the file name")));
        QVERIFY(set->notes.at(1).contains(QStringLiteral("used the file's modification time")));
    }

    void duplicateIdsInAFolderSkipTheSecondFile()
    {
        READS_NO_STORE();
        QTemporaryDir dir;
        const QJsonObject o { { "id", "same" }, { "content", "x" }, { "category", "fact" },
            { "createdAt", "2024-01-01T00:00:00Z" } };
        writeJson(dir.filePath(QStringLiteral("a.json")), o);
        writeJson(dir.filePath(QStringLiteral("b.json")), o);
        auto set = io::AgentFolder::read(dir.path());
        QVERIFY(set);
        QCOMPARE(set->memories.size(), size_t(1));
        QCOMPARE(set->problems,
            QStringList { QStringLiteral(R"(b.json (id "same"): duplicate id, also in a.json; skipped)") });
    }

    void legacyArray()
    {
        auto set = io::MemorySetReader::read(data("legacy-note000.json"));
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QCOMPARE(set->memories.size(), size_t(3));
        QCOMPARE(set->associations.size(), size_t(1)); // listed from both sides, one per pair
        QCOMPARE(set->associations.front().type, QStringLiteral("co-project"));
        const Memory &pitfall = set->memories.at(2);
        QCOMPARE(pitfall.stability, 24.0 + 120.0 + 48.0 * 0.7); // 12 accesses, capped at 120 h
        QCOMPARE(pitfall.reinforceCount, 12);
        QCOMPARE(pitfall.source.chatId, QStringLiteral("lark-chat-1"));
        QCOMPARE(
            set->memories.at(0).lastReinforcedAt, *time::fromIso(QStringLiteral("2023-11-03T08:00:00Z")));
        test::EngineStore s(m_engines);
        auto report = io::Importer(*s).apply(*set);
        QVERIFY(report);
        QCOMPARE(report->added, 3);
        QCOMPARE(*s->associations().count(), qint64(1));
    }

    void singleAgentFileImports()
    {
        READS_NO_STORE();
        auto set = io::MemorySetReader::read(data("agent-memory/5e6f7a8b.json"));
        QVERIFY(set);
        QCOMPARE(set->memories.size(), size_t(1));
        // The hub's own lazy migration (docs/formats.md, "hub-migration"): 72 + 96·0.7 + min(2·2, 24).
        QCOMPARE(set->memories.front().stability, 72.0 + 96.0 * 0.7 + 4.0);
    }

    void demoStoreLooksCurrent()
    {
        READS_NO_STORE();
        QTemporaryDir dir;
        io::MemorySet demo;
        demo.exportedAt = kT0;
        demo.profile = QStringLiteral("enhanced");
        Memory m = test::sampleMemory(QStringLiteral("d1"), kT0 - 86400000); // a day old at export
        m.correctionHistory
            = QJsonArray { QJsonObject { { "time", time::toIso(kT0 - 3600000) }, { "reason", "x" } } };
        demo.memories = { m, test::sampleMemory(QStringLiteral("d2"), kT0) };
        demo.events
            = { Event { 1, QStringLiteral("d1"), events::kConfirm, QStringLiteral("user"), kT0 - 1000, {} } };
        const QString setPath = dir.filePath(QStringLiteral("demo.json"));
        QVERIFY(io::MemorySetJson::writeFile(setPath, demo));

        const QString storePath = dir.filePath(QStringLiteral("sub/default.recollector"));
        const Status st = io::createDemoStore(storePath, setPath, kNow);
        QVERIFY2(st, st ? "" : qPrintable(st.error().message));
        auto store = Store::open(storePath);
        QVERIFY(store);
        auto d1 = (*store)->memories().get(QStringLiteral("d1"));
        QVERIFY(d1);
        QCOMPARE(d1->createdAt, kNow - 86400000); // still a day old, as of now
        QCOMPARE(d1->lastReinforcedAt, kNow - 86400000);
        QCOMPARE(
            d1->correctionHistory.at(0).toObject().value("time").toString(), time::toIso(kNow - 3600000));
        auto history = (*store)->events().forMemory(QStringLiteral("d1"));
        QCOMPARE(history->front().at, kNow - 1000);
        QCOMPARE(*(*store)->meta().value(MetaRepository::kProfile), QStringLiteral("enhanced"));
        store->reset();

        const Status again = io::createDemoStore(storePath, setPath, kNow);
        QVERIFY(!again);
        QVERIFY(again.error().message.contains(QStringLiteral("already exists")));
    }

    void bundledDemoSetIsValid()
    {
        READS_NO_STORE();
        // The shipped demo set must always import (it is what a first run shows).
        auto set = io::MemorySetJson::readFile(
            QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QTemporaryDir dir;
        const Status st = io::createDemoStore(dir.filePath(QStringLiteral("demo.recollector")),
            QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"), kNow);
        QVERIFY2(st, st ? "" : qPrintable(st.error().message));
    }
};

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
