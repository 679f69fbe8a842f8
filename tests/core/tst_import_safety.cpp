// recollector-cli import (and the store path it works on) against hostile or unlucky inputs, the
// real binary through QProcess on real files: links and FIFOs planted in an agent folder,
// numeric ids past 12 digits, conflicts naming missing memories or one memory twice, file
// names holding "%1", and --store paths whose folder does not exist or that are empty.
#include "StoreFingerprint.h"
#include "TempStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <sys/stat.h>

using namespace recollector;
using namespace recollector::core;

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QString err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
    QStringList errLines() const { return err.split(QLatin1Char('\n'), Qt::SkipEmptyParts); }
};

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

QByteArray entry(const char *id, const char *content = "A memory")
{
    return QByteArray(R"({"id": ")") + id + R"(", "content": ")" + content
        + R"(", "category": "fact", "keywords": ["k"], "createdAt": "2024-01-01T10:00:00Z"})";
}

// A Recollector memory set whose memories / conflicts arrays are given as JSON text.
QByteArray memorySet(const QByteArray &memories, const QByteArray &conflicts = "[]")
{
    return R"({"format": "recollector-memory-set", "version": 1, "profile": "ebbinghaus", "memories": )" + memories
        + R"(, "associations": [], "events": [], "conflicts": )" + conflicts + "}";
}

QStringList storedIds(Store &store)
{
    QStringList ids;
    const auto all = store.memories().all(true);
    for (const Memory &m : *all)
        ids << m.id;
    ids.sort();
    return ids;
}

} // namespace

class TestImportSafety : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home; // HOME / XDG for the child: never the user's default store

    Run cli(const QStringList &args, const QString &workingDirectory = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        p.setProcessEnvironment(env);
        if (!workingDirectory.isEmpty())
            p.setWorkingDirectory(workingDirectory);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), args);
        // A guard, not a wait: a FIFO that was opened would block here forever.
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
            return { -2, {}, QStringLiteral("recollector-cli hung: ") + args.join(' ') };
        }
        return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError()) };
    }

