// Approval mode in the real window (docs/scoring.md#approval-mode): Review ▸ Approve the
// Assistant's Changes First switches the store's setting as an undoable step; on an attached
// agent folder the assistant remembers two things and forgets one over MCP (the real
// `recollector-cli --attach DIR mcp`); the inbox shows the three proposals first, marked as
// the assistant's, while the table holds none of them and no file of the folder changed.
// A on the two new ones accepts them as one undoable step (the memories appear, their files
// are written); R on the forget rejects it (nothing changes); Undo takes the answers back,
// files included, and the proposals wait again. The same on a store the window opened (an
// SQLite file, and a team store of the suite's own PostgreSQL), the assistant being
// `recollector-cli --store STORE mcp`; attaching keeps its side store in a file whatever the
// other store is, so the folder's test runs on SQLite only.
#include "AttachController.h"
#include "EngineStore.h"
#include "ChangesInbox.h"
#include "MainWindow.h"
#include "McpProcess.h"
#include "TestFiles.h"
#include "WindowTestSetup.h"
#include "dialogs/ChangesDialog.h"
#include "dialogs/ProposalsPane.h"
#include "models/MemoryTableModel.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QMap>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>
#include <QUndoStack>

using namespace recollector;
using namespace recollector::ui;

namespace {

const QString kHot = QStringLiteral("1a2de668");

QMap<QString, QByteArray> filesOf(const QString &folder)
{
    QMap<QString, QByteArray> out;
    const QDir dir(folder);
    for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden))
        out.insert(name, test::readAll(dir.filePath(name)));
    return out;
}

/// With RECOLLECTOR_SCREENSHOT_DIR set: the inbox with its proposals at the README's two sizes.
void shoot(ChangesDialog *dialog)
{
    const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (shots.isEmpty())
        return;
    const QSize was = dialog->size();
    for (const QSize size : { QSize(1024, 700), QSize(1600, 1000) }) {
        dialog->resize(size);
        QCoreApplication::processEvents();
        const QImage image = dialog->grab().toImage();
        QVERIFY(image.save(QStringLiteral("%1/changes-proposals-%2x%3.png").arg(shots).arg(size.width()).arg(size.height())));
    }
    dialog->resize(was);
}

QString textOf(const QJsonObject &result)
{
    return result.value(QStringLiteral("content")).toArray().first().toObject().value(QStringLiteral("text")).toString();
}

} // namespace

