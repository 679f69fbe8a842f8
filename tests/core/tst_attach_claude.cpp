// Claude Code's auto memory attached in place (docs/formats.md, "Claude Code memory
// folders"): MEMORY.md plus one Markdown file per memory. Attaching writes nothing and reports
// an unlisted file and an index line whose file is missing; an edit rewrites only the body
// (front matter, unknown keys kept); a delete moves the file to the trash and drops its index
// line (order and style kept); undo restores both byte for byte; a long index is warned about.
#include "TestFiles.h"
#include "attach/AttachedFolder.h"
#include "attach/ClaudeProjects.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;

namespace {

std::map<QString, QByteArray> snapshot(const QString &dir)
{
    std::map<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out[QDir(dir).relativeFilePath(path)] = readAll(path);
    }
    return out;
}

} // namespace

class TestAttachClaude : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_root;
    QString m_folder;
    std::unique_ptr<Store> m_store;
    Config m_config = Config::defaults();
    QStringList m_problems;

    void attach()
    {
        m_store.reset();
        QVERIFY(QDir().mkpath(m_tmp.filePath(QStringLiteral("data/attached"))));
        auto store = Store::open(attach::AttachedFolder::sideStorePath(m_folder, m_tmp.filePath(QStringLiteral("data"))));
        QVERIFY(store);
        m_store = std::move(*store);
        auto report = attach::FolderSync::run(*m_store, m_folder);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        m_problems = report->problems;
    }
    QString file(const QString &name) const { return QDir(m_folder).filePath(name); }

