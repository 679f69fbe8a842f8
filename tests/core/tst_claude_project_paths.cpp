// A Claude Code project's memory belongs to the project's path, not to its slug
// (docs/formats.md, "Claude Code memory folders"): the slug (every character outside
// [A-Za-z0-9] turned into "-") is mapped back through the projects Claude Code records in
// its `.claude.json`; a slug no recorded path gives stays a slug. CLAUDE_CONFIG_DIR moves
// both the projects and `.claude.json`.
#include "TestFiles.h"
#include "attach/ClaudeProjects.h"
#include "attach/ClaudeProjectsFormat.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using attach::ClaudeProjects;

namespace {

void write(const QString &path, const QByteArray &bytes)
{
    QVERIFY(test::writeAll(path, bytes));
}

const QByteArray kMemory = "---\nname: shop-db\ndescription: The shop uses Postgres\nmetadata:\n  type: project\n---\n\nThe shop uses Postgres 15.\n";

/// A Claude configuration folder at `config` with projects for /home/dev/shop (recorded) and
/// an unrecorded one; `claudeJson` is where its .claude.json goes.
void makeConfig(const QString &config, const QString &claudeJson)
{
    for (const char *slug : { "-home-dev-shop", "-home-dev-gone" }) {
        write(QDir(config).filePath(QStringLiteral("projects/%1/memory/MEMORY.md").arg(QLatin1String(slug))),
              "- [shop-db](shop-db.md) — The shop uses Postgres\n");
        write(QDir(config).filePath(QStringLiteral("projects/%1/memory/shop-db.md").arg(QLatin1String(slug))), kMemory);
    }
    write(claudeJson, R"({"numStartups": 4, "projects": {"/home/dev/shop": {"allowedTools": []}, "/home/dev/blog": {}}})");
}

} // namespace

class TestClaudeProjectPaths : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theSlugRuleIsClaudeCodes()
    {
        QCOMPARE(ClaudeProjects::slugOf(QStringLiteral("/home/dev/my_app.v2")), QStringLiteral("-home-dev-my-app-v2"));
        QCOMPARE(ClaudeProjects::slugOf(QStringLiteral("C:\\Users\\dev\\shop")), QStringLiteral("C--Users-dev-shop"));
        QCOMPARE(ClaudeProjects::slugOf(QStringLiteral("/home/dév/shop")), QStringLiteral("-home-d-v-shop"));
    }

    void projectsAreThePathsClaudeCodeRecorded()
    {
        QTemporaryDir home;
        makeConfig(home.filePath(QStringLiteral(".claude")), home.filePath(QStringLiteral(".claude.json")));
        const auto found = ClaudeProjects::find(home.path());
        QCOMPARE(int(found.size()), 2);
        QCOMPARE(found[0].slug, QStringLiteral("-home-dev-gone"));
        QCOMPARE(found[0].project, QStringLiteral("-home-dev-gone")); // no recorded path: the slug, as it is
        QCOMPARE(found[1].slug, QStringLiteral("-home-dev-shop"));
        QCOMPARE(found[1].project, QStringLiteral("/home/dev/shop"));
        QCOMPARE(ClaudeProjects::projectOf(found[1].folder), QStringLiteral("/home/dev/shop"));

        // All projects at once: each memory is its project's, and a memory of that project
        // goes back to the project's slug folder.
        const QString projects = home.filePath(QStringLiteral(".claude/projects"));
        const attach::ClaudeProjectsFormat format(ClaudeProjects::recordedPaths(projects));
        const auto parsed = format.parse(kMemory, QStringLiteral("-home-dev-shop/memory/shop-db.md"), 0, 24);
        QVERIFY(parsed);
        QCOMPARE(parsed->memory.projectPath, QStringLiteral("/home/dev/shop"));
        Memory correction = parsed->memory;
        correction.id = QStringLiteral("mem_01");
        QCOMPARE(format.newFileName(correction), QStringLiteral("-home-dev-shop/memory/mem_01.md"));
    }

    void claudeConfigDirMovesBoth()
    {
        QTemporaryDir tmp;
        const QString config = tmp.filePath(QStringLiteral("claude-config"));
        makeConfig(config, QDir(config).filePath(QStringLiteral(".claude.json")));
        qputenv("CLAUDE_CONFIG_DIR", config.toUtf8());
        const auto found = ClaudeProjects::find();
        qunsetenv("CLAUDE_CONFIG_DIR");
        QCOMPARE(int(found.size()), 2);
        QCOMPARE(found[1].project, QStringLiteral("/home/dev/shop"));
        QCOMPARE(found[1].folder, QDir(config).filePath(QStringLiteral("projects/-home-dev-shop/memory")));
    }
};

QTEST_GUILESS_MAIN(TestClaudeProjectPaths)
#include "tst_claude_project_paths.moc"
