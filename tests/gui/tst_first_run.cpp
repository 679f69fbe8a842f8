// Issue 20, item 10, on the real MainWindow (offscreen): with no store open the window shows
// the welcome page (no table); its buttons open the demo (marked as sample data in the title)
// or create the default store empty (the one recollector-cli uses without --store); an empty store
// and a filter with no match say so in the table, with what to do next.
#include "MainWindow.h"
#include "StoreSession.h"
#include "models/MemoryTableModel.h"
#include "support/MessageBox.h"
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"
#include "views/WelcomePage.h"
#include "WindowTestSetup.h"

#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::ui;

class TestFirstRun : public QObject
{
    Q_OBJECT

private:
    std::optional<test::AnsweredMessages> m_messages;

    static QPushButton *button(MainWindow &w, const char *name) { return w.findChild<QPushButton *>(QLatin1String(name)); }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorFirstRun"));
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    }

    void init()
    {
        QSettings().clear();
        for (const QString &path : {MainWindow::defaultStorePath(), MainWindow::demoStorePath()}) {
            for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
                QFile::remove(path + suffix);
        }
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void noStoreShowsTheWelcomePage()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *welcome = w.findChild<WelcomePage *>(QStringLiteral("welcomePage"));
        QVERIFY(welcome && welcome->isVisible());
        QVERIFY(!w.memoryTable()->isVisible());
        QVERIFY(!w.filterBar()->isVisible());
        for (const char *name : {"welcomeDemoButton", "welcomeImportButton", "welcomeEmptyButton"})
            QVERIFY2(button(w, name) && button(w, name)->isVisible() && button(w, name)->isEnabled(), name);
        QVERIFY(button(w, "welcomeDemoButton")->text().contains(QStringLiteral("sample data")));
        // Every note is as tall as its wrapped text, at 1024×700 too.
        w.resize(1024, 700);
        QCoreApplication::processEvents();
        for (QLabel *note : welcome->findChildren<QLabel *>()) {
            if (note->wordWrap())
                QVERIFY2(note->height() >= note->heightForWidth(note->width()), qPrintable(note->text()));
        }
        if (const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/welcome-page.png")));
    }

    void theDemoOpensMarkedAsSampleData()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::mouseClick(button(w, "welcomeDemoButton"), Qt::LeftButton);
        QVERIFY2(w.session()->isOpen(), qPrintable(m_messages->texts().join(u'\n')));
        QCOMPARE(QFileInfo(w.session()->path()), QFileInfo(MainWindow::demoStorePath()));
        QVERIFY2(w.windowTitle().contains(QStringLiteral("sample data")), qPrintable(w.windowTitle()));
        QVERIFY(!w.findChild<WelcomePage *>()->isVisible());
        QVERIFY(w.memoryTable()->isVisible());
        QVERIFY(w.tableModel()->rowCount() > 100);
        QVERIFY(w.memoryTable()->emptyMessage().isEmpty());

        // A filter with no match says so, and how to widen it.
        core::SnapshotFilter f = w.tableModel()->filter();
        f.text = QStringLiteral("zzqx-no-memory-says-this");
        w.tableModel()->setFilter(f);
        QCOMPARE(w.tableModel()->rowCount(), 0);
        QVERIFY2(w.memoryTable()->emptyMessage().startsWith(QStringLiteral("No memory matches")),
                 qPrintable(w.memoryTable()->emptyMessage()));
    }

    void anEmptyStoreIsTheDefaultStore()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTest::mouseClick(button(w, "welcomeEmptyButton"), Qt::LeftButton);
        QVERIFY2(w.session()->isOpen(), qPrintable(m_messages->texts().join(u'\n')));
        QCOMPARE(QFileInfo(w.session()->path()), QFileInfo(MainWindow::defaultStorePath()));
        QVERIFY(QFileInfo::exists(MainWindow::defaultStorePath()));
        QVERIFY(MainWindow::defaultStorePath().endsWith(QStringLiteral("/default.recollector")));
        QVERIFY(!w.windowTitle().contains(QStringLiteral("sample data")));
        QVERIFY(w.memoryTable()->isVisible());
        QCOMPARE(w.tableModel()->rowCount(), 0);
        QVERIFY2(w.memoryTable()->emptyMessage().contains(QStringLiteral("Memory ▸ New")),
                 qPrintable(w.memoryTable()->emptyMessage()));
    }
};

QTEST_MAIN(TestFirstRun)
#include "tst_first_run.moc"
