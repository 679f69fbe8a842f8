// `recollector-cli --attach DIR …` on a real agent folder, the assistant writing files as another
// process would (docs/cli.md, "Global options"; docs/formats.md, "Attached folders"), and an
// export to an agent folder that must not leave a deleted memory's file behind.
#include "AgentEntrySchema.h"
#include "McpProcess.h"
#include "TempStore.h"
#include "TestFiles.h"

#include "config/Config.h"
#include "engine/decisions/Decisions.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace recollector;
using test::readAll;
using test::writeAll;
using recollector::test::McpProcess;
using recollector::test::structuredOf;

namespace {

const QString kHot = QStringLiteral("1a2de668");
const QString kBroken = QStringLiteral("1a30ebbf.json");

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

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

class TestAttachCli : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_root;
    QString m_folder;

    Run cli(const QStringList &args, bool attached = true)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH),
                (attached ? QStringList { QStringLiteral("--attach"), m_folder } : QStringList {}) + args);
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

    QStringList listedIds()
    {
        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        [&] { QVERIFY2(r.code == 0, r.err.constData()); }();
        QStringList ids;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out).array())
            ids << v.toObject().value(QStringLiteral("id")).toString();
        return ids;
    }

    QString path(const QString &id) const { return QDir(m_folder).filePath(id + QStringLiteral(".json")); }

