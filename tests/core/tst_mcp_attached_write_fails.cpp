// A tool call of the MCP server on an attached folder is all or nothing (docs/formats.md,
// "Writing back"): the real `recollector-cli --attach DIR mcp` over stdio, its file writes made
// to fail as on a full disk (RECOLLECTOR_FAIL_AT=writeback.stage). Each tool that changes a
// memory (reinforce, forget, remember) answers with an error result saying the file could not
// be written; afterwards the side store holds none of those decisions and every file keeps its
// bytes, with nothing left beside them. A server whose disk has room then writes them once.
#include "CliProcess.h"
#include "McpProcess.h"
#include "TestFiles.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using test::McpProcess;
using test::readAll;

namespace {

const QString kHot = QStringLiteral("1a2de668");
const QString kOther = QStringLiteral("1a2b1eef");

} // namespace

class TestMcpAttachedWriteFails : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_folder;

    QString file(const QString &id) const { return QDir(m_folder).filePath(id + QStringLiteral(".json")); }
    /// The server's environment; `failAt` names the write-back step that fails as on a full disk.
    QProcessEnvironment environment(const QString &failAt) const
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        if (!failAt.isEmpty())
            env.insert(QStringLiteral("RECOLLECTOR_FAIL_AT"), failAt);
        return env;
    }
    /// One server, failing at `failAt`: each call answers with an error result in words.
    void failEach(const QString &failAt, const QList<QPair<QString, QJsonObject>> &calls)
    {
        McpProcess server({QStringLiteral("--attach"), m_folder}, environment(failAt));
        QVERIFY(server.started());
        QVERIFY(!server.initialize().contains(QStringLiteral("error")));
        for (const auto &[tool, arguments] : calls) {
            const QJsonObject result = server.callTool(tool, arguments);
            const QByteArray answer = QJsonDocument(server.lastAnswer()).toJson(QJsonDocument::Compact);
            QVERIFY2(result.value(QStringLiteral("isError")).toBool(), answer.constData());
            QVERIFY2(errorText(result).contains(QStringLiteral("could not be written, so nothing was recorded")), answer.constData());
            QVERIFY2(errorText(result).contains(QStringLiteral("disk is full")) || errorText(result).contains(QStringLiteral("No space left")),
                     answer.constData());
        }
        QCOMPARE(server.finish(), 0);
    }
    /// `recollector-cli --attach DIR --json show ID` (disk with room): the memory as the side store holds it.
    QJsonObject shown(const QString &id) const
    {
        const test::CliRun r = test::runCli({QStringLiteral("--attach"), m_folder, QStringLiteral("--json"), QStringLiteral("show"), id},
                                            {{QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg"))}});
        if (r.code != 0)
            qFatal("show: %s", r.err.constData());
        return r.json().object();
    }
    static QString errorText(const QJsonObject &result)
    {
        return result.value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
    }

private Q_SLOTS:
    void init()
    {
        m_folder = m_tmp.filePath(QStringLiteral("hub/memory"));
        QVERIFY(QDir().mkpath(m_folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &id : {kHot, kOther})
            QVERIFY(QFile::copy(fixture.filePath(id + ".json"), file(id)));
    }

    void aToolWhoseFileCannotBeWrittenRecordsNothing()
    {
        const int reinforced = shown(kHot).value(QStringLiteral("reinforceCount")).toInt(-1);
        QVERIFY(reinforced >= 0);
        const QByteArray hot = readAll(file(kHot));
        const QByteArray other = readAll(file(kOther));
        const QStringList files = QDir(m_folder).entryList(QDir::Files | QDir::Hidden);

        // The new file or the rewrite cannot be staged; the forgotten file's move to the trash
        // cannot be recorded.
        failEach(QStringLiteral("writeback.stage"),
                 {{QStringLiteral("reinforce"), {{QStringLiteral("id"), kHot}, {QStringLiteral("event"), QStringLiteral("manual")}}},
                  {QStringLiteral("remember"), {{QStringLiteral("content"), QStringLiteral("The deploy script needs Node 20 or later")}}}});
        if (QTest::currentTestFailed())
            return;
        failEach(QStringLiteral("writeback.record"), {{QStringLiteral("forget"), {{QStringLiteral("id"), kOther}}}});
        if (QTest::currentTestFailed())
            return;

        // Nothing recorded, nothing written, nothing left beside the files.
        QCOMPARE(shown(kHot).value(QStringLiteral("reinforceCount")).toInt(), reinforced);
        const QJsonValue deleted = shown(kOther).value(QStringLiteral("deletedAt"));
        QVERIFY2(deleted.isNull() || deleted.isUndefined(), qPrintable(deleted.toString()));
        QCOMPARE(readAll(file(kHot)), hot);
        QCOMPARE(readAll(file(kOther)), other);
        QCOMPARE(QDir(m_folder).entryList(QDir::Files | QDir::Hidden), files);
        const test::CliRun list = test::runCli({QStringLiteral("--attach"), m_folder, QStringLiteral("--json"), QStringLiteral("list")},
                                               {{QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg"))}});
        QVERIFY2(!list.out.contains("Node 20"), list.out.constData());

        // With room on the disk the same call is written once, in the store and in the file.
        McpProcess again({QStringLiteral("--attach"), m_folder}, environment({}));
        QVERIFY(again.started());
        QVERIFY(!again.initialize().contains(QStringLiteral("error")));
        const QJsonObject ok = again.callTool(QStringLiteral("reinforce"),
                                              {{QStringLiteral("id"), kHot}, {QStringLiteral("event"), QStringLiteral("manual")}});
        QVERIFY2(!ok.value(QStringLiteral("isError")).toBool(), QJsonDocument(again.lastAnswer()).toJson().constData());
        QCOMPARE(again.finish(), 0);
        QCOMPARE(shown(kHot).value(QStringLiteral("reinforceCount")).toInt(), reinforced + 1);
        QCOMPARE(QJsonDocument::fromJson(readAll(file(kHot))).object().value(QStringLiteral("reinforceCount")).toInt(),
                 reinforced + 1);
    }
};

QTEST_GUILESS_MAIN(TestMcpAttachedWriteFails)
#include "tst_mcp_attached_write_fails.moc"
