// Claude Code memory folders as an import and export format, `--format claude-memory`
// (docs/formats.md, "Claude Code memory folders"), through the one import path
// (FormatRegistry) and recollector-cli as a real process: import by name and by content (a folder
// holding MEMORY.md) maps type → category, body → content, name and description kept, and
// reports the index's problems; export writes one Markdown file per memory with its front
// matter and a MEMORY.md line each; a memory deleted in Recollector gets no file and its old file
// moves to the trash beside the folder; the export imports back to the same memories.
#include "TestFiles.h"
#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "formats/FormatRegistry.h"
#include "store/Store.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

const QString kFixture = QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/claude-memory");

} // namespace

class TestClaudeMemoryFormat : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_store;

    Run cli(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), QStringList { QStringLiteral("--store"), m_store } + args);
        Run r;
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    QJsonArray list()
    {
        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        [&] { QVERIFY2(r.code == 0, r.err.constData()); }();
        return QJsonDocument::fromJson(r.out).array();
    }

private slots:
    void init()
    {
        m_store = m_tmp.filePath(QStringLiteral("s-%1.recollector").arg(QDateTime::currentMSecsSinceEpoch()));
    }

    void theRegistryRecognisesTheFolderAndMapsItsFields()
    {
        const auto &registry = io::formats::FormatRegistry::instance();
        const io::FormatAdapter *found = registry.detect(io::FormatProbe::of(kFixture));
        QVERIFY(found);
        QCOMPARE(found->name(), QStringLiteral("claude-memory"));
        QVERIFY(registry.writableNames().contains(QStringLiteral("claude-memory")));
        auto set = registry.read(kFixture, {});
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QCOMPARE(int(set->memories.size()), 20);
        const auto it = std::find_if(set->memories.begin(), set->memories.end(),
                                     [](const Memory &m) { return m.id == QLatin1String("feedback_05"); });
        QVERIFY(it != set->memories.end());
        QCOMPARE(it->category, QStringLiteral("feedback"));
        QCOMPARE(it->extra.value(QStringLiteral("name")).toString(), QStringLiteral("Feedback note 5"));
        QCOMPARE(it->extra.value(QStringLiteral("description")).toString(), QStringLiteral("What to remember about sqlite WAL"));
        QVERIFY(it->content.startsWith(QStringLiteral("Prefer sqlite WAL when working on deploys.")));
        const QString problems = set->problems.join(QLatin1Char('\n'));
        QVERIFY2(problems.contains(QStringLiteral("feedback_13.md: not listed in MEMORY.md")), qPrintable(problems));
        QVERIFY2(problems.contains(QStringLiteral("links project_99.md, which does not exist")), qPrintable(problems));
    }

    void aProjectsMemoryCarriesItsSlugAsTheProject()
    {
        const QString folder = m_tmp.filePath(QStringLiteral("home/.claude/projects/-home-dev-recollector/memory"));
        QVERIFY(QDir().mkpath(folder));
        for (const QString &name : QDir(kFixture).entryList(QDir::Files))
            QVERIFY(QFile::copy(QDir(kFixture).filePath(name), QDir(folder).filePath(name)));
        auto set = io::formats::FormatRegistry::instance().read(folder, {});
        QVERIFY(set);
        QCOMPARE(set->memories.front().projectPath, QStringLiteral("-home-dev-recollector"));
        // Attached in place: the table's project column shows the slug.
        QVERIFY(QDir().mkpath(m_tmp.filePath(QStringLiteral("data/attached"))));
        auto store = Store::open(attach::AttachedFolder::sideStorePath(folder, m_tmp.filePath(QStringLiteral("data"))));
        QVERIFY(store);
        QVERIFY(attach::FolderSync::run(**store, QFileInfo(folder).canonicalFilePath()));
        QCOMPARE((*store)->memories().get(QStringLiteral("feedback_05"))->projectPath, QStringLiteral("-home-dev-recollector"));
    }

    void importByNameAndExportBackRoundTrips()
    {
        Run r = cli({ QStringLiteral("import"), kFixture, QStringLiteral("--format"), QStringLiteral("claude-memory") });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray before = list();
        QCOMPARE(before.size(), 20);

        // One memory that is not a Claude type, one deleted.
        r = cli({ QStringLiteral("add"), QStringLiteral("--content"), QStringLiteral("Run the linters before pushing"), QStringLiteral("--category"),
                  QStringLiteral("pattern") });
        QVERIFY2(r.code == 0, r.err.constData());
        const QString out = m_tmp.filePath(QStringLiteral("out-%1/memory").arg(QDateTime::currentMSecsSinceEpoch()));
        r = cli({ QStringLiteral("export"), out, QStringLiteral("--format"), QStringLiteral("claude-memory") });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(QDir(out).entryList({ QStringLiteral("*.md") }, QDir::Files).size(), 22); // 21 memories + MEMORY.md
        const QByteArray feedback = readAll(QDir(out).filePath(QStringLiteral("feedback_05.md")));
        QVERIFY2(feedback.startsWith("---\nname: Feedback note 5\ndescription: What to remember about sqlite WAL\nmetadata:\n"
                                     "  type: feedback\n"),
                 feedback.constData());
        QVERIFY(feedback.contains("\n---\n\nPrefer sqlite WAL when working on deploys."));
        const QByteArray index = readAll(QDir(out).filePath(QStringLiteral("MEMORY.md")));
        QVERIFY2(index.contains("- [Feedback note 5](feedback_05.md) — What to remember about sqlite WAL\n"), index.constData());
        QCOMPARE(int(index.count("](")), 21);
        QStringList patternFiles;
        QDirIterator it(out, { QStringLiteral("*.md") }, QDir::Files);
        while (it.hasNext()) {
            const QByteArray bytes = readAll(it.next());
            if (it.fileName() != QLatin1String("MEMORY.md") && bytes.contains("Run the linters before pushing"))
                patternFiles << it.fileName();
        }
        QCOMPARE(patternFiles.size(), 1);
        const QByteArray pattern = readAll(QDir(out).filePath(patternFiles.first()));
        QVERIFY2(pattern.contains("\nmetadata:\n  type: feedback\n  category: pattern\n"), pattern.constData());

        // Deleted in Recollector: exported again, its file moves to the trash beside the folder and
        // its index line goes.
        r = cli({ QStringLiteral("delete"), QStringLiteral("feedback_05") });
        QVERIFY2(r.code == 0, r.err.constData());
        r = cli({ QStringLiteral("export"), out, QStringLiteral("--format"), QStringLiteral("claude-memory") });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!QFileInfo::exists(QDir(out).filePath(QStringLiteral("feedback_05.md"))));
        QCOMPARE(readAll(QDir(out).filePath(QStringLiteral("../.recollector-trash/feedback_05.md"))), feedback);
        QVERIFY(!readAll(QDir(out).filePath(QStringLiteral("MEMORY.md"))).contains("feedback_05.md"));

        // The export reads back (by content, no --format) to the same memories.
        auto set = io::formats::FormatRegistry::instance().read(out, {});
        QVERIFY2(set, set ? "" : qPrintable(set.error().message));
        QCOMPARE(int(set->memories.size()), 20);
        QVERIFY2(set->problems.isEmpty(), qPrintable(set->problems.join('\n')));
        for (const Memory &m : set->memories) {
            if (m.id == QLatin1String("project_06")) {
                QCOMPARE(m.category, QStringLiteral("project"));
                QCOMPARE(m.extra.value(QStringLiteral("name")).toString(), QStringLiteral("Project note 6"));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestClaudeMemoryFormat)
#include "tst_claude_memory_format.moc"
