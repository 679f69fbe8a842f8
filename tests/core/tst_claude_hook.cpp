// Evidence of use from Claude Code itself (docs/formats.md, "claude-hooks"): the real
// recollector-cli run as Claude Code runs a command hook, with the JSON Claude Code documents
// on stdin. SessionStart records an access for each memory MEMORY.md links within the part
// Claude Code reads (200 lines, 25,000 characters), a Read of a memory file for that one;
// nothing goes to stdout (Claude Code adds it to the conversation). `hook install` merges
// the hooks into settings.json with a backup; `uninstall` removes exactly them.
#include "CliProcess.h"
#include "TestFiles.h"
#include "store/AttachedFileRepository.h"
#include "store/Store.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;

namespace {

void write(const QString &path, const QByteArray &bytes)
{
    QVERIFY(test::writeAll(path, bytes));
}

QByteArray memoryFile(const char *name)
{
    return QByteArray("---\nname: ") + name + "\ndescription: About " + name + "\nmetadata:\n  type: project\n---\n\nFact " + name + ".\n";
}

} // namespace

class TestClaudeHook : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_config;
    QString m_memory;

    test::CliRun hook(const QJsonObject &input, const QStringList &args = { QStringLiteral("hook"), QStringLiteral("claude-code") })
    {
        return test::runCli(args,
                            { { QStringLiteral("CLAUDE_CONFIG_DIR"), m_config },
                              { QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("data")) } },
                            120000, QJsonDocument(input).toJson(QJsonDocument::Compact));
    }

    /// accessCount per memory id in the folder's side store.
    QMap<QString, int> accesses()
    {
        QStringList stores;
        QDirIterator it(m_tmp.filePath(QStringLiteral("data")), { QStringLiteral("*.recollector") }, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            stores << it.next();
        if (stores.size() != 1)
            return { { QStringLiteral("side stores"), int(stores.size()) } };
        auto store = Store::open(stores.first());
        QMap<QString, int> out;
        for (const QString &id : QStringList { "a", "b", "c", "d" })
            out.insert(id, store ? (*store)->memories().get(id)->accessCount : -1);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_config = m_tmp.filePath(QStringLiteral("claude"));
        m_memory = QDir(m_config).filePath(QStringLiteral("projects/-home-dev-shop/memory"));
        // a and b at the top of the index; c past the 200 lines Claude Code reads; d unlisted.
        QByteArray index = "- [a](a.md) — About a\n- [b](b.md) — About b\n";
        for (int i = 0; i < 200; ++i)
            index += "# note " + QByteArray::number(i) + "\n";
        index += "- [c](c.md) — About c\n";
        write(QDir(m_memory).filePath(QStringLiteral("MEMORY.md")), index);
        for (const char *name : { "a", "b", "c", "d" })
            write(QDir(m_memory).filePath(QLatin1String(name) + QStringLiteral(".md")), memoryFile(name));
    }

    void aSessionStartRecordsTheIndexedMemoriesClaudeCodeReads()
    {
        const QByteArray memoryBefore = readAll(QDir(m_memory).filePath(QStringLiteral("a.md")));
        const auto r = hook({ { "session_id", "abc123" }, { "transcript_path", m_tmp.filePath("t.jsonl") },
                              { "cwd", "/home/dev/shop" }, { "hook_event_name", "SessionStart" }, { "source", "startup" } });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        const QMap<QString, int> expected { { "a", 1 }, { "b", 1 }, { "c", 0 }, { "d", 0 } };
        QCOMPARE(accesses(), expected);
        QCOMPARE(readAll(QDir(m_memory).filePath(QStringLiteral("a.md"))), memoryBefore); // nothing written there
    }

    void aReadOfAMemoryFileRecordsThatOne()
    {
        const auto r = hook({ { "session_id", "abc123" }, { "cwd", "/home/dev/shop" }, { "hook_event_name", "PostToolUse" },
                              { "tool_name", "Read" },
                              { "tool_input", QJsonObject { { "file_path", QDir(m_memory).filePath(QStringLiteral("d.md")) } } },
                              { "tool_response", QJsonObject { { "type", "text" } } } });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.isEmpty());
        const QMap<QString, int> expected { { "a", 1 }, { "b", 1 }, { "c", 0 }, { "d", 1 } };
        QCOMPARE(accesses(), expected);
    }

    void otherCallsRecordNothing()
    {
        const QString elsewhere = m_tmp.filePath(QStringLiteral("notes.md"));
        write(elsewhere, "# notes\n");
        for (const QJsonObject &input :
             { QJsonObject { { "hook_event_name", "PostToolUse" }, { "tool_name", "Read" },
                             { "tool_input", QJsonObject { { "file_path", elsewhere } } } },
               QJsonObject { { "hook_event_name", "PostToolUse" }, { "tool_name", "Bash" },
                             { "tool_input", QJsonObject { { "command", "ls" } } } },
               QJsonObject { { "hook_event_name", "SessionStart" }, { "cwd", "/home/dev/no-memory-here" } } }) {
            const auto r = hook(input);
            QVERIFY2(r.code == 0, r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
        const QMap<QString, int> expected { { "a", 1 }, { "b", 1 }, { "c", 0 }, { "d", 1 } };
        QCOMPARE(accesses(), expected);
        const auto bad = test::runCli({ QStringLiteral("hook"), QStringLiteral("claude-code") },
                                      { { QStringLiteral("CLAUDE_CONFIG_DIR"), m_config } }, 120000, "not json");
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains("hook input: not a JSON object"), bad.err.constData());
    }

    void installMergesAndUninstallRemovesExactlyOurs()
    {
        const QString settings = QDir(m_config).filePath(QStringLiteral("settings.json"));
        const QJsonObject theirs { { "model", "opus" },
                                   { "hooks", QJsonObject { { "PreToolUse", QJsonArray { QJsonObject {
                                                                  { "matcher", "Bash" },
                                                                  { "hooks", QJsonArray { QJsonObject {
                                                                                 { "type", "command" }, { "command", "audit.sh" } } } } } } } } } };
        const QByteArray original = QJsonDocument(theirs).toJson();
        write(settings, original);
        const QStringList install { QStringLiteral("hook"), QStringLiteral("install"), QStringLiteral("claude-code") };
        auto r = hook({}, install);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("settings.json"));
        QCOMPARE(readAll(settings + QStringLiteral(".recollector-backup")), original);
        const QJsonObject installed = QJsonDocument::fromJson(readAll(settings)).object();
        QCOMPARE(installed.value("model").toString(), QStringLiteral("opus"));
        const QJsonObject hooks = installed.value("hooks").toObject();
        QCOMPARE(hooks.value("PreToolUse"), theirs.value("hooks").toObject().value("PreToolUse"));
        const QString ours = hooks.value("SessionStart").toArray().at(0).toObject().value("hooks").toArray().at(0).toObject().value("command").toString();
        QVERIFY2(ours.endsWith(QStringLiteral(" hook claude-code")), qPrintable(ours));
        const QJsonObject read = hooks.value("PostToolUse").toArray().at(0).toObject();
        QCOMPARE(read.value("matcher").toString(), QStringLiteral("Read"));
        QCOMPARE(read.value("hooks").toArray().at(0).toObject().value("command").toString(), ours);

        // Twice is once.
        const QByteArray once = readAll(settings);
        r = hook({}, install);
        QCOMPARE(r.code, 0);
        QCOMPARE(readAll(settings), once);

        r = hook({}, { QStringLiteral("hook"), QStringLiteral("uninstall"), QStringLiteral("claude-code") });
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(QJsonDocument::fromJson(readAll(settings)).object(), theirs);
    }

    void aSettingsFileThatIsNotJsonIsLeftAlone()
    {
        const QString settings = QDir(m_config).filePath(QStringLiteral("settings.json"));
        write(settings, "{ \"model\": ");
        const auto r = hook({}, { QStringLiteral("hook"), QStringLiteral("install"), QStringLiteral("claude-code") });
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("settings.json: not a JSON object"), r.err.constData());
        QCOMPARE(readAll(settings), QByteArray("{ \"model\": "));
    }
};

QTEST_GUILESS_MAIN(TestClaudeHook)
#include "tst_claude_hook.moc"