private slots:
    void init()
    {
        m_root = m_tmp.filePath(QStringLiteral("hub-%1").arg(QDateTime::currentMSecsSinceEpoch()));
        m_folder = QDir(m_root).filePath(QStringLiteral("memory"));
        QVERIFY(QDir().mkpath(m_folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &name : fixture.entryList(QDir::Files))
            QVERIFY(QFile::copy(fixture.filePath(name), QDir(m_folder).filePath(name)));
    }

    void listShowsTheFolderAndWritesNoFile()
    {
        const auto before = snapshot(m_root);
        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        QCOMPARE(r.code, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).array().size(), 49);
        QVERIFY2(r.err.contains(kBroken.toUtf8()), r.err.constData()); // the broken file, by name
        QCOMPARE(snapshot(m_root), before);
    }

    void whatTheAssistantWritesShowsInTheNextList()
    {
        QVERIFY(listedIds().contains(kHot));
        // Another process (the assistant) adds, edits and deletes files.
        QJsonObject added = QJsonDocument::fromJson(readAll(path(kHot))).object();
        added.insert(QStringLiteral("id"), QStringLiteral("c0ffee01"));
        added.insert(QStringLiteral("content"), QStringLiteral("Newly learned: prefer uv over pip"));
        QVERIFY(writeAll(path(QStringLiteral("c0ffee01")), QJsonDocument(added).toJson()));
        QByteArray edited = readAll(path(QStringLiteral("1a2b1eef")));
        edited.replace("(note 1)", "(note 1, revised by the assistant)");
        QVERIFY(writeAll(path(QStringLiteral("1a2b1eef")), edited));
        QVERIFY(QFile::remove(path(kHot)));

        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        QCOMPARE(r.code, 0);
        QMap<QString, QString> content;
        for (const QJsonValue &v : QJsonDocument::fromJson(r.out).array())
            content.insert(v.toObject().value("id").toString(), v.toObject().value("content").toString());
        QCOMPARE(content.value(QStringLiteral("c0ffee01")), QStringLiteral("Newly learned: prefer uv over pip"));
        QVERIFY(content.value(QStringLiteral("1a2b1eef")).contains(QStringLiteral("revised by the assistant")));
        QVERIFY(!content.contains(kHot));
        // Nothing the assistant wrote was touched.
        QCOMPARE(readAll(path(QStringLiteral("1a2b1eef"))), edited);
    }

    void decisionsFromTheCommandLineReachTheFiles()
    {
        const QByteArray original = readAll(path(kHot));
        const QJsonObject originalObject = QJsonDocument::fromJson(original).object();
        QCOMPARE(cli({ QStringLiteral("confirm"), kHot }).code, 0);
        const QJsonObject confirmed = QJsonDocument::fromJson(readAll(path(kHot))).object();
        QCOMPARE(test::checkAgentEntry(confirmed, originalObject), QString());
        QVERIFY(confirmed.value(QStringLiteral("stability")).toDouble() > originalObject.value(QStringLiteral("stability")).toDouble());
        QCOMPARE(confirmed.value(QStringLiteral("valence")), originalObject.value(QStringLiteral("valence")));

        QCOMPARE(cli({ QStringLiteral("permanent"), kHot }).code, 0);
        QCOMPARE(QJsonDocument::fromJson(readAll(path(kHot))).object().value(QStringLiteral("tier")).toString(),
                 QStringLiteral("permanent"));
        const QByteArray beforeDelete = readAll(path(kHot));

        // Delete: the agent's retrieval (every *.json in the folder) no longer finds it.
        QCOMPARE(cli({ QStringLiteral("delete"), kHot }).code, 0);
        QVERIFY(!QFile::exists(path(kHot)));
        QCOMPARE(readAll(QDir(m_root).filePath(QStringLiteral(".recollector-trash/") + kHot + QStringLiteral(".json"))), beforeDelete);
        QVERIFY(!listedIds().contains(kHot));

        // Undo the delete: the file comes back byte for byte.
        const Run shown = cli({ QStringLiteral("--json"), QStringLiteral("show"), kHot });
        qint64 deleteEvent = 0;
        for (const QJsonValue &e : QJsonDocument::fromJson(shown.out).object().value(QStringLiteral("history")).toArray()) {
            if (e.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("delete"))
                deleteEvent = e.toObject().value(QStringLiteral("id")).toInteger();
        }
        QVERIFY(deleteEvent > 0);
        const Run undo = cli({ QStringLiteral("revert"), QString::number(deleteEvent) });
        QVERIFY2(undo.code == 0, undo.err.constData());
        QCOMPARE(readAll(path(kHot)), beforeDelete);
        QVERIFY(listedIds().contains(kHot));
    }

    void theMcpServerOnAFolderWritesEachDecisionToItsFileAtOnce()
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        McpProcess server({QStringLiteral("--attach"), m_folder}, env);
        QVERIFY(server.started());
        QVERIFY(!server.initialize().contains(QStringLiteral("error")));
        const QStringList before = QDir(m_folder).entryList(QDir::Files);

        // remember: the new memory's file is in the folder when the answer arrives.
        const QJsonObject added = structuredOf(server.callTool(
            QStringLiteral("remember"),
            {{QStringLiteral("content"), QStringLiteral("The deploy script needs Node 20 or later")}}));
        const QString id = added.value(QStringLiteral("id")).toString();
        QVERIFY2(!id.isEmpty(), QJsonDocument(server.lastAnswer()).toJson().constData());
        const QStringList after = QDir(m_folder).entryList(QDir::Files);
        QCOMPARE(after.size(), before.size() + 1);
        QString newFile;
        for (const QString &name : after)
            if (!before.contains(name))
                newFile = name;
        QVERIFY(readAll(QDir(m_folder).filePath(newFile)).contains("The deploy script needs Node 20 or later"));

        // A file the assistant's own program writes meanwhile is seen by the next request.
        QByteArray edited = readAll(path(QStringLiteral("1a2b1eef")));
        edited.replace("(note 1)", "(note 1, revised while the server runs)");
        QVERIFY(writeAll(path(QStringLiteral("1a2b1eef")), edited));
        const QJsonObject got = structuredOf(server.callTool(QStringLiteral("get"), {{QStringLiteral("id"), QStringLiteral("1a2b1eef")}}));
        QVERIFY2(got.value(QStringLiteral("memory")).toObject().value(QStringLiteral("content")).toString().contains(QStringLiteral("revised while the server runs")),
                 QJsonDocument(server.lastAnswer()).toJson().constData());

        // forget: the file goes to the trash before the answer.
        QVERIFY(QFile::exists(path(kHot)));
        server.callTool(QStringLiteral("forget"), {{QStringLiteral("id"), kHot}});
        QVERIFY2(!server.lastAnswer().value(QStringLiteral("result")).toObject().value(QStringLiteral("isError")).toBool(),
                 QJsonDocument(server.lastAnswer()).toJson().constData());
        QVERIFY(!QFile::exists(path(kHot)));
        QCOMPARE(server.finish(), 0);
    }

    void raisingToSensitivityThreeIsRefusedWithPrivacyModeOffered()
    {
        const auto before = snapshot(m_root);
        const Run r = cli({QStringLiteral("edit"), QStringLiteral("1a2b1eef"), QStringLiteral("--sensitivity"), QStringLiteral("3")});
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("plain files") && r.err.contains("Privacy Mode"), r.err.constData());
        QCOMPARE(snapshot(m_root), before); // no file touched
        // Sensitivity 2 is a plain decision and reaches the file.
        const Run two = cli({QStringLiteral("edit"), QStringLiteral("1a2b1eef"), QStringLiteral("--sensitivity"), QStringLiteral("2")});
        QVERIFY2(two.code == 0, two.err.constData());
    }

    void attachRefusesAStoreBesideIt()
    {
        const Run r = cli({ QStringLiteral("--store"), m_tmp.filePath(QStringLiteral("x.recollector")), QStringLiteral("list") });
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--attach and --store"));
    }

    void exportToAnAgentFolderMovesADeletedMemorysFileToTheTrash()
    {
        test::TempStore store;
        core::Memory live = test::sampleMemory(QStringLiteral("0a000001"));
        core::Memory gone = test::sampleMemory(QStringLiteral("0a000002"));
        QVERIFY(store->memories().insert(live));
        QVERIFY(store->memories().insert(gone));
        const QString out = m_tmp.filePath(QStringLiteral("export-%1/memory").arg(QDateTime::currentMSecsSinceEpoch()));
        QVERIFY(QDir().mkpath(out));
        const QString storePath = store.path();
        store.close();
        auto exportTo = [&] {
            return cli({ QStringLiteral("--store"), storePath, QStringLiteral("export"), out, QStringLiteral("--format"),
                         QStringLiteral("folder") },
                       false);
        };
        QCOMPARE(exportTo().code, 0);
        const QByteArray goneBytes = readAll(QDir(out).filePath(QStringLiteral("0a000002.json")));
        QVERIFY(!goneBytes.isEmpty());
        const Run del = cli({ QStringLiteral("--store"), storePath, QStringLiteral("delete"), QStringLiteral("0a000002") }, false);
        QVERIFY2(del.code == 0, del.err.constData());
        const Run again = exportTo();
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("0a000001.json"))));
        QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("0a000002.json"))));
        QCOMPARE(readAll(QDir(out).filePath(QStringLiteral("../.recollector-trash/0a000002.json"))), goneBytes);
    }
};

QTEST_GUILESS_MAIN(TestAttachCli)
#include "tst_attach_cli.moc"
