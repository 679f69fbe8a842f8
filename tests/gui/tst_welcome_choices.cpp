// Issue 37, item 11, on the real MainWindow with no store open: the welcome page offers the
// assistant's own memory (Claude Code, an agent folder) before the demo; the docks and the
// scoring controls step aside while it shows and come back as they were when a store opens;
// File ▸ Import works there as the welcome page's Import does (into the default store).
#include "MainWindow.h"
#include "StoreSession.h"

#include "WindowTestSetup.h"

#include <QAction>
#include <QDockWidget>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::ui;

class TestWelcomeChoices : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    std::optional<test::AnsweredMessages> m_messages;

    static QList<QDockWidget *> docks(MainWindow &w)
    {
        return w.findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly);
    }

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("xdg")).toUtf8());
        test::useTestSettings(QStringLiteral("RecollectorWelcomeChoices"));
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        m_messages.emplace();
    }

    void init() { QSettings().clear(); }

    void theAssistantsMemoryComesFirst()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *claude = w.findChild<QPushButton *>(QStringLiteral("welcomeClaudeButton"));
        auto *folder = w.findChild<QPushButton *>(QStringLiteral("welcomeFolderButton"));
        auto *demo = w.findChild<QPushButton *>(QStringLiteral("welcomeDemoButton"));
        QVERIFY(claude && folder && demo);
        QVERIFY(claude->isVisible() && folder->isVisible());
        QVERIFY(claude->mapTo(&w, QPoint()).y() < demo->mapTo(&w, QPoint()).y());
        QVERIFY(folder->mapTo(&w, QPoint()).y() < demo->mapTo(&w, QPoint()).y());
    }

    void theDocksStepAsideWithoutAStore()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!docks(w).isEmpty());
        for (QDockWidget *dock : docks(w))
            QVERIFY2(!dock->isVisible(), qPrintable(dock->windowTitle()));
        auto *preview = w.findChild<QWidget *>(QStringLiteral("previewDateControl"));
        QVERIFY(preview && !preview->isEnabled());

        QVERIFY(w.openDemoStore(true));
        int shown = 0;
        for (QDockWidget *dock : docks(w))
            shown += dock->isVisible() ? 1 : 0;
        QVERIFY2(shown >= 3, qPrintable(QString::number(shown))); // the details, the curve, the graph
        QVERIFY(preview->isEnabled());
    }

    void importIsOfferedWithoutAStore()
    {
        MainWindow w;
        auto *import = w.findChild<QAction *>(QStringLiteral("importAction"));
        QVERIFY(import);
        QVERIFY(!w.session()->isOpen());
        QVERIFY(import->isEnabled());
    }

    void closingWithoutAStoreKeepsTheDocksForNextTime()
    {
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.close(); // no store: the docks are hidden beside the welcome page
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openDemoStore(true));
        int shown = 0;
        for (QDockWidget *dock : docks(w))
            shown += dock->isVisible() ? 1 : 0;
        QVERIFY2(shown >= 3, qPrintable(QString::number(shown)));
    }
};

QTEST_MAIN(TestWelcomeChoices)
#include "tst_welcome_choices.moc"
