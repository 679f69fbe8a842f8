// The assistant writes while the person watches (docs/cli.md, "mcp"; docs/architecture.md,
// "Live refresh"): the real MainWindow is open on a store while the real `recollector-cli mcp`
// remembers 200 memories in it and the window writes to the same store itself every few
// milliseconds. The table ends up showing all 200 (live refresh), every one of the 200 calls
// succeeded (no "database is locked" reached the server: BEGIN IMMEDIATE waits within the busy
// timeout), and so did every write of the window.
#include "MainWindow.h"
#include "McpProcess.h"
#include "StoreSession.h"
#include "TempStore.h"
#include "engine/decisions/Decisions.h"
#include "models/MemoryTableModel.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QJsonArray>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestMcpLive : public QObject
{
    Q_OBJECT

private:
    std::optional<test::AnsweredMessages> m_messages;

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorMcpLiveTest"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void theWindowShowsEveryMemoryTheAssistantWrites()
    {
        constexpr int kCount = 200;
        test::TempStore store;
        Memory mine = test::sampleMemory(QStringLiteral("mem_user"), time::nowMs() - kMsPerHour);
        QVERIFY(store->memories().insert(mine).ok());
        store.close();

        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.tableModel()->rowCount(), 1);

        // Before the server: its destructor may still deliver output to the lambda below.
        QList<QByteArray> answers;
        test::McpProcess mcp(store.path());
        QVERIFY(mcp.started());
        QProcess &server = mcp.process();
        QObject::connect(&server, &QProcess::readyReadStandardOutput, &w, [&] {
            while (server.canReadLine())
                answers << server.readLine().trimmed();
        });
        // The window's own writes, on its own connection, while the server writes.
        QStringList windowFailures;
        int windowWrites = 0;
        Decisions decisions(*w.session()->store(), Config::defaults());
        QTimer writer;
        writer.setInterval(5);
        QObject::connect(&writer, &QTimer::timeout, &w, [&] {
            const auto done = decisions.reinforce(QStringLiteral("mem_user"), ReinforceEvent::Access, 0, QStringLiteral("user"));
            if (done)
                ++windowWrites;
            else
                windowFailures << done.error().message;
        });
        writer.start();

        mcp.send(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gui-test","version":"1"}}})");
        mcp.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
        for (int i = 1; i <= kCount; ++i) {
            const QJsonObject call{
                {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                {QStringLiteral("id"), i},
                {QStringLiteral("method"), QStringLiteral("tools/call")},
                {QStringLiteral("params"),
                 QJsonObject{{QStringLiteral("name"), QStringLiteral("remember")},
                             {QStringLiteral("arguments"),
                              QJsonObject{{QStringLiteral("content"), QStringLiteral("Assistant fact number %1").arg(i)},
                                          {QStringLiteral("keywords"), QJsonArray{QStringLiteral("topic%1").arg(i),
                                                                                  QStringLiteral("item%1").arg(i)}}}}}}};
            mcp.send(QJsonDocument(call).toJson(QJsonDocument::Compact));
        }
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), kCount + 1, 120000);
        writer.stop();
        for (int i = 1; i <= kCount; ++i) {
            const QJsonObject answer = QJsonDocument::fromJson(answers[i]).object();
            QCOMPARE(answer.value(QStringLiteral("id")).toInt(), i);
            QVERIFY2(answer[QStringLiteral("result")][QStringLiteral("isError")] == QJsonValue(false), answers[i].constData());
            QVERIFY(!answers[i].contains("locked"));
        }
        QVERIFY2(windowFailures.isEmpty(), qPrintable(windowFailures.join(QLatin1Char('\n'))));
        QVERIFY(windowWrites > 0);
        qInfo("the window wrote %d times while the server wrote %d memories", windowWrites, kCount);

        // Live refresh brings all 200 into the table.
        QTRY_COMPARE_WITH_TIMEOUT(w.tableModel()->rowCount(), kCount + 1, 30000);
        QCOMPARE(mcp.finish(), 0);
        QCOMPARE(*w.session()->store()->memories().count(), qint64(kCount + 1));
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestMcpLive)
#include "tst_mcp_live.moc"
