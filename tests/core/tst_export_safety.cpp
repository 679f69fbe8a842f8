// recollector-cli export when the disk fills up, when the target folder holds planted symbolic
// links, and when memory text looks like a spreadsheet formula: the real binary through
// QProcess on real files. A full disk is simulated with RLIMIT_FSIZE in the child (no root
// needed; SIGXFSZ ignored so write() fails with EFBIG) and, where a private mount namespace
// is allowed (root, as in CI), with a tiny tmpfs (ENOSPC on small, buffered files).
#include "TempStore.h"

#include "io/CsvWriter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <csignal>
#include <cstring>
#include <sys/resource.h>

using namespace recollector;
using namespace recollector::core;

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QString err;
    QStringList errLines() const { return err.split(QLatin1Char('\n'), Qt::SkipEmptyParts); }
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<cannot read>";
    return f.readAll();
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

const QString kBigId = QStringLiteral("big00001");
constexpr qint64 kFileSizeLimit = 40000; // above SQLite's 32 KiB -shm, below the big memory

// 20 small memories and one whose text alone is larger than kFileSizeLimit; the big one sorts
// last, so a folder export writes the small files before it runs out of space.
void fill(Store &s)
{
    for (int i = 1; i <= 20; ++i) {
        Memory m = test::sampleMemory(QStringLiteral("a%1").arg(i, 7, 10, QLatin1Char('0')));
        m.keywords = { QStringLiteral("topic%1").arg(i) };
        m.content = QStringLiteral("Small memory number %1").arg(i);
        QVERIFY(s.memories().insert(m));
    }
    Memory big = test::sampleMemory(kBigId);
    big.keywords = { QStringLiteral("bulk") };
    big.content = QString(50000, QLatin1Char('x'));
    QVERIFY(s.memories().insert(big));
}

QStringList memoryFiles()
{
    QStringList names;
    for (int i = 1; i <= 20; ++i)
        names << QStringLiteral("a%1.json").arg(i, 7, 10, QLatin1Char('0'));
    names << kBigId + QStringLiteral(".json");
    return names;
}

} // namespace

class TestExportSafety : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home; // HOME / XDG for the child: never the user's default store

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        return env;
    }

    static Run finish(QProcess &p, const QStringList &args)
    {
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            qWarning("did not finish: %s", qPrintable(args.join(' ')));
            return { -2, {}, QStringLiteral("timed out") };
        }
        return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            QString::fromUtf8(p.readAllStandardError()) };
    }

    /// recollector-cli, optionally unable to write any file past `fileSizeLimit` bytes.
    Run cli(const QStringList &args, qint64 fileSizeLimit = 0)
    {
        QProcess p;
        p.setProcessEnvironment(environment());
        if (fileSizeLimit > 0) {
            p.setChildProcessModifier([fileSizeLimit] {
                // Ignored, SIGXFSZ no longer kills the writer: write() fails with EFBIG instead,
                // as it fails with ENOSPC on a full disk. Both are inherited across exec.
                std::signal(SIGXFSZ, SIG_IGN);
                const struct rlimit limit
                {
                    rlim_t(fileSizeLimit), rlim_t(fileSizeLimit)
                };
                ::setrlimit(RLIMIT_FSIZE, &limit);
            });
        }
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), args);
        return finish(p, args);
    }

