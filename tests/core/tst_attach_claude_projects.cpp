// Every project's Claude Code memory attached at once (docs/formats.md, "Claude Code memory
// folders"): `~/.claude/projects` is recognised, each `<slug>/memory/<file>.md` is one memory
// with the slug as its project and `<slug>/<name>` as its id (the same file name in two
// projects is two memories); each project's index problems are reported under its slug; an
// edit rewrites only that project's file; a delete moves it to `~/.claude/.recollector-trash/
// <slug>/memory/` and drops its line from that project's MEMORY.md only; undo restores both
// byte for byte; the command line lists all of them.
#include "TestFiles.h"
#include "attach/AttachedFolder.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "store/Store.h"

#include <QDir>
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

const QString kA = QStringLiteral("-home-dev-site");
const QString kB = QStringLiteral("-home-dev-recollector");

} // namespace

class TestAttachClaudeProjects : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_projects;
    std::unique_ptr<Store> m_store;
    Config m_config = Config::defaults();
    QStringList m_problems;

    void attach()
    {
        QVERIFY(QDir().mkpath(m_tmp.filePath(QStringLiteral("data/attached"))));
        auto store = Store::open(attach::AttachedFolder::sideStorePath(m_projects, m_tmp.filePath(QStringLiteral("data"))));
        QVERIFY(store);
        m_store = std::move(*store);
        auto report = attach::FolderSync::run(*m_store, m_projects);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        m_problems = report->problems;
    }
    QString file(const QString &slug, const QString &name) const
    {
        return QDir(m_projects).filePath(slug + QStringLiteral("/memory/") + name);
    }

private slots:
    void init()
    {
        m_store.reset();
        const QString home = m_tmp.filePath(QStringLiteral("home-%1").arg(QDateTime::currentMSecsSinceEpoch()));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/claude-memory"));
        for (const QString &slug : { kA, kB }) {
            const QString memory = QDir(home).filePath(QStringLiteral(".claude/projects/%1/memory").arg(slug));
            QVERIFY(QDir().mkpath(memory));
            for (const QString &name : fixture.entryList(QDir::Files))
                QVERIFY(QFile::copy(fixture.filePath(name), QDir(memory).filePath(name)));
        }
        m_projects = QFileInfo(QDir(home).filePath(QStringLiteral(".claude/projects"))).canonicalFilePath();
    }

    void everyProjectIsReadWithItsSlug()
    {
        QCOMPARE(attach::AttachedFolder::kindOf(m_projects), attach::AttachedFolder::Kind::ClaudeProjects);
        attach();
        QCOMPARE(*m_store->memories().count(), 40);
        const auto a = m_store->memories().get(kA + QStringLiteral("/feedback_05"));
        const auto b = m_store->memories().get(kB + QStringLiteral("/feedback_05"));
        QVERIFY(a && b);
        QCOMPARE(a->projectPath, kA);
        QCOMPARE(b->projectPath, kB);
        QCOMPARE(b->category, QStringLiteral("feedback"));
        QCOMPARE(b->extra.value(QStringLiteral("name")).toString(), QStringLiteral("Feedback note 5"));
        const QString problems = m_problems.join(QLatin1Char('\n'));
        QVERIFY2(problems.contains(kB + QStringLiteral("/memory/feedback_13.md: not listed in MEMORY.md")), qPrintable(problems));
        QVERIFY2(problems.contains(kA + QStringLiteral("/memory/MEMORY.md line 22: links project_99.md")), qPrintable(problems));
    }

    void decisionsReachOnlyTheirProjectsFiles()
    {
        attach();
        const QByteArray aIndex = readAll(file(kA, QStringLiteral("MEMORY.md")));
        const QByteArray bIndex = readAll(file(kB, QStringLiteral("MEMORY.md")));
        const QByteArray original = readAll(file(kB, QStringLiteral("project_06.md")));
        Decisions d(*m_store, m_config);
        MemoryEdit e;
        e.content = QStringLiteral("Prefer sqlite WAL in this project only.");
        auto edited = d.edit(kB + QStringLiteral("/feedback_05"), e);
        QVERIFY(edited);
        auto deleted = d.softDelete(kB + QStringLiteral("/project_06"));
        QVERIFY(deleted);
        auto written = attach::WriteBack::run(*m_store, m_projects);
        QVERIFY2(written && written->problems.isEmpty(), written ? qPrintable(written->problems.join('\n')) : "");
        QVERIFY(readAll(file(kB, QStringLiteral("feedback_05.md"))).contains("Prefer sqlite WAL in this project only."));
        QVERIFY(!readAll(file(kA, QStringLiteral("feedback_05.md"))).contains("in this project only"));
        QVERIFY(!QFileInfo::exists(file(kB, QStringLiteral("project_06.md"))));
        QCOMPARE(readAll(QDir(m_projects).filePath(QStringLiteral("../.recollector-trash/%1/memory/project_06.md").arg(kB))), original);
        QVERIFY(!readAll(file(kB, QStringLiteral("MEMORY.md"))).contains("(project_06.md)"));
        QCOMPARE(readAll(file(kA, QStringLiteral("MEMORY.md"))), aIndex);
        QVERIFY(QFileInfo::exists(file(kA, QStringLiteral("project_06.md"))));

        QVERIFY(d.revert(deleted->firstEventId()));
        QVERIFY(attach::WriteBack::run(*m_store, m_projects));
        QCOMPARE(readAll(file(kB, QStringLiteral("project_06.md"))), original);
        QCOMPARE(readAll(file(kB, QStringLiteral("MEMORY.md"))), bIndex);
        // The next sync sees nothing the assistant did.
        auto again = attach::FolderSync::run(*m_store, m_projects);
        QVERIFY(again);
        QCOMPARE(again->added + again->removed, 0);
    }

    void theCommandLineListsEveryProject()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), { QStringLiteral("--attach"), m_projects, QStringLiteral("--json"),
                                                   QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        QVERIFY(p.waitForFinished(60000));
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0, err.constData());
        const QJsonArray rows = QJsonDocument::fromJson(p.readAllStandardOutput()).array();
        QCOMPARE(rows.size(), 40);
    }
};

QTEST_GUILESS_MAIN(TestAttachClaudeProjects)
#include "tst_attach_claude_projects.moc"
