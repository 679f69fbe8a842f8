// Approval mode (docs/scoring.md#approval-mode) end to end on an attached agent folder: the real
// `recollector-cli --attach DIR mcp` over stdio and the real recollector-cli processes. With
// approval on, what the assistant remembers or forgets over MCP is a proposal: its answer says
// it waits for the user's approval, it is not recalled (MCP recall, `retrieve`, `list`), no file
// of the folder changes, and `changes` and `approval` list it first. `approval accept` makes it
// a memory, recalled and written to the folder; `approval reject` changes nothing and keeps
// the proposal and its answer in the history; undoing the accept (`revert`) takes the memory
// and its file away and the proposal waits again. A store that never set it, or set it off,
// remembers at once, as before.
#include "McpProcess.h"
#include "TestFiles.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace recollector;
using recollector::test::McpProcess;
using recollector::test::readAll;
using recollector::test::structuredOf;

namespace {

const QString kHot = QStringLiteral("1a2de668");

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

std::map<QString, QByteArray> filesOf(const QString &dir)
{
    std::map<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden);
    while (it.hasNext()) {
        const QString path = it.next();
        out[QDir(dir).relativeFilePath(path)] = readAll(path);
    }
    return out;
}

QString textOf(const QJsonObject &result)
{
    return result.value(QStringLiteral("content")).toArray().first().toObject().value(QStringLiteral("text")).toString();
}

} // namespace

class TestApprovalMode : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_folder;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_tmp.filePath(QStringLiteral("xdg")));
        return env;
    }

    Run cli(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=false;recollector.*=false"));
        env.insert(environment());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(RECOLLECTOR_CLI_PATH), QStringList { QStringLiteral("--attach"), m_folder } + args);
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

    /// The ids `retrieve` gives for `query` (what the assistant would recall).
    QStringList recalled(const QString &query)
    {
        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("retrieve"), query, QStringLiteral("--preview") });
        [&] { QVERIFY2(r.code == 0, r.err.constData()); }();
        QStringList ids;
        const QJsonValue results = r.json().isArray() ? QJsonValue(r.json().array()) : r.json().object().value(QStringLiteral("results"));
        for (const QJsonValue &v : results.toArray())
            ids << v.toObject().value(QStringLiteral("id")).toString();
        return ids;
    }

    QStringList listed()
    {
        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("list"), QStringLiteral("--mode"), QStringLiteral("review") });
        [&] { QVERIFY2(r.code == 0, r.err.constData()); }();
        QStringList ids;
        for (const QJsonValue &v : r.json().array())
            ids << v.toObject().value(QStringLiteral("id")).toString();
        return ids;
    }

    /// The pending proposals `approval --json` lists, as memory id → action.
    QMap<QString, QString> waiting()
    {
        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("approval") });
        [&] { QVERIFY2(r.code == 0, r.err.constData()); }();
        QMap<QString, QString> out;
        for (const QJsonValue &v : r.json().object().value(QStringLiteral("proposals")).toArray())
            out.insert(v.toObject().value(QStringLiteral("id")).toString(), v.toObject().value(QStringLiteral("proposal")).toString());
        return out;
    }

    /// The kinds of `id`'s history, oldest first.
    QStringList historyKinds(const QString &id, qint64 *answerEvent = nullptr)
    {
        const Run r = cli({ QStringLiteral("--json"), QStringLiteral("show"), id });
        QStringList kinds;
        for (const QJsonValue &e : r.json().object().value(QStringLiteral("history")).toArray()) {
            kinds << e.toObject().value(QStringLiteral("kind")).toString();
            if (answerEvent && kinds.last() == QLatin1String("proposal_answer"))
                *answerEvent = e.toObject().value(QStringLiteral("id")).toInteger();
        }
        return kinds;
    }

