// A Claude Code memory folder in Claude Code 2.1's own form (nested front matter), attached,
// and every kind of decision written back (docs/formats.md, "Claude Code memory folders"):
// after an edit of the category, a negation with a correction, an add, a merge, a delete and
// the undo of each, the folder holds no file whose fact the user negated or deleted, every
// index line links an existing file and has a hook, and every memory file parses with
// yaml-cpp and has a name, a description and a type Claude Code knows.
#include "TestFiles.h"
#include "attach/AttachedFolder.h"
#include "attach/ClaudeMemoryFormat.h"
#include "attach/FolderSync.h"
#include "attach/WriteBack.h"
#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "engine/review/CleanupRules.h"
#include "io/YamlJson.h"
#include "store/Store.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using namespace recollector::core;
using test::readAll;

namespace {

QByteArray memoryFile(const char *name, const char *description, const char *type, const char *body)
{
    return QByteArray("---\nname: ") + name + "\ndescription: " + description + "\nmetadata:\n  node_type: memory\n  type: "
        + type + "\n  originSessionId: 3b1f0c2e-5d7a-4c1e-9f00-1a2b3c4d5e6f\n---\n\n" + body + "\n";
}

void write(const QString &path, const QByteArray &bytes)
{
    QVERIFY(test::writeAll(path, bytes));
}

} // namespace

class TestAttachClaudeFidelity : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_folder;
    std::unique_ptr<Store> m_store;
    Config m_config = Config::defaults();
    int m_run = 0;

    QString file(const QString &name) const { return QDir(m_folder).filePath(name); }

    void writeBack()
    {
        const auto report = attach::WriteBack::run(*m_store, m_folder);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->problems.isEmpty(), qPrintable(report->problems.join(QLatin1Char('\n'))));
    }

    /// What Claude Code would read from the folder, checked; `absent` are facts it must not see.
    void checkFolder(const QStringList &absent)
    {
        const QDir dir(m_folder);
        const QStringList files = dir.entryList({ QStringLiteral("*.md") }, QDir::Files, QDir::Name);
        const QString index = QString::fromUtf8(readAll(file(QStringLiteral("MEMORY.md"))));
        for (const QString &name : files) {
            const QByteArray bytes = readAll(file(name));
            for (const QString &fact : absent)
                QVERIFY2(!QString::fromUtf8(bytes).contains(fact), qPrintable(name + QStringLiteral(" still says ") + fact));
            if (name == QLatin1String("MEMORY.md"))
                continue;
            const qsizetype end = bytes.indexOf("\n---\n", 3);
            QVERIFY2(bytes.startsWith("---\n") && end > 0, qPrintable(name));
            const auto yaml = io::YamlJson::parse(bytes.mid(4, end - 3), name);
            QVERIFY2(yaml && yaml->isObject(), qPrintable(name + QStringLiteral(": ") + QString::fromUtf8(bytes)));
            const QJsonObject top = yaml->toObject();
            QVERIFY2(!top.value(QStringLiteral("name")).toString().isEmpty(), qPrintable(name));
            QVERIFY2(!top.value(QStringLiteral("description")).toString().isEmpty(), qPrintable(name));
            const QString type = top.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("type")).toString();
            QVERIFY2(attach::ClaudeMemoryFormat::isClaudeType(type), qPrintable(name + QStringLiteral(": type ") + type));
            QVERIFY2(!top.contains(QStringLiteral("type")), qPrintable(name + QStringLiteral(": a type outside metadata")));
            QVERIFY2(index.contains(QStringLiteral("](%1)").arg(name)), qPrintable(name + QStringLiteral(" is not in the index")));
        }
        static const QRegularExpression link(QStringLiteral("^- \\[[^\\]]+\\]\\(([^)]+)\\) — \\S"));
        for (const QString &line : index.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (line.startsWith(QLatin1Char('#')))
                continue;
            const auto m = link.match(line);
            QVERIFY2(m.hasMatch(), qPrintable(QStringLiteral("index line without a hook: ") + line));
            QVERIFY2(QFileInfo::exists(file(m.captured(1))), qPrintable(QStringLiteral("index links a missing file: ") + line));
            QVERIFY2(line.size() <= attach::ClaudeMemoryFormat::kIndexLineLength, qPrintable(line));
        }
    }

