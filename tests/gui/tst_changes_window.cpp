// Review ▸ Changes in the real window (docs/scoring.md#review-inbox): on an attached agent
// folder and a Claude Code folder, the assistant adds a memory and forgets one over MCP (the
// real `recollector-cli --attach DIR mcp`) and edits one of its files; the inbox lists the
// three, R on all of them rejects them as one undoable step and every file in the folder is
// byte for byte what it was before; Undo puts the assistant's changes back, files included.
// The status bar counts the changes since the last review and opens the list. On a store the
// window opened (an SQLite file, and a team store of the suite's own PostgreSQL), another
// process's changes reach the inbox as it runs. Attaching keeps its side store in a file
// whatever the other store is, so the folder's tests run on SQLite only.
#include "ChangesInbox.h"
#include "EngineStore.h"
#include "AttachController.h"
#include "MainWindow.h"
#include "McpProcess.h"
#include "TestFiles.h"
#include "WindowTestSetup.h"
#include "dialogs/ChangesDialog.h"
#include "models/ChangeListModel.h"
#include "models/MemoryTableModel.h"
#include "StoreSession.h"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QMap>
#include <QProcess>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextEdit>
#include <QThread>
#include <QUndoStack>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

/// Every file of the folder (its top level), name → bytes.
QMap<QString, QByteArray> filesOf(const QString &folder)
{
    QMap<QString, QByteArray> out;
    const QDir dir(folder);
    for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden))
        out.insert(name, test::readAll(dir.filePath(name)));
    return out;
}

/// With RECOLLECTOR_SCREENSHOT_DIR set (scripts/screenshots.sh): the inbox at the two sizes
/// the README shows, the row of `id` selected.
void shoot(ChangesDialog *dialog, const QString &id)
{
    const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (shots.isEmpty())
        return;
    for (int r = 0; r < dialog->model()->rowCount(); ++r) {
        if (dialog->model()->row(r)->memoryId == id)
            dialog->selectRows({ r });
    }
    const QSize was = dialog->size();
    for (const QSize size : { QSize(1024, 700), QSize(1600, 1000) }) {
        dialog->resize(size);
        QCoreApplication::processEvents();
        const QImage image = dialog->grab().toImage();
        QVERIFY(image.save(QStringLiteral("%1/changes-inbox-%2x%3.png").arg(shots).arg(size.width()).arg(size.height())));
    }
    dialog->resize(was);
}

/// The files that differ between two states of a folder, with both contents (empty: none).
QString difference(const QMap<QString, QByteArray> &now, const QMap<QString, QByteArray> &want)
{
    QStringList lines;
    QStringList names = now.keys() + want.keys();
    names.removeDuplicates();
    for (const QString &name : names) {
        if (now.value(name) != want.value(name) || now.contains(name) != want.contains(name))
            lines << QStringLiteral("%1:\n--- now\n%2\n--- wanted\n%3").arg(name, QString::fromUtf8(now.value(name)),
                                                                              QString::fromUtf8(want.value(name)));
    }
    return lines.join(QLatin1Char('\n'));
}

bool shell(const QString &script)
{
    QProcess p;
    p.start(QStringLiteral("/bin/sh"), { QStringLiteral("-c"), script });
    return p.waitForFinished(60000) && p.exitCode() == 0;
}

} // namespace