private Q_SLOTS:
    void fullDiskFailsClearlyAndKeepsTheTarget_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("format");
        QTest::newRow("json") << "set.json"
                              << "json";
        QTest::newRow("yaml") << "set.yaml"
                              << "yaml";
        QTest::newRow("csv") << "set.csv"
                             << "csv";
    }

    void fullDiskFailsClearlyAndKeepsTheTarget()
    {
        QFETCH(QString, name);
        QFETCH(QString, format);
        test::TempStore s;
        fill(*s);
        s.close();
        QTemporaryDir dir;
        const QString target = dir.filePath(name);
        writeFile(target, "the previous export\n");

        const Run full = cli({ "--store", s.path(), "export", target }, kFileSizeLimit);
        QCOMPARE(full.code, 1);
        // One line naming the file and the system's reason (not "Writing canceled by application").
        QCOMPARE(full.errLines(),
            QStringList { QStringLiteral("recollector-cli: %1: cannot write: %2")
                              .arg(target, QString::fromLocal8Bit(std::strerror(EFBIG))) });
        QVERIFY(full.out.isEmpty());
        // The old file is untouched and nothing else (no partial or temporary file) is left.
        QCOMPARE(readAll(target), QByteArray("the previous export\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
            QStringList { name });

        const Run roomy = cli({ "--store", s.path(), "export", target });
        QCOMPARE(roomy.code, 0);
        QVERIFY(roomy.out.startsWith("exported 21 memories"));
        const QByteArray bytes = readAll(target);
        QVERIFY(bytes.size() > kFileSizeLimit);
        QVERIFY(bytes.contains(kBigId.toUtf8()));
        if (format == QLatin1String("json"))
            QCOMPARE(QJsonDocument::fromJson(bytes).object().value("memories").toArray().size(), 21);
    }

    void fullDiskDuringFolderExportThenRetry()
    {
        test::TempStore s;
        fill(*s);
        s.close();
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(folder));
        // What an export that ran out of space used to leave: empty entry files.
        writeFile(QDir(folder).filePath(QStringLiteral("a0000005.json")), {});
        writeFile(QDir(folder).filePath(kBigId + QStringLiteral(".json")), {});

        const Run full = cli({ "--store", s.path(), "export", folder + QLatin1Char('/') }, kFileSizeLimit);
        QCOMPARE(full.code, 1);
        const QString bigFile = QDir(folder).filePath(kBigId + QStringLiteral(".json"));
        QCOMPARE(full.errLines(),
            QStringList { QStringLiteral("recollector-cli: %1: cannot write: %2")
                              .arg(bigFile, QString::fromLocal8Bit(std::strerror(EFBIG))) });
        // The export went to a temporary sibling first: the folder is exactly as it was (its two
        // empty files), and nothing is left beside it.
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name),
                 QStringList({QStringLiteral("a0000005.json"), kBigId + QStringLiteral(".json")}));
        QCOMPARE(QFileInfo(bigFile).size(), 0);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{QStringLiteral("memory")});

        // With room again, everything is written: the empty file is replaced, not skipped
        // because it "exists".
        const Run roomy = cli({ "--store", s.path(), "export", folder + QLatin1Char('/') });
        QCOMPARE(roomy.code, 0);
        QCOMPARE(roomy.errLines(), QStringList());
        QVERIFY(roomy.out.startsWith("exported 21 memories"));
        for (const QString &file : memoryFiles()) {
            const QJsonObject o = QJsonDocument::fromJson(readAll(QDir(folder).filePath(file))).object();
            QCOMPARE(o.value("id").toString() + QStringLiteral(".json"), file);
        }
    }

    void fullTmpfsDuringFolderExport()
    {
        // A real ENOSPC, on files small enough for QSaveFile's write buffer: where that
        // buffer's failed flush was lost, the export exited 0 and left empty files.
        QTemporaryDir probeDir;
        QProcess probe;
        probe.start(QStringLiteral("unshare"),
            { "-m", "sh", "-c", QStringLiteral("mount -t tmpfs -o size=64k tmpfs '%1'").arg(probeDir.path()) });
        if (!probe.waitForFinished(10000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
            QSKIP("needs a private mount namespace with tmpfs (unshare -m, as root)");

        test::TempStore s;
        for (int i = 1; i <= 20; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("a%1").arg(i, 7, 10, QLatin1Char('0')));
            m.keywords = { QStringLiteral("topic%1").arg(i) };
            QVERIFY(s->memories().insert(m));
        }
        s.close();
        QTemporaryDir dir;
        const QString mountPoint = dir.filePath(QStringLiteral("disk"));
        const QString results = dir.filePath(QStringLiteral("results"));
        QVERIFY(QDir().mkpath(mountPoint));
        QVERIFY(QDir().mkpath(results));
        // 40 KiB of tmpfs holds about ten entry files (a page each): the export runs out.
        const QString script = QStringLiteral(R"(
mount -t tmpfs -o size=40k tmpfs "$DISK" || exit 99
"$CLI" --store "$STORE" export "$DISK/memory/" > "$RESULTS/out1" 2> "$RESULTS/err1"
echo $? > "$RESULTS/rc1"
ls -A "$DISK" > "$RESULTS/disk1"
mount -o remount,size=8m "$DISK" || exit 98
"$CLI" --store "$STORE" export "$DISK/memory/" > "$RESULTS/out2" 2> "$RESULTS/err2"
echo $? > "$RESULTS/rc2"
cp -a "$DISK/memory" "$RESULTS/after-retry"
)");
        QProcess p;
        QProcessEnvironment env = environment();
        env.insert(QStringLiteral("DISK"), mountPoint);
        env.insert(QStringLiteral("RESULTS"), results);
        env.insert(QStringLiteral("STORE"), s.path());
        env.insert(QStringLiteral("CLI"), QStringLiteral(RECOLLECTOR_CLI_PATH));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("unshare"), { "-m", "sh", "-c", script });
        const Run shell = finish(p, { "unshare", "-m", "sh" });
        QCOMPARE(shell.code, 0);

        const QDir r(results);
        QCOMPARE(readAll(r.filePath("rc1")).trimmed(), QByteArray("1"));
        const QStringList lines
            = QString::fromUtf8(readAll(r.filePath("err1"))).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.first().contains(QStringLiteral("/memory/a00000"))
                && lines.first().endsWith(
                    QStringLiteral(".json: cannot write: ") + QString::fromLocal8Bit(std::strerror(ENOSPC))),
            qPrintable(lines.first()));
        // Nothing of the failed export is left: no folder, no temporary sibling.
        QCOMPARE(readAll(r.filePath("disk1")).trimmed(), QByteArray());

        QCOMPARE(readAll(r.filePath("rc2")).trimmed(), QByteArray("0"));
        QCOMPARE(readAll(r.filePath("err2")), QByteArray());
        const QStringList all = QDir(r.filePath("after-retry")).entryList(QDir::Files | QDir::Hidden);
        QCOMPARE(all, memoryFiles().mid(0, 20));
        for (const QString &file : all) {
            const QJsonObject o
                = QJsonDocument::fromJson(readAll(r.filePath("after-retry/" + file))).object();
            QCOMPARE(o.value("id").toString() + QStringLiteral(".json"), file);
        }
    }

    void folderExportNeverWritesThroughLinks()
    {
        test::TempStore s;
        fill(*s);
        s.close();
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(folder));
        const QString victim = dir.filePath(QStringLiteral("victim.txt"));
        writeFile(victim, "precious, not a memory\n");
        const QString nowhere = dir.filePath(QStringLiteral("created-through-a-link.json"));
        QVERIFY(QFile::link(victim, QDir(folder).filePath(QStringLiteral("a0000002.json"))));
        QVERIFY(QFile::link(nowhere, QDir(folder).filePath(QStringLiteral("a0000003.json")))); // dangling

        const Run r = cli({ "--store", s.path(), "export", folder + QLatin1Char('/') });
        QCOMPARE(r.code, 0);
        QCOMPARE(r.errLines(),
            QStringList({ "recollector-cli: warning: a0000002.json: is a symbolic link; not written through it, "
                          "left as it is",
                "recollector-cli: warning: a0000003.json: is a symbolic link; not written through it, left as it "
                "is" }));
        QVERIFY2(
            r.out.startsWith("exported 19 memories") && r.out.contains("2 not written"), r.out.constData());
        QCOMPARE(readAll(victim), QByteArray("precious, not a memory\n"));
        QVERIFY(!QFileInfo::exists(nowhere));
        QVERIFY(QFileInfo(QDir(folder).filePath(QStringLiteral("a0000002.json"))).isSymLink());
        QVERIFY(QFileInfo(QDir(folder).filePath(QStringLiteral("a0000003.json"))).isSymLink());
        for (const QString &file : memoryFiles()) {
            if (file == QLatin1String("a0000002.json") || file == QLatin1String("a0000003.json"))
                continue;
            const QJsonObject o = QJsonDocument::fromJson(readAll(QDir(folder).filePath(file))).object();
            QCOMPARE(o.value("id").toString() + QStringLiteral(".json"), file);
        }
    }

    void fileExportNeverWritesThroughALink()
    {
        test::TempStore s;
        fill(*s);
        s.close();
        QTemporaryDir dir;
        const QString victim = dir.filePath(QStringLiteral("victim.txt"));
        writeFile(victim, "precious\n");
        const QString link = dir.filePath(QStringLiteral("set.json"));
        QVERIFY(QFile::link(victim, link));
        const Run r = cli({ "--store", s.path(), "export", link });
        QCOMPARE(r.code, 1);
        QCOMPARE(r.errLines(),
            QStringList {
                QStringLiteral("recollector-cli: %1: cannot write: is a symbolic link; not written through it")
                    .arg(link) });
        QCOMPARE(readAll(victim), QByteArray("precious\n"));
        QVERIFY(QFileInfo(link).isSymLink());
    }

    void csvDefusesFormulas_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("written");
        QTest::newRow("equals") << "=1+2"
                                << "'=1+2";
        QTest::newRow("hyperlink") << "=HYPERLINK(\"http://x\")"
                                   << "\"'=HYPERLINK(\"\"http://x\"\")\"";
        QTest::newRow("plus") << "+1+cmd|' /C calc'!A0"
                              << "'+1+cmd|' /C calc'!A0";
        QTest::newRow("minus") << "-2+3"
                               << "'-2+3";
        QTest::newRow("at") << "@SUM(A1:A9)"
                            << "'@SUM(A1:A9)";
        QTest::newRow("tab") << "\t=1"
                             << "'\t=1";
        QTest::newRow("carriage return") << "\r=1"
                                         << "\"'\r=1\"";
        QTest::newRow("comma needs quotes too") << "=1,2"
                                                << "\"'=1,2\"";
        QTest::newRow("negative number stays a number") << "-0.5"
                                                        << "-0.5";
        QTest::newRow("plain text") << "likes tea"
                                    << "likes tea";
        QTest::newRow("formula later in the text") << "a=b"
                                                   << "a=b";
    }

    void csvDefusesFormulas()
    {
        QFETCH(QString, field);
        QFETCH(QString, written);
        QCOMPARE(io::CsvWriter::escape(field), written);

        // Through the real export: the cell in the file is the defused one.
        test::TempStore s;
        Memory m = test::sampleMemory(QStringLiteral("m1"));
        m.content = field;
        m.category = QStringLiteral("@category");
        QVERIFY(s->memories().insert(m));
        s.close();
        QTemporaryDir dir;
        const Run r = cli({ "--store", s.path(), "export", dir.filePath("m.csv") });
        QCOMPARE(r.code, 0);
        const QString text = QString::fromUtf8(readAll(dir.filePath("m.csv")));
        QVERIFY2(text.contains(QStringLiteral("\r\nm1,") + written + QStringLiteral(",'@category,")),
            qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestExportSafety)
#include "tst_export_safety.moc"