private slots:
    void init()
    {
        m_store.reset();
        m_root = m_tmp.filePath(QStringLiteral("project-%1").arg(QDateTime::currentMSecsSinceEpoch()));
        const QString folder = QDir(m_root).filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/claude-memory"));
        for (const QString &name : fixture.entryList(QDir::Files))
            QVERIFY(QFile::copy(fixture.filePath(name), QDir(folder).filePath(name)));
        m_folder = QFileInfo(folder).canonicalFilePath();
        m_root = QFileInfo(m_root).canonicalFilePath();
    }

    void attachReadsTheFilesReportsTheIndexAndWritesNothing()
    {
        QCOMPARE(attach::AttachedFolder::kindOf(m_folder), attach::AttachedFolder::Kind::ClaudeMemory);
        const auto before = snapshot(m_root);
        attach();
        QCOMPARE(snapshot(m_root), before);
        QCOMPARE(*m_store->memories().count(), 20);
        const auto m = m_store->memories().get(QStringLiteral("feedback_05"));
        QVERIFY(m);
        QCOMPARE(m->category, QStringLiteral("feedback"));
        QVERIFY(m->content.startsWith(QStringLiteral("Prefer sqlite WAL when working on deploys.")));
        QCOMPARE(m->extra.value(QStringLiteral("name")).toString(), QStringLiteral("Feedback note 5"));
        const QString problems = m_problems.join(QLatin1Char('\n'));
        QVERIFY2(problems.contains(QStringLiteral("feedback_13.md: not listed in MEMORY.md")), qPrintable(problems));
        QVERIFY2(problems.contains(QStringLiteral("links project_99.md, which does not exist")), qPrintable(problems));
    }

    void anEditRewritesTheBodyKeepingTheFrontMatter()
    {
        attach();
        const QByteArray index = readAll(file(QStringLiteral("MEMORY.md")));
        Decisions d(*m_store, m_config);
        MemoryEdit e;
        e.content = QStringLiteral("Prefer sqlite WAL everywhere.\n\nWhy: readers never block the writer.");
        auto out = d.edit(QStringLiteral("feedback_05"), e);
        QVERIFY(out);
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QCOMPARE(readAll(file(QStringLiteral("feedback_05.md"))),
                 QByteArray("---\nname: Feedback note 5\ndescription: What to remember about sqlite WAL\ntype: feedback\n"
                            "origin: imported-by-hand\n---\n\nPrefer sqlite WAL everywhere.\n\nWhy: readers never block the writer.\n"));
        QCOMPARE(readAll(file(QStringLiteral("MEMORY.md"))), index);
        QVERIFY(d.revert(out->firstEventId()));
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QCOMPARE(readAll(file(QStringLiteral("feedback_05.md"))),
                 readAll(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/claude-memory/feedback_05.md")));
    }

    void deleteMovesTheFileAndDropsItsIndexLineUndoRestoresBoth()
    {
        attach();
        const QByteArray index = readAll(file(QStringLiteral("MEMORY.md")));
        const QByteArray original = readAll(file(QStringLiteral("project_06.md")));
        Decisions d(*m_store, m_config);
        auto out = d.softDelete(QStringLiteral("project_06"));
        QVERIFY(out);
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QVERIFY(!QFileInfo::exists(file(QStringLiteral("project_06.md"))));
        QCOMPARE(readAll(QDir(m_root).filePath(QStringLiteral(".recollector-trash/project_06.md"))), original);
        QByteArray expected = index;
        expected.replace("- [Project note 6](project_06.md) — What to remember about git rebase\n", "");
        QVERIFY(expected != index);
        QCOMPARE(readAll(file(QStringLiteral("MEMORY.md"))), expected);

        QVERIFY(d.revert(out->firstEventId()));
        QVERIFY(attach::WriteBack::run(*m_store, m_folder));
        QCOMPARE(readAll(file(QStringLiteral("project_06.md"))), original);
        QCOMPARE(readAll(file(QStringLiteral("MEMORY.md"))), index);
    }

    void anIndexPastTwoHundredLinesIsWarnedAbout()
    {
        QFile index(file(QStringLiteral("MEMORY.md")));
        QVERIFY(index.open(QIODevice::Append));
        for (int i = 0; i < 200; ++i)
            index.write(QByteArray("- a note line ") + QByteArray::number(i) + "\n");
        index.close();
        attach();
        QVERIFY(m_problems.join(QLatin1Char('\n')).contains(QStringLiteral("the assistant reads only the first 200")));
    }

    void everyProjectsMemoryFolderIsFound()
    {
        const QString home = m_tmp.filePath(QStringLiteral("home-%1").arg(QDateTime::currentMSecsSinceEpoch()));
        for (const char *slug : { "-home-dev-recollector", "-home-dev-site" })
            QVERIFY(QDir().mkpath(QDir(home).filePath(QStringLiteral(".claude/projects/%1/memory").arg(QLatin1String(slug)))));
        QVERIFY(QDir().mkpath(QDir(home).filePath(QStringLiteral(".claude/projects/-home-dev-empty/memory"))));
        QFile index(QDir(home).filePath(QStringLiteral(".claude/projects/-home-dev-recollector/memory/MEMORY.md")));
        QVERIFY(index.open(QIODevice::WriteOnly));
        index.write("# Memory index\n");
        index.close();
        QFile note(QDir(home).filePath(QStringLiteral(".claude/projects/-home-dev-site/memory/user_a.md")));
        QVERIFY(note.open(QIODevice::WriteOnly));
        note.write("---\nname: a\ntype: user\n---\n\nText\n");
        note.close();
        const auto found = attach::ClaudeProjects::find(home);
        QCOMPARE(found.size(), std::size_t(2)); // the empty folder is not a memory
        QCOMPARE(found[0].project, QStringLiteral("-home-dev-recollector"));
        QCOMPARE(found[1].project, QStringLiteral("-home-dev-site"));
        QVERIFY(found[1].folder.endsWith(QStringLiteral("/-home-dev-site/memory")));
    }

    void theCommandLineAttachesIt()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), { QStringLiteral("--attach"), m_folder, QStringLiteral("--json"),
                                                   QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QJsonDocument::fromJson(p.readAllStandardOutput()).array().size(), 20);
        QVERIFY(p.readAllStandardError().contains("feedback_13.md: not listed"));
    }
};

QTEST_GUILESS_MAIN(TestAttachClaude)
#include "tst_attach_claude.moc"