class TestChangesWindow : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    QTemporaryDir m_tmp;

    QString copyFixture(const QString &fixture)
    {
        const QString folder = m_tmp.filePath(QStringLiteral("%1-%2/memory").arg(fixture).arg(QDateTime::currentMSecsSinceEpoch()));
        if (!QDir().mkpath(folder))
            return {};
        const QDir from(QStringLiteral(RECOLLECTOR_TEST_DATA "/attach/") + fixture);
        for (const QString &name : from.entryList(QDir::Files))
            QFile::copy(from.filePath(name), QDir(folder).filePath(name));
        return folder;
    }

    static bool showWithStore(MainWindow &w, const QString &path)
    {
        w.show();
        return QTest::qWaitForWindowExposed(&w) && w.openStore(path);
    }

    static ChangesInbox *inboxOf(MainWindow &w) { return w.findChild<ChangesInbox *>(QStringLiteral("changesInbox")); }

    static void onlyOnAFile()
    {
        if (test::EngineFixture::onServer())
            QSKIP("an attached folder's side store is a file whatever the other store is");
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        // Side stores go to the user's data folder: a temporary one, which the MCP process
        // (recollector-cli, under the program's own names) shares with the window; settings to
        // a temporary folder too.
        qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("xdg")).toUtf8());
        qputenv("XDG_CONFIG_HOME", m_tmp.filePath(QStringLiteral("config")).toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("Recollector"));
        QCoreApplication::setApplicationName(QStringLiteral("Recollector"));
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    }

    void rejectPutsTheFolderBackAndUndoReapplies_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("forgotten");
        QTest::addColumn<QString>("edited");
        QTest::addColumn<QString>("sed");
        QTest::newRow("agent folder") << QStringLiteral("agent-folder") << QStringLiteral("1a2de668")
                                      << QStringLiteral("1a2b1eef.json") << QStringLiteral("s/(note 1)/(note 1, revised by the assistant)/");
        QTest::newRow("Claude Code folder") << QStringLiteral("claude-memory") << QStringLiteral("feedback_05")
                                            << QStringLiteral("feedback_09.md") << QStringLiteral("s/Prefer python venv/Prefer uv/");
    }

    void rejectPutsTheFolderBackAndUndoReapplies()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, forgotten);
        QFETCH(QString, edited);
        QFETCH(QString, sed);
        onlyOnAFile();
        test::AnsweredMessages messages;
        const QString folder = copyFixture(fixture);
        QVERIFY(!folder.isEmpty());
        MainWindow w;
        w.resize(1200, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.attachFolder(folder));
        QTRY_VERIFY(w.tableModel()->rowOfId(forgotten) >= 0);
        ChangesInbox *inbox = inboxOf(w);
        QVERIFY(inbox);
        w.findChild<QAction *>(QStringLiteral("changesAction"))->trigger();
        QTRY_VERIFY(inbox->dialog() && inbox->dialog()->isVisible());
        ChangesDialog *dialog = inbox->dialog();
        // Attaching read every file in: mark that reviewed, so the list starts empty.
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("reviewedButton")), Qt::LeftButton);
        QTRY_COMPARE(dialog->model()->rowCount(), 0);
        const QMap<QString, QByteArray> before = filesOf(folder);
        QTRY_VERIFY(!w.attachController()->isBusy());

        // The assistant: over MCP it remembers one thing and forgets another; then it edits its file.
        {
            test::McpProcess mcp(QStringList { QStringLiteral("--attach"), folder }, QProcessEnvironment());
            QVERIFY(mcp.started());
            mcp.initialize();
            const QJsonObject remembered = mcp.callTool(QStringLiteral("remember"),
                                                        { { QStringLiteral("content"), QStringLiteral("The build server is named quartz-7") } });
            QVERIFY2(!remembered.value(QStringLiteral("isError")).toBool(), QJsonDocument(mcp.lastAnswer()).toJson().constData());
            const QJsonObject forgot = mcp.callTool(QStringLiteral("forget"), { { QStringLiteral("id"), forgotten } });
            QVERIFY2(!forgot.value(QStringLiteral("isError")).toBool(), QJsonDocument(mcp.lastAnswer()).toJson().constData());
            QCOMPARE(mcp.finish(), 0);
        }
        QVERIFY(shell(QStringLiteral("sed -i '%1' '%2/%3'").arg(sed, folder, edited)));
        w.attachController()->requestSync();
        QTRY_COMPARE_WITH_TIMEOUT(dialog->model()->rowCount(), 3, 10000);
        QTRY_VERIFY(!w.attachController()->isBusy());
        const QMap<QString, QByteArray> changed = filesOf(folder);
        QVERIFY(changed != before);
        if (fixture == QLatin1String("claude-memory"))
            shoot(dialog, QFileInfo(edited).completeBaseName());

        // R on every row: one undoable step; the folder is as it was, byte for byte.
        const int steps = w.undoStack()->count();
        dialog->list()->setFocus();
        dialog->list()->selectAll();
        QTest::keyClick(dialog->list(), Qt::Key_R);
        QCOMPARE(w.undoStack()->count(), steps + 1);
        QTRY_VERIFY_WITH_TIMEOUT(filesOf(folder) == before, 10000);
        QVERIFY2(filesOf(folder) == before, qPrintable(difference(filesOf(folder), before)));
        QVERIFY(w.tableModel()->rowOfId(forgotten) >= 0);

        // Undo of the reject re-applies the assistant's changes, files too.
        w.undoStack()->undo();
        QTRY_VERIFY_WITH_TIMEOUT(filesOf(folder) == changed, 10000);
        QVERIFY2(filesOf(folder) == changed, qPrintable(difference(filesOf(folder), changed)));
        QTRY_VERIFY(w.tableModel()->rowOfId(forgotten) < 0);
        QVERIFY2(messages.texts().isEmpty(), qPrintable(messages.texts().join('\n')));
    }

    // The status bar says how many changes wait since the last review and opens the list; A
    // accepts the selected change (it leaves the list), and Undo brings it back.
    void statusBarCountsAndAcceptHidesARow()
    {
        onlyOnAFile();
        test::AnsweredMessages messages;
        const QString folder = copyFixture(QStringLiteral("agent-folder"));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.attachFolder(folder));
        ChangesInbox *inbox = inboxOf(w);
        QTRY_VERIFY(inbox->statusLabel()->isVisible()); // never reviewed: everything read counts
        inbox->open();
        ChangesDialog *dialog = inbox->dialog();
        QVERIFY(dialog->markAllReviewed());
        inbox->updateCount();
        QVERIFY(!inbox->statusLabel()->isVisible());

        QVERIFY(shell(QStringLiteral("sed -i 's/(note 1)/(note 1, again)/' '%1/1a2b1eef.json'").arg(folder)));
        QVERIFY(shell(QStringLiteral("sed -i 's/(note 20)/(note 20, again)/' '%1/1a2d6aac.json'").arg(folder)));
        w.attachController()->requestSync();
        QTRY_COMPARE_WITH_TIMEOUT(dialog->model()->rowCount(), 2, 10000);
        QTRY_COMPARE(inbox->count(), 2);
        QVERIFY(inbox->statusLabel()->text().contains(QStringLiteral("2 changes since your last review")));
        dialog->close();
        QTRY_VERIFY(!inbox->dialog());
        inbox->statusLabel()->linkActivated(QStringLiteral("changes"));
        QTRY_VERIFY(inbox->dialog() && inbox->dialog()->isVisible());
        dialog = inbox->dialog();
        QTRY_COMPARE(dialog->model()->rowCount(), 2);

        // The texts are worded for the rows on screen only: the same as worded for every row.
        const std::vector<ChangeTexts> eager = ChangeList::texts(dialog->model()->rows(), w.session()->snapshot());
        for (int r = 0; r < dialog->model()->rowCount(); ++r) {
            QVERIFY(!eager[std::size_t(r)].preview.isEmpty());
            QCOMPARE(dialog->model()->index(r, ChangeListModel::Memory).data().toString(),
                     QString(eager[std::size_t(r)].preview).replace(QLatin1Char('\n'), QLatin1Char(' ')));
        }

        // On a 1024×700 screen the Since box shows its whole choice ("your last review (…)").
        dialog->resize(1024, 700);
        QCoreApplication::processEvents();
        auto *since = dialog->findChild<QComboBox *>(QStringLiteral("sinceBox"));
        QVERIFY(since->currentText().startsWith(QStringLiteral("your last review (")));
        QVERIFY2(since->width() >= since->sizeHint().width(), qPrintable(QStringLiteral("%1 < %2").arg(since->width()).arg(since->sizeHint().width())));
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("countLabel"))->geometry().right() <= dialog->width());

        // The before/after view marks the changed words.
        dialog->selectRows({ 0 });
        QVERIFY(dialog->findChild<QTextEdit *>(QStringLiteral("afterText"))->toPlainText().contains(QStringLiteral("again")));
        dialog->list()->setFocus();
        QTest::keyClick(dialog->list(), Qt::Key_A);
        QTRY_COMPARE(dialog->model()->rowCount(), 1);
        QTRY_COMPARE(inbox->count(), 1);
        w.undoStack()->undo();
        QTRY_COMPARE(dialog->model()->rowCount(), 2);
        QVERIFY2(messages.texts().isEmpty(), qPrintable(messages.texts().join('\n')));
    }

    // Another process, the assistant over MCP, remembers two things in the store the window
    // has open: the window hears of it (the poll of the file, or the team store's
    // announcement), the status bar counts both and the open list shows them; A accepts one
    // (it leaves the list) and Undo brings it back.
    void anotherProcessesChangesReachTheInbox()
    {
        test::AnsweredMessages messages;
        test::EngineStore store(m_engines);
        store.close();
        MainWindow w;
        QVERIFY(showWithStore(w, store.path()));
        ChangesInbox *inbox = inboxOf(w);
        inbox->open();
        ChangesDialog *dialog = inbox->dialog();
        QVERIFY(dialog && dialog->markAllReviewed());
        inbox->updateCount();
        QVERIFY(!inbox->statusLabel()->isVisible());
        QCOMPARE(dialog->model()->rowCount(), 0);

        {
            test::McpProcess mcp(store.path());
            QVERIFY(mcp.started());
            mcp.initialize();
            for (const char *content : { "The build server is named quartz-7", "Releases are cut on Thursdays" }) {
                const QJsonObject remembered = mcp.callTool(QStringLiteral("remember"),
                                                            { { QStringLiteral("content"), QString::fromLatin1(content) } });
                QVERIFY2(!remembered.value(QStringLiteral("isError")).toBool(), QJsonDocument(mcp.lastAnswer()).toJson().constData());
            }
            QCOMPARE(mcp.finish(), 0);
        }
        QTRY_COMPARE_WITH_TIMEOUT(inbox->count(), 2, 10000);
        QVERIFY2(inbox->statusLabel()->text().contains(QStringLiteral("2 changes since your last review")),
                 qPrintable(inbox->statusLabel()->text()));
        QTRY_COMPARE(dialog->model()->rowCount(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(w.tableModel()->rowCount(), 2, 10000);

        dialog->selectRows({ 0 });
        dialog->list()->setFocus();
        QTest::keyClick(dialog->list(), Qt::Key_A);
        QTRY_COMPARE(dialog->model()->rowCount(), 1);
        QTRY_COMPARE(inbox->count(), 1);
        w.undoStack()->undo();
        QTRY_COMPARE(dialog->model()->rowCount(), 2);
        QTRY_COMPARE(inbox->count(), 2);
        QVERIFY2(messages.texts().isEmpty(), qPrintable(messages.texts().join('\n')));
    }

    // A writer that changes the store more often than the count's wait must not keep pushing
    // the count back: the second change leaves the first one's count where it was due. The
    // wait grows with what a count costs, so a long list leaves the window time to answer.
    void aBusyWriterDoesNotPostponeTheCount()
    {
        QCOMPARE(ChangesInbox::countDelayMs(0), 250);
        QCOMPARE(ChangesInbox::countDelayMs(40), 400);
        QCOMPARE(ChangesInbox::countDelayMs(184), 1840);
        QCOMPARE(ChangesInbox::countDelayMs(60000), 5000);

        test::EngineStore store(m_engines);
        store.close();
        MainWindow w;
        QVERIFY(showWithStore(w, store.path()));
        ChangesInbox *inbox = inboxOf(w);
        QTRY_VERIFY(!inbox->countPending());
        Q_EMIT w.session()->memoriesChanged({});
        QVERIFY(inbox->countPending());
        const int due = inbox->countDueInMs();
        // No events are handled while this thread waits: the count cannot run in between.
        QThread::msleep(100);
        Q_EMIT w.session()->memoriesChanged({});
        QVERIFY(inbox->countPending());
        // A coarse timer's due time moves by up to 5 % when it is started again: the margin is wider.
        QVERIFY2(inbox->countDueInMs() <= due - 50, qPrintable(QStringLiteral("due in %1 ms, first due in %2 ms").arg(inbox->countDueInMs()).arg(due)));
        QTRY_VERIFY(!inbox->countPending());
    }
};

QTEST_MAIN(TestChangesWindow)
#include "tst_changes_window.moc"
