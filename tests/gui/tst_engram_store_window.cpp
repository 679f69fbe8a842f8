// The real MainWindow on a store Engram wrote (docs/formats.md, "Files written under the name
// Engram"): the default store Engram left is the one the window opens and says so, and an
// `.engram` file dropped on the window opens as a store, not as a file to import.
#include "MainWindow.h"
#include "StoreSession.h"
#include "models/MemoryTableModel.h"
#include "WindowTestSetup.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::ui;

namespace {
const QString kEngramStore = QStringLiteral(RECOLLECTOR_TEST_DATA "/engram-0.1/store.engram");
// store.engram holds four memories; the fourth is sealed and the window opens it locked.
constexpr int kMemories = 4;

bool copyWritable(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).path());
    QFile::remove(to);
    return QFile::copy(from, to) && QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
}
} // namespace

class TestEngramStoreWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    std::optional<test::AnsweredMessages> m_messages;

private Q_SLOTS:
    void initTestCase()
    {
        // A home of its own: the test-mode data folder lives under it, so no other test sees
        // the Engram store this one puts there.
        QVERIFY(m_home.isValid());
        qputenv("HOME", m_home.path().toUtf8());
        test::useTestSettings(QStringLiteral("RecollectorEngramStore"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void theDefaultStoreEngramLeftOpensWhereItIs()
    {
        const QString legacy = QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation))
                                   .filePath(QStringLiteral("Engram/Engram/default.engram"));
        QVERIFY(copyWritable(kEngramStore, legacy));
        QCOMPARE(QFileInfo(MainWindow::defaultStorePath()), QFileInfo(legacy));

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.openDefaultStore(), qPrintable(m_messages->texts().join(u'\n')));
        QCOMPARE(QFileInfo(w.session()->path()), QFileInfo(legacy));
        QTRY_COMPARE(w.tableModel()->rowCount(), kMemories);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("kept by Engram")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(w.windowTitle().contains(QStringLiteral("Recollector")));
        // Nothing was made beside it in Recollector's own folder.
        QVERIFY(!QFileInfo::exists(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                       .filePath(QStringLiteral("default.recollector"))));
        w.session()->close();
        QVERIFY(QFile::remove(legacy));
        QVERIFY(MainWindow::defaultStorePath().endsWith(QStringLiteral("/default.recollector")));
    }

    void anEngramStoreDroppedOnTheWindowOpens()
    {
        const QString path = m_home.filePath(QStringLiteral("dropped.engram"));
        QVERIFY(copyWritable(kEngramStore, path));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openDropped(path);
        QVERIFY2(w.session()->isOpen(), qPrintable(m_messages->texts().join(u'\n')));
        QCOMPARE(QFileInfo(w.session()->path()), QFileInfo(path));
        QTRY_COMPARE(w.tableModel()->rowCount(), kMemories);
        QVERIFY(m_messages->texts().isEmpty());
        // Not Engram's own folder: nothing to say about where it is kept.
        QVERIFY(!w.statusBar()->currentMessage().contains(QStringLiteral("Engram")));
    }
};

QTEST_MAIN(TestEngramStoreWindow)
#include "tst_engram_store_window.moc"