private Q_SLOTS:
    void folderImportSkipsLinksAndSpecialFiles()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(folder));
        const QDir f(folder);
        writeFile(f.filePath("good0001.json"), entry("good0001"));
        writeFile(f.filePath("good0002.json"), entry("good0002"));
        // A memory file outside the folder, pulled in through a link.
        writeFile(dir.filePath("outside.json"), entry("outside1", "Not part of this folder"));
        QVERIFY(QFile::link(dir.filePath("outside.json"), f.filePath("outside.json")));
        // A FIFO in the folder and one outside reached through a link: opening either blocks.
        QCOMPARE(::mkfifo(QFile::encodeName(f.filePath("fifo.json")).constData(), 0600), 0);
        QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath("pipe")).constData(), 0600), 0);
        QVERIFY(QFile::link(dir.filePath("pipe"), f.filePath("tofifo.json")));
        QVERIFY(QFile::link(dir.filePath("gone.json"), f.filePath("dangling.json")));

        test::TempStore s;
        const test::StoreFingerprint before = test::fingerprint(*s);
        s.close();
        const Run strict = cli({ "--store", s.path(), "import", "--strict", folder });
        QCOMPARE(strict.code, 1);
        QCOMPARE(
            strict.errLines(), QStringList { "recollector-cli: dangling.json: is a symbolic link; not followed" });
        s.reopen();
        QCOMPARE(test::fingerprint(*s), before);
        s.close();

        const Run r = cli({ "--store", s.path(), "import", folder });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.errLines(),
            QStringList({ "recollector-cli: warning: dangling.json: is a symbolic link; not followed; skipped",
                "recollector-cli: warning: fifo.json: is not a regular file (a pipe, socket or device); not read; "
                "skipped",
                "recollector-cli: warning: outside.json: is a symbolic link; not followed; skipped",
                "recollector-cli: warning: tofifo.json: is a symbolic link; not followed; skipped" }));
        QVERIFY2(r.out.startsWith("imported memory/: 2 added"), r.out.constData());
        s.reopen();
        QCOMPARE(storedIds(*s), QStringList({ "good0001", "good0002" }));
    }

    void aFifoNamedOnTheCommandLineIsRefused()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("set.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        test::TempStore s;
        s.close();
        const Run r = cli({ "--store", s.path(), "import", fifo });
        QCOMPARE(r.code, 1);
        QCOMPARE(r.errLines(),
            QStringList {
                "recollector-cli: set.json: is not a regular file (a pipe, socket or device); not read" });
    }

    void numericIdsKeepEveryDigit_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("text");
        // Millisecond ids one apart (12 significant digits made them one id, "1.7323e+12"),
        // one past 2^53 (exact only as an integer) and a plain small one.
        QTest::newRow("json") << "ids.json"
                              << memorySet("[" + entry("x").replace(R"("x")", "1732300000123") + ","
                                     + entry("x").replace(R"("x")", "1732300000124") + ","
                                     + entry("x").replace(R"("x")", "9007199254740993") + ","
                                     + entry("x").replace(R"("x")", "42") + "]");
        QTest::newRow("yaml")
            << "ids.yaml"
            << QByteArray(
                   "format: recollector-memory-set\nversion: 1\nmemories:\n"
                   "  - {id: 1732300000123, content: A, category: fact, createdAt: 2024-01-01T10:00:00Z}\n"
                   "  - {id: 1732300000124, content: B, category: fact, createdAt: 2024-01-01T10:00:00Z}\n"
                   "  - {id: 9007199254740993, content: C, category: fact, createdAt: 2024-01-01T10:00:00Z}\n"
                   "  - {id: 42, content: D, category: fact, createdAt: 2024-01-01T10:00:00Z}\n");
    }

    void numericIdsKeepEveryDigit()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, text);
        QTemporaryDir dir;
        writeFile(dir.filePath(name), text);
        test::TempStore s;
        s.close();
        const Run r = cli({ "--store", s.path(), "import", dir.filePath(name) });
        QCOMPARE(r.errLines(), QStringList());
        QCOMPARE(r.code, 0);
        s.reopen();
        const QStringList ids { "1732300000123", "1732300000124", "42", "9007199254740993" };
        QCOMPARE(storedIds(*s), ids);
        s.close();

        // Each is a file name an agent folder accepts.
        const QString folder = dir.filePath(QStringLiteral("memory"));
        const Run exported = cli({ "--store", s.path(), "export", folder + QLatin1Char('/') });
        QCOMPARE(exported.code, 0);
        QCOMPARE(exported.errLines(), QStringList());
        QStringList files;
        for (const QString &id : ids)
            files << id + QStringLiteral(".json");
        files.sort();
        QCOMPARE(QDir(folder).entryList(QDir::Files, QDir::Name), files);
    }

    void folderExportWritesAroundARefusedId()
    {
        test::TempStore s;
        for (const char *id : { "a0000001", "1.7323e+12", "a0000002" })
            QVERIFY(s->memories().insert(test::sampleMemory(QLatin1String(id))));
        s.close();
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("memory"));
        const Run r = cli({ "--store", s.path(), "export", folder + QLatin1Char('/') });
        QCOMPARE(r.code, 0); // like a file left alone: a warning, the rest written
        QCOMPARE(r.errLines(),
            QStringList { "recollector-cli: warning: memory id \"1.7323e+12\" cannot be a file name in an agent "
                          "folder; not written" });
        QVERIFY2(
            r.out.startsWith("exported 2 memories") && r.out.contains("1 not written"), r.out.constData());
        QCOMPARE(QDir(folder).entryList(QDir::Files, QDir::Name),
            QStringList({ "a0000001.json", "a0000002.json" }));
    }

    void conflictOfAMemoryWithItselfIsRefused()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("set.json"));
        writeFile(file,
            memorySet("[" + entry("a") + "," + entry("b") + "]",
                R"([{"id": 1, "a": "a", "b": "b", "type": "direct_contradiction", "detectedAt": "2024-01-02T00:00:00Z"},
                    {"id": 2, "a": "a", "b": "a", "type": "direct_contradiction", "detectedAt": "2024-01-02T00:00:00Z"}])"));
        test::TempStore s;
        const test::StoreFingerprint before = test::fingerprint(*s);
        s.close();
        const Run r = cli({ "--store", s.path(), "import", file });
        QCOMPARE(r.code, 1);
        QCOMPARE(r.errLines(),
            QStringList { R"(recollector-cli: set.json: conflict 1: is between memory "a" and itself)" });
        s.reopen();
        QCOMPARE(test::fingerprint(*s), before);
    }

    void conflictWithAMissingMemoryIsLeftOut()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("set.json"));
        writeFile(file,
            memorySet("[" + entry("a") + "," + entry("b") + "]",
                R"([{"id": 1, "a": "a", "b": "b", "type": "direct_contradiction", "detectedAt": "2024-01-02T00:00:00Z"},
                    {"id": 7, "a": "ghost", "b": "b", "type": "temporal_shift", "detectedAt": "2024-01-02T00:00:00Z"}])"));
        test::TempStore s;
        s.close();
        const Run r = cli({ "--store", s.path(), "import", file });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.errLines(),
            QStringList {
                "recollector-cli: warning: set.json: conflict 1 (ghost – b) left out: ghost is not in the "
                "store or the set" });
        QVERIFY2(r.out.contains(" 1 conflicts,"), r.out.constData());
        s.reopen();
        const std::vector<Conflict> conflicts = *s->conflicts().list();
        QCOMPARE(conflicts.size(), size_t(1));
        QCOMPARE(conflicts.front().a, QStringLiteral("a"));
        QCOMPARE(conflicts.front().b, QStringLiteral("b"));
    }

    void percentSignsInFileNamesStayLiteral_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("set: bad entry")
            << "bad%1name.json" << memorySet("[" + entry("a") + R"(, {"id": "b", "content": true}])")
            << R"(bad%1name.json: entry 1 (id "b"): field "content": expected a string, got boolean true)";
        QTest::newRow("set: duplicate id")
            << "dup%1%2.json" << memorySet("[" + entry("a") + "," + entry("a") + "]")
            << R"(dup%1%2.json: entry 1 (id "a"): duplicate id (also entry 0))";
        QTest::newRow("set: not an object") << "%1.json" << memorySet("[" + entry("a") + ", 7]")
                                            << "%1.json: entry 1: expected an object, got number 7";
        QTest::newRow("legacy array: duplicate id")
            << "legacy%1.json"
            << "[" + entry("a") + "," + entry("a") + "]"
            << R"(legacy%1.json: entry 1 (id "a"): duplicate id (also entry 0))";
        QTest::newRow("a JSON string")
            << "str%1.json" << QByteArray(R"("just text")")
            << "str%1.json: the file is a single JSON string (9 characters), not a memory set";
    }

    void percentSignsInFileNamesStayLiteral()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        QTemporaryDir dir;
        writeFile(dir.filePath(name), text);
        test::TempStore s;
        s.close();
        const Run r = cli({ "--store", s.path(), "import", dir.filePath(name) });
        QCOMPARE(r.code, 1);
        QCOMPARE(r.errLines(), QStringList { QStringLiteral("recollector-cli: ") + message });
    }

    void percentSignsInExportPaths()
    {
        test::TempStore s;
        QVERIFY(s->memories().insert(test::sampleMemory(QStringLiteral("a0000001"))));
        s.close();
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("no%1such%2/out.json"));
        const Run r = cli({ "--store", s.path(), "export", target });
        QCOMPARE(r.code, 1);
        QCOMPARE(r.errLines(),
            QStringList {
                QStringLiteral("recollector-cli: %1: cannot write: No such file or directory").arg(target) });
    }

    void storeFolderMustExist()
    {
        QTemporaryDir dir;
        const Run r = cli({ "--store", "nodir/x.recollector", "stats" }, dir.path());
        QCOMPARE(r.code, 1);
        QCOMPARE(
            r.errLines(), QStringList { "recollector-cli: --store nodir/x.recollector: folder nodir does not exist" });
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("nodir"))));

        writeFile(dir.filePath(QStringLiteral("afile")), "x");
        const Run underFile = cli({ "--store", "afile/x.recollector", "stats" }, dir.path());
        QCOMPARE(underFile.code, 1);
        QCOMPARE(underFile.errLines(),
            QStringList { "recollector-cli: --store afile/x.recollector: folder afile is not a folder" });

        // An existing folder is fine: the store file itself is created there.
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("stores"))));
        const Run ok = cli({ "--store", "stores/x.recollector", "--json", "stats" }, dir.path());
        QCOMPARE(ok.code, 0);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("stores/x.recollector"))).isFile());
    }

    void emptyStorePathIsAUsageError()
    {
        QTemporaryDir dir;
        const Run r = cli({ "--store", "", "stats" }, dir.path());
        QCOMPARE(r.code, 2);
        QCOMPARE(r.errLines(),
            QStringList {
                "recollector-cli: --store needs a path, not an empty one (leave --store out for the default "
                "store)" });
        QVERIFY(QDir(dir.path()).isEmpty());
    }

    void defaultStoreFolderIsCreated()
    {
        QTemporaryDir home;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("not/yet/there")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), { "--json", "stats" });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(
            QFileInfo(home.filePath(QStringLiteral("not/yet/there/Recollector/Recollector/default.recollector"))).isFile());
    }
};

QTEST_GUILESS_MAIN(TestImportSafety)
#include "tst_import_safety.moc"