private slots:
    void init()
    {
        m_store.reset();
        m_folder = m_tmp.filePath(QStringLiteral("projects/-home-dev-shop-%1/memory").arg(++m_run));
        QVERIFY(QDir().mkpath(m_folder));
        write(file(QStringLiteral("MEMORY.md")),
              "- [real-db-in-tests](real-db-in-tests.md) — Integration tests hit a real database\n"
              "- [deploy-day](deploy-day.md) — Deploys go out on Fridays\n"
              "- [editor](editor.md) — The user edits in Helix\n");
        write(file(QStringLiteral("real-db-in-tests.md")),
              memoryFile("real-db-in-tests", "Integration tests hit a real database", "feedback",
                         "Integration tests must hit a real database, never mocks."));
        write(file(QStringLiteral("deploy-day.md")),
              memoryFile("deploy-day", "Deploys go out on Fridays", "project", "Deploys go out on Fridays after the freeze."));
        write(file(QStringLiteral("editor.md")),
              memoryFile("editor", "The user edits in Helix", "user", "The user edits code in Helix with the default keymap."));
        QVERIFY(QDir().mkpath(m_tmp.filePath(QStringLiteral("data/attached"))));
        auto store = Store::open(attach::AttachedFolder::sideStorePath(m_folder, m_tmp.filePath(QStringLiteral("data"))));
        QVERIFY(store);
        m_store = std::move(*store);
        QVERIFY(attach::FolderSync::run(*m_store, m_folder));
        checkFolder({});
    }

    void anEditedCategoryKeepsTheNestedForm()
    {
        Decisions d(*m_store, m_config);
        MemoryEdit e;
        e.category = QStringLiteral("pitfall");
        const auto out = d.edit(QStringLiteral("real-db-in-tests"), e);
        QVERIFY(out);
        writeBack();
        checkFolder({});
        const QByteArray bytes = readAll(file(QStringLiteral("real-db-in-tests.md")));
        QVERIFY2(bytes.contains("\n  type: feedback\n") && bytes.contains("\n  category: pitfall\n"), bytes.constData());
        // Read back, the category is the one the user chose.
        QVERIFY(attach::FolderSync::run(*m_store, m_folder));
        QCOMPARE(m_store->memories().get(QStringLiteral("real-db-in-tests"))->category, QStringLiteral("pitfall"));
        QVERIFY(d.revert(out->firstEventId()));
        writeBack();
        QCOMPARE(readAll(file(QStringLiteral("real-db-in-tests.md"))),
                 memoryFile("real-db-in-tests", "Integration tests hit a real database", "feedback",
                            "Integration tests must hit a real database, never mocks."));
    }

    void aNegatedFactLeavesTheFolderAndItsCorrectionTakesItsPlace()
    {
        const QByteArray indexBefore = readAll(file(QStringLiteral("MEMORY.md")));
        const QByteArray fileBefore = readAll(file(QStringLiteral("deploy-day.md")));
        Decisions d(*m_store, m_config);
        const auto out = d.negate(QStringLiteral("deploy-day"), QStringLiteral("Deploys go out on Tuesdays since the new release train."));
        QVERIFY(out);
        const auto report = attach::WriteBack::run(*m_store, m_folder);
        QVERIFY(report);
        QCOMPARE(report->retired, QStringList { QStringLiteral("deploy-day.md") }); // the person is told
        checkFolder({ QStringLiteral("Fridays") });
        QVERIFY(!QFileInfo::exists(file(QStringLiteral("deploy-day.md"))));
        QVERIFY(QString::fromUtf8(readAll(file(QStringLiteral("MEMORY.md")))).contains(QStringLiteral("Tuesdays")));
        // The next sync does not take the trashed file for one the assistant removed.
        QVERIFY(attach::FolderSync::run(*m_store, m_folder));
        QVERIFY(!m_store->memories().get(QStringLiteral("deploy-day"))->isDeleted());

        QVERIFY(d.revert(out->firstEventId()));
        writeBack();
        checkFolder({ QStringLiteral("Tuesdays") });
        QCOMPARE(readAll(file(QStringLiteral("deploy-day.md"))), fileBefore);
        QCOMPARE(readAll(file(QStringLiteral("MEMORY.md"))), indexBefore);
    }

    void anAddedMemoryHasANameADescriptionAndAHook()
    {
        Decisions d(*m_store, m_config);
        Memory m;
        m.content = QStringLiteral("Run the linters with make lint before every push.\nThey catch the import order.");
        m.category = QStringLiteral("rule");
        m.keywords = { QStringLiteral("lint") };
        const auto out = d.create(m);
        QVERIFY(out);
        writeBack();
        checkFolder({});
        const QString id = out->createdIds.value(0);
        const QByteArray bytes = readAll(file(id + QStringLiteral(".md")));
        QVERIFY2(bytes.startsWith("---\nname: run-the-linters-with-make-lint\n"
                                  "description: Run the linters with make lint before every push.\nmetadata:\n"
                                  "  type: feedback\n  category: rule\n---\n"),
                 bytes.constData());
        QVERIFY(d.revert(out->firstEventId()));
        writeBack();
        checkFolder({ QStringLiteral("linters") });
    }

    void aMergeLeavesOneFile()
    {
        Decisions d(*m_store, m_config);
        const auto out = d.merge({ QStringLiteral("real-db-in-tests"), QStringLiteral("editor") },
                                 QStringLiteral("Tests hit a real database; the user edits in Helix."));
        QVERIFY(out);
        writeBack();
        checkFolder({ QStringLiteral("never mocks"), QStringLiteral("default keymap") });
        QVERIFY(d.revert(out->firstEventId()));
        writeBack();
        checkFolder({ QStringLiteral("the user edits in Helix.") });
        QVERIFY(QFileInfo::exists(file(QStringLiteral("editor.md"))));
    }

    // Claude Code scans the folder recursively, and reads only its four types.
    void subfoldersAreReadAndUnknownTypesReported()
    {
        write(file(QStringLiteral("topics/deploys.md")), memoryFile("deploys", "How deploys work", "project", "Deploys use blue-green."));
        write(file(QStringLiteral("old.md")), "---\nname: old\ndescription: An old note\ntype: pitfall\n---\n\nOld note.\n");
        write(file(QStringLiteral(".hidden/secret.md")), memoryFile("secret", "Not scanned", "user", "Hidden."));
        const auto report = attach::FolderSync::run(*m_store, m_folder);
        QVERIFY(report);
        QVERIFY(m_store->memories().get(QStringLiteral("topics/deploys")));
        QCOMPARE(m_store->memories().get(QStringLiteral("old"))->category, QStringLiteral("pitfall"));
        QVERIFY(!m_store->memories().get(QStringLiteral(".hidden/secret")));
        const QString problems = report->problems.join(QLatin1Char('\n'));
        QVERIFY2(problems.contains(QStringLiteral("old.md: type \"pitfall\" is not one Claude Code reads")), qPrintable(problems));
        QVERIFY2(problems.contains(QStringLiteral("topics/deploys.md: not listed in MEMORY.md")), qPrintable(problems));
    }

    // A memory Claude Code never reported using shows no made-up fade and is never cleaned up.
    void aMemoryWithoutEvidenceOfUseIsNotCleanedUp()
    {
        const auto m = m_store->memories().get(QStringLiteral("editor"));
        QVERIFY(m);
        QCOMPARE(m->source.type, claudeCodeSource());
        QVERIFY(awaitsEvidenceOfUse(m->source.type, m->accessCount));
        const auto facts = cleanup_rules::Facts::of(*m);
        QVERIFY(cleanup_rules::isProtected(facts));
        Decisions d(*m_store, m_config);
        QVERIFY(d.reinforce(QStringLiteral("editor"), ReinforceEvent::Access));
        const auto used = m_store->memories().get(QStringLiteral("editor"));
        QVERIFY(!awaitsEvidenceOfUse(used->source.type, used->accessCount));
        QVERIFY(!cleanup_rules::isProtected(cleanup_rules::Facts::of(*used)));
    }

    // Undo of a delete after a later add: the file and its index line both come back.
    void undoOfADeleteAfterALaterAddBringsBackTheIndexLine()
    {
        Decisions d(*m_store, m_config);
        const auto removed = d.softDelete(QStringLiteral("editor"));
        QVERIFY(removed);
        writeBack();
        checkFolder({ QStringLiteral("Helix") });
        Memory m;
        m.content = QStringLiteral("The staging database is refreshed every night.");
        m.category = QStringLiteral("project");
        m.keywords = { QStringLiteral("staging") };
        QVERIFY(d.create(m));
        writeBack();
        QVERIFY(d.revert(removed->firstEventId()));
        writeBack();
        checkFolder({});
        QVERIFY(QString::fromUtf8(readAll(file(QStringLiteral("MEMORY.md")))).contains(QStringLiteral("](editor.md)")));
        QVERIFY(QString::fromUtf8(readAll(file(QStringLiteral("MEMORY.md")))).contains(QStringLiteral("staging")));
    }
};

QTEST_GUILESS_MAIN(TestAttachClaudeFidelity)
#include "tst_attach_claude_fidelity.moc"
