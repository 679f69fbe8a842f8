// Issue 37, item 6, on a 1024×700 screen (the offscreen platform given that screen, see
// tests/CMakeLists.txt): the real MainWindow and every dialog it opens open inside
// QScreen::availableGeometry(), frame included, so their buttons can be reached without
// maximising; the main window's status bar is on screen. A saved size from a larger monitor is
// cut down the same way. RECOLLECTOR_SCREENSHOT_DIR=dir saves each window there.
#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ChangePassphraseDialog.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/PassphraseDialog.h"
#include "models/MemoryTableModel.h"
#include "views/MemoryTableView.h"

#include "WindowTestSetup.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QtTest>

using namespace recollector;
using namespace recollector::ui;

namespace {

QString describe(const QRect &r)
{
    return QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

/// What of `window` lies outside the screen's available area: its frame, or a button of its
/// button box.
QStringList offScreen(QWidget *window)
{
    QStringList problems;
    const QRect available = window->screen()->availableGeometry();
    const QString name = window->metaObject()->className();
    if (!available.contains(window->frameGeometry()))
        problems << QStringLiteral("%1: frame %2 outside %3").arg(name, describe(window->frameGeometry()), describe(available));
    for (const QDialogButtonBox *box : window->findChildren<QDialogButtonBox *>()) {
        if (!box->isVisibleTo(window))
            continue;
        const QRect onScreen(box->mapToGlobal(QPoint(0, 0)), box->size());
        if (!available.contains(onScreen))
            problems << QStringLiteral("%1: buttons at %2").arg(name, describe(onScreen));
    }
    if (const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR"); !dir.isEmpty())
        window->grab().save(QStringLiteral("%1/fit-1024x700-%2.png").arg(dir, name));
    return problems;
}

/// The newest visible top-level dialog of class T.
template<typename T>
T *shown()
{
    T *found = nullptr;
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (auto *d = qobject_cast<T *>(w); d && d->isVisible())
            found = d;
    }
    return found;
}

} // namespace

class TestFitsSmallScreen : public QObject
{
    Q_OBJECT

private:
    std::optional<test::AnsweredMessages> m_messages;

    /// Opens the main window on the demo store, shown and settled.
    static bool openDemo(MainWindow &w)
    {
        if (!w.openDemoStore(true))
            return false;
        w.show();
        return QTest::qWaitForWindowExposed(&w);
    }

    /// Runs `open` (which shows a modal dialog and waits in it), checks the dialog and closes it.
    static QStringList checkModal(const std::function<void()> &open)
    {
        QStringList problems;
        bool seen = false;
        QTimer::singleShot(0, [&]() {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            seen = true;
            problems = offScreen(dialog);
            dialog->reject();
        });
        open();
        if (!seen)
            problems << QStringLiteral("no dialog opened");
        return problems;
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorFitsSmallScreen"));
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        m_messages.emplace();
    }

    void init() { QSettings().clear(); }

    void theScreenIsSmall()
    {
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        QCOMPARE(available.size(), QSize(1024, 700));
    }

    void theMainWindowAndItsStatusBarFit()
    {
        MainWindow w;
        QVERIFY(openDemo(w));
        const QStringList problems = offScreen(&w);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QStatusBar *status = w.statusBar();
        QVERIFY(status->isVisible());
        const QRect bar(status->mapToGlobal(QPoint(0, 0)), status->size());
        QVERIFY2(w.screen()->availableGeometry().contains(bar), qPrintable(describe(bar)));
    }

    void aSizeSavedOnALargerScreenIsCutDown()
    {
        {
            MainWindow w;
            QVERIFY(openDemo(w));
            w.resize(1900, 1150); // as on a larger monitor
            w.close();            // saves the geometry
        }
        MainWindow w;
        QVERIFY(openDemo(w));
        const QStringList problems = offScreen(&w);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void everyDialogTheWindowOpensFits()
    {
        MainWindow w;
        QVERIFY(openDemo(w));
        QStringList problems;
        const auto check = [&problems](QWidget *dialog, const char *what) {
            if (!dialog) {
                problems << QStringLiteral("%1: not shown").arg(QLatin1String(what));
                return;
            }
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            problems << offScreen(dialog);
            dialog->close();
        };
        w.openSettings();
        check(shown<QDialog>(), "settings");
        w.openConflicts();
        check(shown<QDialog>(), "conflict list");
        const auto open = w.session()->store()->conflicts().list(core::ConflictStatus::Open);
        QVERIFY(open && !open->empty());
        w.openConflict(open->front().id);
        check(shown<ConflictDialog>(), "conflict");
        w.openReviewQueue();
        check(shown<QDialog>(), "review queue");
        w.openCleanupPreview();
        check(shown<QDialog>(), "clean up");
        w.openUserGuide();
        check(shown<QDialog>(), "user guide");
        w.openShortcuts();
        check(shown<QDialog>(), "shortcuts");
        w.openExportDialog();
        check(shown<QDialog>(), "export");
        w.openImportPreview(QStringLiteral(RECOLLECTOR_TEST_DATA "/import-small.json"));
        check(shown<QDialog>(), "import preview");
        w.openRebuildLinks();
        check(shown<QDialog>(), "rebuild links");
        problems << checkModal([&w]() { w.newMemory(); });
        w.memoryTable()->selectRow(0);
        problems << checkModal([&w]() { w.editCurrent(); });
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void thePassphraseDialogsFit()
    {
        MainWindow w;
        QStringList problems;
        PassphraseDialog ask(PassphraseDialog::Mode::Unlock, QStringLiteral("work.recollector"), &w);
        ask.show();
        QVERIFY(QTest::qWaitForWindowExposed(&ask));
        problems << offScreen(&ask);
        ChangePassphraseDialog change(QStringLiteral("work.recollector"), &w);
        change.show();
        QVERIFY(QTest::qWaitForWindowExposed(&change));
        problems << offScreen(&change);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestFitsSmallScreen)
#include "tst_fits_small_screen.moc"
