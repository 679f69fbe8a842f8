// The user's correction reaches the assistant (docs/cli.md, "mcp"): the assistant remembers
// something through `recollector-cli mcp`; the user negates it with a correction (`recollector-cli
// negate ID --correction TEXT`, another process, while the server keeps running); the next
// `recall` leaves the negated memory out and returns the correction.
#include "CliProcess.h"
#include "EngineStore.h"
#include "McpProcess.h"

#include <QJsonArray>
#include <QTest>

using namespace recollector;
using test::McpProcess;
using test::structuredOf;

class TestMcpCorrection : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;

    static QStringList recalled(McpProcess &mcp, const QString &query, QJsonArray *results = nullptr)
    {
        const QJsonArray found = structuredOf(mcp.callTool(QStringLiteral("recall"), {{QStringLiteral("query"), query}}))
                                     .value(QStringLiteral("results"))
                                     .toArray();
        if (results)
            *results = found;
        QStringList ids;
        for (const QJsonValue &r : found)
            ids << r[QStringLiteral("id")].toString();
        return ids;
    }

private slots:
    // Runs on SQLite and on PostgreSQL (docs/team-store.md, "Tests").
    void initTestCase_data() { test::EngineFixture::addEngines(); }

    void aNegationWithACorrectionChangesWhatIsRecalled()
    {
        test::EngineStore store(m_engines);
        store.close();
        McpProcess mcp(store.path());
        mcp.initialize();
        const QJsonObject added = structuredOf(mcp.callTool(
            QStringLiteral("remember"),
            {{QStringLiteral("content"), QStringLiteral("The user prefers tabs for indentation")},
             {QStringLiteral("keywords"), QJsonArray{QStringLiteral("indentation"), QStringLiteral("tabs"), QStringLiteral("style")}},
             {QStringLiteral("category"), QStringLiteral("preference")}}));
        const QString wrong = added.value(QStringLiteral("id")).toString();
        QVERIFY(wrong.startsWith(QStringLiteral("mem_")));
        QCOMPARE(recalled(mcp, QStringLiteral("indentation style")), QStringList{wrong});

        // The user, in a terminal: that is wrong, it is spaces.
        const test::CliRun negate = test::runRecollectorCli(
            store.path(), {QStringLiteral("--json"), QStringLiteral("negate"), wrong, QStringLiteral("--correction"),
                           QStringLiteral("The user prefers spaces for indentation, never tabs")});
        QVERIFY2(negate.code == 0, negate.err.constData());
        const QString correction =
            QJsonDocument::fromJson(negate.out).object()[QStringLiteral("correction")][QStringLiteral("id")].toString();
        QVERIFY(correction.startsWith(QStringLiteral("mem_")));

        QJsonArray results;
        const QStringList after = recalled(mcp, QStringLiteral("indentation style"), &results);
        QVERIFY2(!after.contains(wrong), qPrintable(after.join(QLatin1Char(' '))));
        QVERIFY2(after.contains(correction), qPrintable(after.join(QLatin1Char(' '))));
        for (const QJsonValue &r : results) {
            if (r[QStringLiteral("id")].toString() == correction) {
                QCOMPARE(r[QStringLiteral("content")].toString(),
                         QStringLiteral("The user prefers spaces for indentation, never tabs"));
                QCOMPARE(r[QStringLiteral("supersedes")].toString(), wrong);
            }
        }
        // get still shows the negated memory for what it is.
        QCOMPARE(structuredOf(mcp.callTool(QStringLiteral("get"), {{QStringLiteral("id"), wrong}}))
                     [QStringLiteral("memory")][QStringLiteral("negated")].toBool(),
                 true);
        QCOMPARE(mcp.finish(), 0);
    }
};

QTEST_GUILESS_MAIN(TestMcpCorrection)
#include "tst_mcp_correction.moc"