private Q_SLOTS:
    void init()
    {
        m_folder = m_tmp.filePath(QStringLiteral("hub-%1/memory").arg(QDateTime::currentMSecsSinceEpoch()));
        QVERIFY(QDir().mkpath(m_folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &name : fixture.entryList(QDir::Files))
            QVERIFY(QFile::copy(fixture.filePath(name), QDir(m_folder).filePath(name)));
    }

    void proposalsWaitForTheUsersAnswer()
    {
        // Off by default.
        Run r = cli({ QStringLiteral("approval") });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("approval mode off"), r.out.constData());
        r = cli({ QStringLiteral("approval"), QStringLiteral("on") });
        QVERIFY2(r.code == 0, r.err.constData());
        const auto before = filesOf(m_folder);

        QString id;
        {
            McpProcess mcp({ QStringLiteral("--attach"), m_folder }, environment());
            QVERIFY(mcp.started());
            mcp.initialize();
            const QJsonObject added = mcp.callTool(QStringLiteral("remember"),
                                                   { { QStringLiteral("content"), QStringLiteral("The staging database listens on port 6543") } });
            QVERIFY2(!added.value(QStringLiteral("isError")).toBool(), QJsonDocument(mcp.lastAnswer()).toJson().constData());
            QVERIFY2(textOf(added).contains(QStringLiteral("pending the user's approval")), qPrintable(textOf(added)));
            QCOMPARE(structuredOf(added).value(QStringLiteral("pendingApproval")).toBool(), true);
            id = structuredOf(added).value(QStringLiteral("id")).toString();
            QVERIFY(!id.isEmpty());
            // Not recalled over MCP, and `get` says it waits.
            const QJsonObject recall = mcp.callTool(QStringLiteral("recall"), { { QStringLiteral("query"), QStringLiteral("staging database port") } });
            QVERIFY(!QJsonDocument(recall).toJson().contains("6543"));
            const QJsonObject got = mcp.callTool(QStringLiteral("get"), { { QStringLiteral("id"), id } });
            QVERIFY2(textOf(got).contains(QStringLiteral("pending the user's approval")), qPrintable(textOf(got)));
            // forget: proposed, and the memory stays.
            const QJsonObject forgot = mcp.callTool(QStringLiteral("forget"), { { QStringLiteral("id"), kHot } });
            QVERIFY2(!forgot.value(QStringLiteral("isError")).toBool(), QJsonDocument(mcp.lastAnswer()).toJson().constData());
            QVERIFY2(textOf(forgot).contains(QStringLiteral("pending the user's approval")), qPrintable(textOf(forgot)));
            QCOMPARE(mcp.finish(), 0);
        }
        QVERIFY(filesOf(m_folder) == before); // nothing written to the assistant's files
        QVERIFY(!recalled(QStringLiteral("staging database port")).contains(id));
        QVERIFY(!listed().contains(id));
        QVERIFY(listed().contains(kHot));
        QCOMPARE(waiting(), (QMap<QString, QString> { { id, QStringLiteral("create") }, { kHot, QStringLiteral("forget") } }));
        r = cli({ QStringLiteral("--json"), QStringLiteral("changes") });
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray rows = r.json().array();
        QVERIFY(rows.size() >= 2);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("id")).toString(), id);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("proposed")).toBool(), true);
        QCOMPARE(rows.at(1).toObject().value(QStringLiteral("id")).toString(), kHot);

        // Accept the new memory: recalled, and its file is in the folder.
        r = cli({ QStringLiteral("approval"), QStringLiteral("accept"), id });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(recalled(QStringLiteral("staging database port")).contains(id));
        const auto accepted = filesOf(m_folder);
        QCOMPARE(accepted.size(), before.size() + 1);
        bool written = false;
        for (const auto &[name, bytes] : accepted)
            written = written || (!before.count(name) && bytes.contains("The staging database listens on port 6543"));
        QVERIFY(written);

        // Reject the forget: nothing changes, the proposal and its answer stay in the history.
        r = cli({ QStringLiteral("approval"), QStringLiteral("reject"), kHot });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(filesOf(m_folder) == accepted);
        QVERIFY(listed().contains(kHot));
        const QStringList kinds = historyKinds(kHot);
        QVERIFY2(kinds.contains(QStringLiteral("proposal")) && kinds.contains(QStringLiteral("proposal_answer")), qPrintable(kinds.join(',')));
        QCOMPARE(waiting(), (QMap<QString, QString> {}));

        // Undo of the accept: the memory and its file go, the proposal waits again.
        qint64 answer = 0;
        historyKinds(id, &answer);
        QVERIFY(answer > 0);
        r = cli({ QStringLiteral("revert"), QString::number(answer) });
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(filesOf(m_folder).size() == before.size());
        QVERIFY(!recalled(QStringLiteral("staging database port")).contains(id));
        QCOMPARE(waiting(), (QMap<QString, QString> { { id, QStringLiteral("create") } }));
    }

    void offRemembersAtOnce()
    {
        // Switched on and off again: as a store that never set it.
        QCOMPARE(cli({ QStringLiteral("approval"), QStringLiteral("on") }).code, 0);
        QCOMPARE(cli({ QStringLiteral("approval"), QStringLiteral("off") }).code, 0);
        const auto before = filesOf(m_folder);
        McpProcess mcp({ QStringLiteral("--attach"), m_folder }, environment());
        QVERIFY(mcp.started());
        mcp.initialize();
        const QJsonObject added = mcp.callTool(QStringLiteral("remember"),
                                               { { QStringLiteral("content"), QStringLiteral("The release train leaves every second Tuesday") } });
        QCOMPARE(structuredOf(added).value(QStringLiteral("action")).toString(), QStringLiteral("created"));
        QVERIFY2(!textOf(added).contains(QStringLiteral("pending")), qPrintable(textOf(added)));
        const QString id = structuredOf(added).value(QStringLiteral("id")).toString();
        QCOMPARE(mcp.finish(), 0);
        QCOMPARE(filesOf(m_folder).size(), before.size() + 1);
        QVERIFY(recalled(QStringLiteral("release train Tuesday")).contains(id));
        QCOMPARE(waiting(), (QMap<QString, QString> {}));
        const Run bad = cli({ QStringLiteral("approval"), QStringLiteral("maybe") });
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("not one of on, off, accept, reject"));
    }
};

QTEST_GUILESS_MAIN(TestApprovalMode)
#include "tst_approval_mode.moc"
