// recollector-cli's stats, list, show, import and export, driven as a user would: the real binary
// through QProcess, on real stores (a file, a team store), checking exit codes, the one-line
// errors on stderr, the --json shapes of docs/cli.md and that a refused import leaves the store
// as it was.
#include "EngineStore.h"

#include "engine/graph/AssociationBuilder.h"

#include "io/Exporter.h"
#include "store/MetaRepository.h"
#include "model/Event.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z
const QString kAt = QStringLiteral("2024-01-02T10:00:00Z");

struct Run
{
    int code = -1;
    QByteArray out;
    QString err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
    QStringList errLines() const { return err.split(QLatin1Char('\n'), Qt::SkipEmptyParts); }
};

QString data(const char *name)
{
    return QStringLiteral(RECOLLECTOR_TEST_DATA "/") + QLatin1String(name);
}

QByteArray storeHash(const QString &path)
{
    auto opened = Store::open(path);
    if (!opened)
        qFatal("cannot open %s", qPrintable(path));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const char *sql : { "SELECT * FROM memories ORDER BY id", "SELECT * FROM associations ORDER BY a, b",
             "SELECT * FROM events ORDER BY id", "SELECT * FROM conflicts ORDER BY id",
             "SELECT * FROM meta ORDER BY key" }) {
        QSqlQuery q((*opened)->database().handle());
        if (!q.exec(QString::fromLatin1(sql)))
            qFatal("query failed: %s", sql);
        int rows = 0;
        while (q.next()) {
            ++rows;
            for (int i = 0; i < q.record().count(); ++i)
                hash.addData(q.value(i).toString().toUtf8() + '\x1f');
        }
        hash.addData(QByteArray::number(rows) + '\x1e');
    }
    return hash.result().toHex();
}

QJsonObject withoutImportEvents(QJsonObject set)
{
    QJsonArray kept;
    for (const QJsonValue &e : set.value("events").toArray()) {
        // The store's own import events: `import`, and the import's records for its undo.
        if (e.toObject().value("kind").toString() != events::kImport && e.toObject().value("actor").toString() != QLatin1String("import"))
            kept.append(e);
    }
    set.insert("events", kept);
    return set;
}

} // namespace

class TestCliIo : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    QTemporaryDir m_home; // HOME / XDG for the child: never the user's default store

    Run cli(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), args);
        if (!p.waitForFinished(120000))
            qFatal("recollector-cli did not finish: %s", qPrintable(args.join(' ')));
        return { p.exitCode(), p.readAllStandardOutput(), QString::fromUtf8(p.readAllStandardError()) };
    }

    // Memories with distinct subjects (no contradictions), of every visibility.
    void fill(Store &s)
    {
        auto make = [](const char *id, const char *keyword, Millis created) {
            Memory m = test::sampleMemory(QLatin1String(id), created);
            m.keywords = { QLatin1String(keyword) };
            m.content = QStringLiteral("About %1").arg(QLatin1String(keyword));
            m.stability = 240;
            return m;
        };
        Memory strong = make("m-strong", "alpha", kT0);
        strong.stability = 2400;
        Memory weak = make("m-weak", "beta", kT0 - 2 * kMsPerDay);
        weak.lastReinforcedAt = kT0 - 20 * kMsPerDay; // long ago: forgotten by now
        weak.stability = 24;
        Memory negated = make("m-negated", "gamma", kT0);
        negated.negated = true;
        negated.negatedAt = kT0;
        Memory deleted = make("m-deleted", "delta", kT0);
        deleted.deletedAt = kT0;
        Memory archived = make("m-archived", "epsilon", kT0 - kMsPerDay);
        archived.level = MemoryLevel::Archive;
        Memory recent = make("m-recent", "zeta", kT0 + 3600000);
        recent.extra = QJsonObject { { "valence", 0.5 } };
        for (const Memory &m : { strong, weak, negated, deleted, archived, recent })
            QVERIFY(s.memories().insert(m));
        QVERIFY(s.associations().put({ "m-recent", "m-strong", 0.4, "manual", kT0 }));
        Event e { 0, "m-strong", events::kConfirm, "user", kT0 + 1, { { "note", "checked" } } };
        QVERIFY(s.events().append(e));
        Conflict c { 0, "m-negated", "m-recent", ConflictType::TemporalShift, ConflictStatus::Open, ConflictResolution::None, kT0, 0 };
        QVERIFY(s.conflicts().insert(c));
    }

