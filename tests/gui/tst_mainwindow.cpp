// The real MainWindow, offscreen, on a temporary store (an SQLite file, and a team store of the
// suite's own PostgreSQL): opening (and failing to open) stores,
// the demo store, filtering, sorting, decisions with undo / redo, preview at a date, and
// changes made by another connection and by recollector-cli showing up with the selection kept;
// deleting the window with decisions on its undo stack; a 1 MB memory selected.
#include "WindowEngineStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "models/MemoryTableModel.h"
#include "support/MessageBox.h"
#include "support/TextPrompt.h"
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"
#include "WindowTestSetup.h"

#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSettings>
#include <QStandardPaths>
#include <QTextDocument>
#include <QUndoStack>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

// A spread of ages so strength sorts are meaningful: memory i was reinforced i hours ago.
Memory makeMemory(int i, Millis now)
{
    Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i, 3, 10, QLatin1Char('0')), now - Millis(i) * kMsPerHour);
    m.content = i % 2 ? QStringLiteral("Prefers tabs in project %1").arg(i) : QStringLiteral("Uses vitest, note %1").arg(i);
    m.keywords = {QStringLiteral("k%1").arg(i)};
    return m;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    static constexpr int kCount = 30;
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;
    Millis m_now = 0;

    void fill()
    {
        m_now = time::nowMs();
        for (int i = 0; i < kCount; ++i)
            QVERIFY((*m_store)->memories().insert(makeMemory(i, m_now)));
    }

    static bool verifiedInStore(Store &store, const QString &id)
    {
        const auto m = store.memories().get(id);
        return m && m->verified;
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        test::useTestSettings();
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store = std::make_unique<test::EngineStore>(m_engines);
        fill();
    }

    void cleanup()
    {
        m_messages.reset();
        TextPrompt::setHandler({});
        m_store.reset();
    }

    void opensAStoreAndShowsEveryMemory()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QCOMPARE(w.tableModel()->rowCount(), kCount);
        QVERIFY2(w.windowTitle().contains(test::shownName(*m_store)), qPrintable(w.windowTitle()));
        auto *counts = w.findChild<QLabel *>(QStringLiteral("filterCounts"));
        QVERIFY(counts);
        QVERIFY(counts->text().contains(QString::number(kCount)));
        QVERIFY(m_messages->texts().isEmpty());
    }

    void aStoreThatCannotBeOpenedIsReportedAndTheOldOneStays()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        const QString bogus = m_store->dir() + QStringLiteral("/notes.recollector");
        QFile file(bogus);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("this is not a database at all, just some text to make it long enough");
        file.close();
        QVERIFY(!w.openStore(bogus));
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY2(m_messages->texts().first().contains(QStringLiteral("notes.recollector")), qPrintable(m_messages->texts().first()));
        QVERIFY2(m_messages->texts().first().contains(test::shownName(*m_store) + QStringLiteral(" stays open")),
                 qPrintable(m_messages->texts().first()));
        QCOMPARE(w.session()->path(), test::sessionPath(*m_store));
        QCOMPARE(w.tableModel()->rowCount(), kCount);
    }

    void theDemoStoreOpensWithMemories()
    {
        if (test::EngineFixture::onServer())
            QSKIP("the demo store is a file of the user's data folder, whatever the other store is");
        MainWindow w;
        QVERIFY2(w.openDemoStore(true), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QVERIFY(w.tableModel()->rowCount() > 100);
        QVERIFY(w.session()->openConflictCount() >= 3);
    }

    void textFilterIsDebouncedAndMatchesKeywords()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        auto *search = w.findChild<QLineEdit *>(QStringLiteral("searchEdit"));
        QVERIFY(search);
        QTest::keyClicks(search, QStringLiteral("VITEST"));
        QTRY_COMPARE(w.tableModel()->rowCount(), kCount / 2);
        search->clear();
        QTest::keyClicks(search, QStringLiteral("k17"));
        QTRY_COMPARE(w.tableModel()->rowCount(), 1);
        QCOMPARE(w.tableModel()->idAt(0), QStringLiteral("mem_017"));
    }

    void sortingByStrengthKeepsTheSelection()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        w.selectIds({QStringLiteral("mem_005")});
        w.memoryTable()->horizontalHeader()->setSortIndicator(StrengthColumn, Qt::AscendingOrder);
        QCOMPARE(w.tableModel()->idAt(0), QStringLiteral("mem_029")); // the oldest is the weakest
        QCOMPARE(w.selectedIds(), QStringList{QStringLiteral("mem_005")});
        w.memoryTable()->horizontalHeader()->setSortIndicator(StrengthColumn, Qt::DescendingOrder);
        QCOMPARE(w.tableModel()->idAt(0), QStringLiteral("mem_000"));
        QCOMPARE(w.selectedIds(), QStringList{QStringLiteral("mem_005")});
    }

    void confirmUndoRedo()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        const QString id = QStringLiteral("mem_003");
        w.selectIds({id});
        const int row = w.tableModel()->rowOfId(id);
        const qint64 eventsBefore = *(*m_store)->events().count();

        w.confirmSelected();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QVERIFY(verifiedInStore(m_store->store(), id));
        QVERIFY(w.tableModel()->index(row, 0).data(VerifiedRole).toBool());
        const qint64 afterConfirm = *(*m_store)->events().count();
        QVERIFY(afterConfirm >= eventsBefore + 2); // reinforce + confirm
        QCOMPARE(w.undoStack()->count(), 1);

        w.undoStack()->undo();
        QVERIFY(!verifiedInStore(m_store->store(), id));
        QVERIFY(!w.tableModel()->index(w.tableModel()->rowOfId(id), 0).data(VerifiedRole).toBool());
        QVERIFY(*(*m_store)->events().count() > afterConfirm); // undo appends, never deletes

        w.undoStack()->redo();
        QVERIFY(verifiedInStore(m_store->store(), id));
        QVERIFY(w.tableModel()->index(w.tableModel()->rowOfId(id), 0).data(VerifiedRole).toBool());
        QCOMPARE(w.selectedIds(), QStringList{id});
    }

    void negateWithCorrectionCreatesAMemory()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        TextPrompt::setHandler([](const QString &, const QString &, const QString &, bool) {
            return std::optional<QString>(QStringLiteral("Prefers spaces now"));
        });
        w.selectIds({QStringLiteral("mem_001")});
        w.negateSelected(true);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        const auto m = (*m_store)->memories().get(QStringLiteral("mem_001"));
        QVERIFY(m && m->negated);
        QCOMPARE(w.tableModel()->rowCount(), kCount + 1); // review mode shows negated + the new one
        QVERIFY(w.tableModel()->index(w.tableModel()->rowOfId(QStringLiteral("mem_001")), 0).data(Qt::FontRole)
                    .value<QFont>()
                    .strikeOut());
        w.undoStack()->undo();
        QCOMPARE(w.tableModel()->rowCount(), kCount);
        QVERIFY(!(*m_store)->memories().get(QStringLiteral("mem_001"))->negated);
    }

    void deleteRestoreAndModes()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.selectIds({QStringLiteral("mem_002"), QStringLiteral("mem_004")});
        w.deleteSelected();
        QCOMPARE(w.tableModel()->rowCount(), kCount - 2); // review mode hides deleted rows
        QVERIFY((*m_store)->memories().get(QStringLiteral("mem_002"))->isDeleted());
        SnapshotFilter debug = w.filterBar()->filter();
        debug.mode = SnapshotFilter::Mode::Debug;
        w.filterBar()->setFilter(debug);
        QCOMPARE(w.tableModel()->rowCount(), kCount);
        w.selectIds({QStringLiteral("mem_002")});
        w.restoreSelected();
        QVERIFY(!(*m_store)->memories().get(QStringLiteral("mem_002"))->isDeleted());
        w.undoStack()->undo(); // undo the restore
        QVERIFY((*m_store)->memories().get(QStringLiteral("mem_002"))->isDeleted());
    }

    void previewAtADateRescoresAndKeepsTheSelection()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.memoryTable()->horizontalHeader()->setSortIndicator(StrengthColumn, Qt::DescendingOrder);
        w.selectIds({QStringLiteral("mem_000")});
        const int row = w.tableModel()->rowOfId(QStringLiteral("mem_000"));
        const double before = w.tableModel()->index(row, StrengthColumn).data(StrengthRole).toDouble();
        QCOMPARE(before, 100.0);
        w.session()->setNow(m_now + 24 * kMsPerHour);
        const int after = w.tableModel()->rowOfId(QStringLiteral("mem_000"));
        // Note 000's oracle: stability 24 h, 24 h later → 37.
        QCOMPARE(w.tableModel()->index(after, StrengthColumn).data(StrengthRole).toDouble(), 37.0);
        QCOMPARE(w.selectedIds(), QStringList{QStringLiteral("mem_000")});
        QVERIFY(w.windowTitle().contains(QStringLiteral("preview")));
        w.session()->setNow(0);
        QVERIFY(!w.windowTitle().contains(QStringLiteral("preview")));
    }

    void anotherConnectionsChangeShowsUpKeepingTheSelection()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        w.memoryTable()->horizontalHeader()->setSortIndicator(StrengthColumn, Qt::DescendingOrder);
        w.selectIds({QStringLiteral("mem_010")});
        // Another writer reinforces the weakest memory and logs it.
        Memory m = *(*m_store)->memories().get(QStringLiteral("mem_029"));
        m.lastReinforcedAt = time::nowMs();
        m.verified = true;
        QVERIFY((*m_store)->memories().update(m));
        Event e;
        e.memoryId = m.id;
        e.kind = events::kConfirm;
        e.at = m.lastReinforcedAt;
        QVERIFY((*m_store)->events().append(e));
        // The window notices it: the poll of the file, or the team store's announcement.
        QTRY_VERIFY_WITH_TIMEOUT(w.tableModel()->index(w.tableModel()->rowOfId(m.id), 0).data(VerifiedRole).toBool(),
                                 2000);
        QVERIFY(w.tableModel()->rowOfId(m.id) <= 1); // moved to the top of the strength sort
        QCOMPARE(w.selectedIds(), QStringList{QStringLiteral("mem_010")});
    }

    void recollectorCliConfirmShowsUp()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        w.selectIds({QStringLiteral("mem_007")});
        QProcess cli;
        cli.start(QStringLiteral(RECOLLECTOR_CLI_PATH),
                  {QStringLiteral("--store"), m_store->path(), QStringLiteral("confirm"), QStringLiteral("mem_012")});
        QVERIFY(cli.waitForFinished(20000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QTRY_VERIFY_WITH_TIMEOUT(
            w.tableModel()->index(w.tableModel()->rowOfId(QStringLiteral("mem_012")), 0).data(VerifiedRole).toBool(),
            2000);
        QCOMPARE(w.selectedIds(), QStringList{QStringLiteral("mem_007")});
    }

    // Closing and deleting the window with decisions on its undo stack (not clean) and its
    // docks and working dialogs open: nothing of the window runs once its destructor has
    // begun (the stack emits cleanChanged as it clears; the docks visibilityChanged as they
    // go), and nothing reads the session after it is gone. Under ASan / UBSan this is the
    // check for the use-after-free and the bad downcast; in any build the title must not
    // change after ~MainWindow began (it did: updateTitle ran on a destroyed session).
    void deletingTheWindowWithUndoableDecisionsIsClean()
    {
        auto *w = new MainWindow;
        QVERIFY(w->openStore(m_store->path()));
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        TextPrompt::setHandler([](const QString &, const QString &, const QString &, bool) {
            return std::optional<QString>(QStringLiteral("Prefers spaces now"));
        });
        w->selectIds({QStringLiteral("mem_003")});
        w->confirmSelected();
        w->selectIds({QStringLiteral("mem_001")});
        w->negateSelected(true);
        w->selectIds({QStringLiteral("mem_002"), QStringLiteral("mem_004")});
        w->deleteSelected();
        w->selectIds({QStringLiteral("mem_005")});
        w->setPermanentSelected(true);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QCOMPARE(w->undoStack()->count(), 4);
        QVERIFY(!w->undoStack()->isClean());
        w->session()->setNow(m_now + 24 * kMsPerHour); // previewing: the title reads the session
        w->openReviewQueue();
        w->openConflicts();
        w->openSettings();
        QCoreApplication::processEvents();

        const QString title = w->windowTitle();
        QVERIFY2(title.contains(test::shownName(*m_store)), qPrintable(title));
        QSignalSpy titleChanges(w, &QWidget::windowTitleChanged);
        QPointer<StoreSession> session = w->session();
        w->close();
        delete w;
        QVERIFY(session.isNull());
        QCOMPARE(titleChanges.count(), 0);

        // What was decided is in the store; the undo stack going away took nothing back.
        m_store->reopen();
        QVERIFY(verifiedInStore(m_store->store(), QStringLiteral("mem_003")));
        QVERIFY((*m_store)->memories().get(QStringLiteral("mem_001"))->negated);
        QVERIFY((*m_store)->memories().get(QStringLiteral("mem_002"))->isDeleted());
        QVERIFY((*m_store)->memories().get(QStringLiteral("mem_005"))->permanent);
    }

    // A 1 MB memory (one unbroken run, the worst case to lay out) selected in the real window
    // at a large and a small size: the window answers at once (the detail panel shows it
    // elided, with "Show All"), and the one-minute clock does not set the text again (the
    // window froze for minutes, then for half of every minute). Set RECOLLECTOR_SCREENSHOT_DIR to
    // save the window and its detail panel at each size (detail-panel-long-<w>x<h>.png).
    void aMegabyteMemoryDoesNotFreezeTheWindow()
    {
        Memory big = makeMemory(99, m_now);
        big.id = QStringLiteral("mem_big");
        big.content.reserve((1 << 20) + 16);
        big.content.clear();
        for (int i = 0; big.content.size() < (1 << 20); ++i)
            big.content += QStringLiteral("Base64Blob%1").arg(i % 9973);
        QVERIFY((*m_store)->memories().insert(big));

        for (const QSize size : {QSize(1600, 1000), QSize(1024, 700)}) {
            MainWindow w;
            QVERIFY(w.openStore(m_store->path()));
            w.resize(size);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            auto *detail = w.findChild<QWidget *>(QStringLiteral("detailPanel"));
            auto *content = w.findChild<QPlainTextEdit *>(QStringLiteral("contentEdit"));
            auto *showAll = w.findChild<QPushButton *>(QStringLiteral("showAllContentButton"));
            QVERIFY(detail && content && showAll);

            QElapsedTimer clock;
            clock.start();
            w.selectIds({big.id});
            QCoreApplication::processEvents();
            const qint64 selectMs = clock.elapsed();
            qInfo("selecting a 1 MB memory at %dx%d: %lld ms", size.width(), size.height(), selectMs);
            QVERIFY2(selectMs < 3000, qPrintable(QStringLiteral("selecting took %1 ms").arg(selectMs)));
            QVERIFY(content->isReadOnly());
            QVERIFY(content->toPlainText().size() < big.content.size() / 10);
            QVERIFY(showAll->isVisible());
            QVERIFY(detail->isVisible());

            const int revision = content->document()->revision();
            clock.restart();
            w.session()->setNow(m_now + 60 * 1000); // what the clock's tick sets off
            QCoreApplication::processEvents();
            const qint64 tickMs = clock.elapsed();
            QVERIFY2(tickMs < 2000, qPrintable(QStringLiteral("a clock tick took %1 ms").arg(tickMs)));
            QCOMPARE(content->document()->revision(), revision);
            w.session()->setNow(0);

            const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
            if (!shots.isEmpty()) {
                const QString suffix = QStringLiteral("%1x%2.png").arg(size.width()).arg(size.height());
                QVERIFY(detail->grab().save(shots + QStringLiteral("/detail-panel-long-") + suffix));
                QVERIFY(w.grab().save(shots + QStringLiteral("/main-window-long-") + suffix));
            }
        }
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    void columnsAndModeAreKeptInSettings()
    {
        {
            MainWindow w;
            QVERIFY(w.openStore(m_store->path()));
            w.memoryTable()->horizontalHeader()->setSectionHidden(ProjectColumn, true);
            w.memoryTable()->horizontalHeader()->setSectionHidden(IdColumn, false);
            SnapshotFilter f = w.filterBar()->filter();
            f.mode = SnapshotFilter::Mode::Normal;
            w.filterBar()->setFilter(f);
            w.close();
        }
        MainWindow again;
        QVERIFY(again.memoryTable()->horizontalHeader()->isSectionHidden(ProjectColumn));
        QVERIFY(!again.memoryTable()->horizontalHeader()->isSectionHidden(IdColumn));
        QCOMPARE(again.filterBar()->filter().mode, SnapshotFilter::Mode::Normal);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