class TestApprovalWindow : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    QTemporaryDir m_tmp;

    // The assistant over MCP in approval mode: two memories and a forget of kHot proposed, each
    // answer saying it waits for the user's approval. `added`: the two proposed memories' ids.
    static void proposeThree(test::McpProcess &mcp, QStringList &added)
    {
        mcp.initialize();
        for (const QString &text : { QStringLiteral("The build server is named quartz-7"),
                                     QStringLiteral("Invoices are archived after ninety days") }) {
            const QJsonObject result = mcp.callTool(QStringLiteral("remember"), { { QStringLiteral("content"), text } });
            QVERIFY2(textOf(result).contains(QStringLiteral("pending the user's approval")), qPrintable(textOf(result)));
            added << test::structuredOf(result).value(QStringLiteral("id")).toString();
        }
        const QJsonObject forgot = mcp.callTool(QStringLiteral("forget"), { { QStringLiteral("id"), kHot } });
        QVERIFY2(textOf(forgot).contains(QStringLiteral("pending the user's approval")), qPrintable(textOf(forgot)));
        QCOMPARE(mcp.finish(), 0);
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("xdg")).toUtf8());
        qputenv("XDG_CONFIG_HOME", m_tmp.filePath(QStringLiteral("config")).toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("Recollector"));
        QCoreApplication::setApplicationName(QStringLiteral("Recollector"));
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    }

    void proposalsAreAnsweredInTheInboxAndUndone()
    {
        if (test::EngineFixture::onServer())
            QSKIP("an attached folder's side store is a file whatever the other store is");
        test::AnsweredMessages messages;
        const QString folder = m_tmp.filePath(QStringLiteral("hub-%1/memory").arg(QDateTime::currentMSecsSinceEpoch()));
        QVERIFY(QDir().mkpath(folder));
        const QDir fixture(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/agent-folder"));
        for (const QString &name : fixture.entryList(QDir::Files))
            QVERIFY(QFile::copy(fixture.filePath(name), QDir(folder).filePath(name)));
        MainWindow w;
        w.resize(1200, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.attachFolder(folder));
        QTRY_VERIFY(w.tableModel()->rowOfId(kHot) >= 0);
        QTRY_VERIFY(!w.attachController()->isBusy());
        auto *inbox = w.findChild<ChangesInbox *>(QStringLiteral("changesInbox"));
        QVERIFY(inbox);

        // The switch: off by default, an undoable step.
        QAction *approval = w.findChild<QAction *>(QStringLiteral("approvalAction"));
        QVERIFY(approval && approval->isEnabled() && approval->isCheckable());
        QVERIFY(!approval->isChecked());
        const int stepsBefore = w.undoStack()->count();
        approval->trigger();
        QVERIFY(approval->isChecked());
        QCOMPARE(w.undoStack()->count(), stepsBefore + 1);
        w.undoStack()->undo();
        QVERIFY(!approval->isChecked());
        w.undoStack()->redo();
        QVERIFY(approval->isChecked());
        const QMap<QString, QByteArray> before = filesOf(folder);

        QStringList added;
        {
            test::McpProcess mcp(QStringList { QStringLiteral("--attach"), folder }, QProcessEnvironment());
            QVERIFY(mcp.started());
            proposeThree(mcp, added);
            if (QTest::currentTestFailed())
                return;
        }

        inbox->open();
        ChangesDialog *dialog = inbox->dialog();
        QVERIFY(dialog);
        ProposalsPane *pane = dialog->proposals();
        QTRY_COMPARE_WITH_TIMEOUT(pane->count(), 3, 10000);
        QVERIFY(pane->isVisible());
        QVERIFY(pane->findChild<QLabel *>(QStringLiteral("proposalsLabel"))->text().contains(QStringLiteral("Proposed by the assistant")));
        QTRY_COMPARE(inbox->proposalCount(), 3);
        QVERIFY(inbox->statusLabel()->text().contains(QStringLiteral("3 proposals wait for your approval")));
        for (const QString &id : added)
            QVERIFY(w.tableModel()->rowOfId(id) < 0);
        QVERIFY(filesOf(folder) == before);
        // The first proposal is selected, its text shown as what would come.
        QVERIFY(dialog->findChild<QTextEdit *>(QStringLiteral("afterText"))->toPlainText().contains(QStringLiteral("quartz-7")));
        shoot(dialog);

        // A on the two new memories: one step; they are memories now, their files written.
        const int steps = w.undoStack()->count();
        pane->list()->setFocus();
        pane->selectRows({ 0, 1 });
        QTest::keyClick(pane->list(), Qt::Key_A);
        QCOMPARE(w.undoStack()->count(), steps + 1);
        QTRY_COMPARE(pane->count(), 1);
        QTRY_VERIFY(w.tableModel()->rowOfId(added[0]) >= 0 && w.tableModel()->rowOfId(added[1]) >= 0);
        QTRY_COMPARE(filesOf(folder).size(), before.size() + 2);
        const QMap<QString, QByteArray> accepted = filesOf(folder);

        // R on the forget: nothing changes.
        pane->selectRows({ 0 });
        QTest::keyClick(pane->list(), Qt::Key_R);
        QCOMPARE(w.undoStack()->count(), steps + 2);
        QTRY_COMPARE(pane->count(), 0);
        QVERIFY(!pane->isVisible());
        QVERIFY(w.tableModel()->rowOfId(kHot) >= 0);
        QVERIFY(filesOf(folder) == accepted);

        // Undo the reject, then the accept: the proposals wait again, the files as before.
        w.undoStack()->undo();
        QTRY_COMPARE(pane->count(), 1);
        w.undoStack()->undo();
        QTRY_COMPARE(pane->count(), 3);
        QTRY_VERIFY(w.tableModel()->rowOfId(added[0]) < 0 && w.tableModel()->rowOfId(added[1]) < 0);
        QTRY_VERIFY_WITH_TIMEOUT(filesOf(folder) == before, 10000);
        QVERIFY2(messages.texts().isEmpty(), qPrintable(messages.texts().join('\n')));
    }

    // Approval mode on a store the window opened: the assistant's two memories and its forget
    // wait in the inbox, the table holds none of the new ones; A accepts the two, R rejects
    // the forget, and Undo puts all three back to wait.
    void proposalsOnAStoreAreAnsweredAndUndone()
    {
        test::AnsweredMessages messages;
        test::EngineStore store(m_engines);
        core::Memory hot = test::sampleMemory(kHot, core::time::nowMs() - core::kMsPerHour);
        hot.content = QStringLiteral("Deploys go out on Fridays");
        QVERIFY(store->memories().insert(hot));
        store.close();
        MainWindow w;
        w.resize(1200, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openStore(store.path()));
        QVERIFY(w.tableModel()->rowOfId(kHot) >= 0);
        auto *inbox = w.findChild<ChangesInbox *>(QStringLiteral("changesInbox"));
        QVERIFY(inbox);
        QAction *approval = w.findChild<QAction *>(QStringLiteral("approvalAction"));
        QVERIFY(approval && approval->isEnabled() && !approval->isChecked());
        approval->trigger();
        QVERIFY(approval->isChecked());

        QStringList added;
        {
            test::McpProcess mcp(store.path());
            QVERIFY(mcp.started());
            proposeThree(mcp, added);
            if (QTest::currentTestFailed())
                return;
        }

        inbox->open();
        ChangesDialog *dialog = inbox->dialog();
        QVERIFY(dialog);
        ProposalsPane *pane = dialog->proposals();
        QTRY_COMPARE_WITH_TIMEOUT(pane->count(), 3, 10000);
        QTRY_COMPARE(inbox->proposalCount(), 3);
        QVERIFY(inbox->statusLabel()->text().contains(QStringLiteral("3 proposals wait for your approval")));
        for (const QString &id : added)
            QVERIFY(w.tableModel()->rowOfId(id) < 0);

        const int steps = w.undoStack()->count();
        pane->list()->setFocus();
        pane->selectRows({ 0, 1 });
        QTest::keyClick(pane->list(), Qt::Key_A);
        QCOMPARE(w.undoStack()->count(), steps + 1);
        QTRY_COMPARE(pane->count(), 1);
        QTRY_VERIFY(w.tableModel()->rowOfId(added[0]) >= 0 && w.tableModel()->rowOfId(added[1]) >= 0);

        pane->selectRows({ 0 });
        QTest::keyClick(pane->list(), Qt::Key_R);
        QCOMPARE(w.undoStack()->count(), steps + 2);
        QTRY_COMPARE(pane->count(), 0);
        QVERIFY(w.tableModel()->rowOfId(kHot) >= 0);

        w.undoStack()->undo();
        QTRY_COMPARE(pane->count(), 1);
        w.undoStack()->undo();
        QTRY_COMPARE(pane->count(), 3);
        QTRY_VERIFY(w.tableModel()->rowOfId(added[0]) < 0 && w.tableModel()->rowOfId(added[1]) < 0);
        QVERIFY2(messages.texts().isEmpty(), qPrintable(messages.texts().join('\n')));
    }
};

QTEST_MAIN(TestApprovalWindow)
#include "tst_approval_window.moc"