private Q_SLOTS:
    // Each test runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests"); a run of the
    // command line per step, dozens a test, so the server's rows run in the release build only.
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }

    void statsJsonShape()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        s.close();
        const Run r = cli({ "--store", s.path(), "--at", kAt, "--json", "stats" });
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value("memories").toInt(), 5); // the deleted one is not counted
        QCOMPARE(o.value("openConflicts").toInt(), 1);
        QCOMPARE(o.value("profile").toString(), QStringLiteral("ebbinghaus"));
        const QJsonObject tiers = o.value("tiers").toObject();
        QCOMPARE(tiers.keys(), (QStringList { "active", "fading", "forgotten", "permanent", "weak" }));
        int sum = 0;
        for (const QJsonValue &v : tiers)
            sum += v.toInt();
        QCOMPARE(sum, 5);
        QVERIFY(tiers.value("forgotten").toInt() >= 1);
        const Run human = cli({ "--store", s.path(), "--at", kAt, "stats" });
        QCOMPARE(human.code, 0);
        QVERIFY(human.out.contains("open conflicts 1"));
    }

    void listModesSortAndLimit_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("ids");
        QTest::newRow("normal: full/summary, not negated, not deleted, not forgotten")
            << QStringList { "--sort", "created" } << QStringList { "m-recent", "m-strong" };
        QTest::newRow("review: every level, negated too, not deleted")
            << QStringList { "--mode", "review", "--sort", "created" }
            << QStringList { "m-recent", "m-negated", "m-strong", "m-archived", "m-weak" };
        QTest::newRow("debug: everything")
            << QStringList { "--mode", "debug", "--sort", "created" }
            << QStringList { "m-recent", "m-deleted", "m-negated", "m-strong", "m-archived", "m-weak" };
        QTest::newRow("strongest first, limited")
            << QStringList { "--mode", "review", "--limit", "1" } << QStringList { "m-strong" };
    }

    void listModesSortAndLimit()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, ids);
        test::EngineStore s(m_engines);
        fill(*s);
        s.close();
        const Run r = cli(QStringList { "--store", s.path(), "--at", kAt, "--json", "list" } + args);
        QCOMPARE(r.code, 0);
        QStringList got;
        for (const QJsonValue &v : r.json().array()) {
            const QJsonObject o = v.toObject();
            got << o.value("id").toString();
            for (const char *key :
                { "score", "strength", "tier", "stability", "lastReinforcedAt", "keywords" })
                QVERIFY2(o.contains(QLatin1String(key)), key);
        }
        QCOMPARE(got, ids);
    }

    void listRejectsBadOptions()
    {
        test::EngineStore s(m_engines);
        s.close();
        const Run r = cli({ "--store", s.path(), "list", "--mode", "sideways" });
        QCOMPARE(r.code, 2);
        QCOMPARE(r.errLines(),
            QStringList { "recollector-cli: list: --mode must be normal, review or debug, not 'sideways'" });
    }

    void showWithHistory()
    {
        test::EngineStore s(m_engines);
        fill(*s);
        s.close();
        const Run r = cli({ "--store", s.path(), "--at", kAt, "--json", "show", "m-strong" });
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json().object();
        QCOMPARE(o.value("id").toString(), QStringLiteral("m-strong"));
        QCOMPARE(o.value("history").toArray().size(), 1);
        QCOMPARE(o.value("history").toArray().first().toObject().value("kind").toString(), events::kConfirm);
        const Run missing = cli({ "--store", s.path(), "show", "nope" });
        QCOMPARE(missing.code, 1);
        QCOMPARE(missing.errLines().size(), 1);
        QVERIFY(missing.err.contains(QStringLiteral("no memory with id nope")));
    }

    void agentFolderOfFiftyWithOneUnparsable()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 50; ++i) {
            const QString id = QStringLiteral("%1").arg(0xb0000000u + uint(i), 8, 16);
            QJsonObject o { { "id", id }, { "content", QStringLiteral("note %1").arg(i) },
                { "category", "lesson" }, { "keywords", QJsonArray { QStringLiteral("topic%1").arg(i) } },
                { "source", QJsonObject { { "type", "task" } } }, { "confidence", 0.6 },
                { "createdAt", "2024-01-01T00:00:00.000Z" }, { "updatedAt", "2024-01-01T00:00:00.000Z" },
                { "accessCount", 1 } };
            if (i % 2) // half without the forgetting fields
                o.insert("stability", 100), o.insert("strength", 80),
                    o.insert("lastReinforcedAt", "2024-01-01T06:00:00.000Z");
            QFile f(QDir(dir.path()).filePath(id + ".json"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(i == 17 ? QByteArray("{\"id\": \"b0000011\", \"content\": ") : QJsonDocument(o).toJson());
        }
        test::EngineStore s(m_engines);
        s.close();
        const QByteArray empty = storeHash(s.path());

        const Run strict = cli({ "--store", s.path(), "--json", "import", dir.path(), "--strict" });
        QCOMPARE(strict.code, 1);
        QCOMPARE(strict.errLines().size(), 1);
        QVERIFY2(
            strict.err.startsWith(QStringLiteral("recollector-cli: b0000011.json: ")), qPrintable(strict.err));
        QCOMPARE(storeHash(s.path()), empty);

        const Run dry = cli({ "--store", s.path(), "--json", "import", dir.path(), "--dry-run" });
        QCOMPARE(dry.code, 0);
        QCOMPARE(dry.json().object().value("added").toInt(), 49);
        QCOMPARE(storeHash(s.path()), empty);

        const Run r = cli({ "--store", s.path(), "--at", kAt, "--json", "import", dir.path() });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json().object(),
            (QJsonObject { { "added", 49 }, { "updated", 0 }, { "skipped", 0 }, { "conflicts", 0 }, { "restated", 0 } }));
        QVERIFY2(r.err.contains(QStringLiteral("b0000011.json")), qPrintable(r.err));
        const Run stats = cli({ "--store", s.path(), "--json", "stats" });
        QCOMPARE(stats.json().object().value("memories").toInt(), 49);
        const Run migrated = cli({ "--store", s.path(), "--json", "show", "b0000000" });
        // The hub's own lazy migration (docs/formats.md, "hub-migration"): 72 + 96·0.6 + min(2·1, 24).
        QCOMPARE(migrated.json().object().value("stability").toDouble(), 72.0 + 96.0 * 0.6 + 2.0);

        // Again: everything identical now.
        const Run again = cli({ "--store", s.path(), "--json", "import", dir.path() });
        QCOMPARE(again.json().object(),
            (QJsonObject { { "added", 0 }, { "updated", 0 }, { "skipped", 49 }, { "conflicts", 0 }, { "restated", 0 } }));
    }

    // Rule: memory.decay.initialStability from the store's configuration is what a new memory
    // starts from; an imported entry without a stability gets it as the base of the legacy
    // value (the ebbinghaus design's computeInitialStability: base + min(12·accessCount, 120) + 48·confidence).
    void initialStabilityFromTheConfigurationIsUsedForNewMemories()
    {
        QTemporaryDir dir;
        const QString file = QDir(dir.path()).filePath(QStringLiteral("legacy.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QJsonArray entries { QJsonObject { { "id", "old-1" }, { "content", "Prefers tabs" },
            { "category", "preference" }, { "createdAt", "2024-01-01T00:00:00.000Z" }, { "accessCount", 3 },
            { "confidence", 0.5 } } };
        f.write(QJsonDocument(entries).toJson());
        f.close();
        test::EngineStore s(m_engines);
        QVERIFY(s->meta().setValue(MetaRepository::kConfig,
            QStringLiteral("memory:\n  decay:\n    initialStability: 48\n")));
        s.close();
        const Run r = cli({ "--store", s.path(), "--at", kAt, "--json", "import", file });
        QCOMPARE(r.code, 0);
        s.reopen();
        const auto m = s->memories().get(QStringLiteral("old-1"));
        QVERIFY(m);
        QCOMPARE(m->stability, 48.0 + 36.0 + 24.0); // 48 + min(12·3, 120) + 48·0.5 hours
    }

    void brokenFilesLeaveTheStoreUnchanged_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("line");
        QTest::newRow("truncated")
            << "broken-truncated.json"
            << R"(recollector-cli: broken-truncated.json: entry 1 (id "b2c3d4e5"), field "content": JSON ends early (unterminated string) at line 26, column 24: the file looks truncated)";
        QTest::newRow("double-encoded")
            << "broken-double-encoded.json"
            << "recollector-cli: broken-double-encoded.json: the file is one JSON string that "
               "itself holds a JSON document (double-encoded); decode it once and import the result";
        QTest::newRow("wrong type")
            << "broken-wrong-type.json"
            << R"(recollector-cli: broken-wrong-type.json: entry 2 (id "c3d4e5f6"): field "confidence": expected a number, got string "high")";
    }

    void brokenFilesLeaveTheStoreUnchanged()
    {
        QFETCH(QString, file);
        QFETCH(QString, line);
        test::EngineStore s(m_engines);
        fill(*s);
        s.close();
        const QByteArray before = storeHash(s.path());
        const Run r = cli({ "--store", s.path(), "import", data(file.toUtf8().constData()) });
        QVERIFY(r.code != 0);
        QCOMPARE(r.errLines(), QStringList { line });
        QVERIFY(r.out.isEmpty());
        QCOMPARE(storeHash(s.path()), before);
    }

    void exportImportExportRoundTrip()
    {
        test::EngineStore a(m_engines);
        fill(*a);
        // A linked store, as every store is since new memories are linked at once (issue 14,
        // rule 8): an import links only what a set leaves without links, so this round trip
        // is exact.
        QVERIFY(AssociationBuilder(*a, Config::defaults()).rebuildAll().ok());
        a.close();
        QTemporaryDir dir;
        const QString first = dir.filePath("a.json");
        const Run exported = cli({ "--store", a.path(), "--at", kAt, "--json", "export", first });
        QCOMPARE(exported.code, 0);
        QCOMPARE(exported.json().object(), (QJsonObject { { "memories", 6 } }));

        // The second store on the same engine: the round trip is through that engine's rows.
        test::EngineStore into(m_engines);
        into.close();
        const QString b = into.path();
        const Run imported = cli({ "--store", b, "--at", kAt, "--json", "import", first });
        QCOMPARE(imported.code, 0);
        QCOMPARE(imported.json().object().value("added").toInt(), 6);
        const QString second = dir.filePath("b.json");
        QCOMPARE(cli({ "--store", b, "--at", kAt, "export", second }).code, 0);

        QFile fa(first), fb(second);
        QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
        const QJsonObject docA = QJsonDocument::fromJson(fa.readAll()).object();
        const QJsonObject docB = QJsonDocument::fromJson(fb.readAll()).object();
        QVERIFY(QJsonDocument(docA).toJson().contains("\"valence\"")); // an unknown field, kept
        QCOMPARE(withoutImportEvents(docB), docA);

        // The other formats from the command line.
        QCOMPARE(cli({ "--store", b, "export", dir.filePath("m.csv") }).code, 0);
        QCOMPARE(cli({ "--store", b, "export", dir.filePath("m.yaml") }).code, 0);
        QCOMPARE(cli({ "--store", b, "export", dir.filePath("folder"), "--format", "folder" }).code, 0);
        // A deleted memory is not an agent's memory: no file for it (docs/formats.md).
        QCOMPARE(QDir(dir.filePath("folder")).entryList(QStringList { "*.json" }, QDir::Files).size(), 5);
        const Run unknown = cli({ "--store", b, "export", dir.filePath("noext") });
        QCOMPARE(unknown.code, 2);
        QVERIFY(unknown.err.contains(QStringLiteral("add --format json|yaml|csv|folder")));
    }

    void keepBothFromTheCommandLine()
    {
        test::EngineStore s(m_engines);
        Memory mine = test::sampleMemory("a1b2c3d4", kT0 - kMsPerDay); // another memory under the same id
        mine.keywords = { QStringLiteral("unrelated") };
        QVERIFY(s->memories().insert(mine));
        s.close();
        const Run r = cli({ "--store", s.path(), "--json", "import", data("import-small.json"),
            "--on-conflict", "keep-both" });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json().object(),
            (QJsonObject { { "added", 3 }, { "updated", 0 }, { "skipped", 0 }, { "conflicts", 1 }, { "restated", 0 } }));
        const Run list = cli({ "--store", s.path(), "--json", "list", "--mode", "debug" });
        QCOMPARE(list.json().array().size(), 4);
    }

    // A word longer than PostgreSQL's text search indexes (2,047 characters: a pasted key, a
    // data URL) is imported, shown and found by the memory's other words, and no command says
    // anything about it on stderr, on either engine: the server's notices are not the user's.
    void aWordTooLongForTheTextIndexLeavesStderrEmpty()
    {
        test::EngineStore s(m_engines);
        s.close();
        QTemporaryDir dir;
        const QString file = QDir(dir.path()).filePath(QStringLiteral("long.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QString content = QStringLiteral("Staging deploy key %1 rotates monthly").arg(QString(3000, QLatin1Char('k')));
        f.write(QJsonDocument(QJsonArray { QJsonObject { { "id", "long-1" }, { "content", content },
                                  { "category", "fact" }, { "keywords", QJsonArray { "deploy", "staging" } },
                                  { "createdAt", "2024-01-02T09:00:00.000Z" } } })
                    .toJson());
        f.close();
        for (const QStringList &args : { QStringList { "import", file }, QStringList { "list", "--mode", "debug" },
                 QStringList { "show", "long-1" }, QStringList { "retrieve", "staging deploy", "--preview" },
                 QStringList { "retrieve", "rotates monthly" } }) {
            const Run r = cli(QStringList { "--store", s.path(), "--at", kAt, "--json" } + args);
            QVERIFY2(r.code == 0, qPrintable(args.join(' ') + QStringLiteral(": ") + r.err));
            QVERIFY2(r.err.isEmpty(), qPrintable(args.join(' ') + QStringLiteral(": ") + r.err));
            if (args.first() != QLatin1String("import"))
                QVERIFY2(r.out.contains("long-1"), qPrintable(args.join(' ')));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliIo)
#include "tst_cli_io.moc"
