// The window's long jobs run on its own pool (ui/support/WorkerPool), never on Qt's global
// pool (docs/architecture.md, "Performance budget": open_first_paint_ms). The raster paint
// engine splits a large fill over the global pool and the GUI thread waits for the pieces, so
// a job holding a global thread held the first paint: at a million memories the background
// load and the scheduled cleanup's plan took both threads of a 2-core machine and the first
// paint waited for them (75 → 1,973 ms). Not a timing test: every thread of the global pool is
// held here while the window opens a store larger than its first chunk and with a cleanup due;
// the rest of the store and the cleanup's plan must still arrive, and only then is the window
// shown and painted.
#include "CleanupScheduler.h"
#include "MainWindow.h"
#include "StoreSession.h"
#include "models/MemoryTableModel.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "views/MemoryTableView.h"
#include "WindowTestSetup.h"

#include <QScopeGuard>
#include <QSemaphore>
#include <QSettings>
#include <QStandardPaths>
#include <QThreadPool>
#include <QtTest>

#include <utility>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

constexpr int kMemories = 60;
constexpr int kFirstChunk = 10;

Memory aged(const QString &id, double hours)
{
    Memory m;
    m.id = id;
    m.content = QStringLiteral("Memory %1 about deploys").arg(id);
    m.category = QStringLiteral("fact");
    m.keywords = {QStringLiteral("deploy")};
    m.confidence = 0.5;
    m.stability = 24;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = time::nowMs() - Millis(hours * double(kMsPerHour));
    return m;
}

} // namespace

class TestWindowWorkerPool : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// kMemories memories, never cleaned up; the oldest is a delete candidate, so a cleanup is due.
    QString makeStore()
    {
        const QString path = m_dir.filePath(QStringLiteral("pool.recollector"));
        auto store = Store::open(path);
        if (!store)
            return {};
        for (int i = 0; i < kMemories; ++i) {
            if (!(*store)->memories().insert(aged(QStringLiteral("m%1").arg(i, 3, 10, QLatin1Char('0')), i == 0 ? 120 : 1)).ok())
                return {};
        }
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(QStringLiteral("RecollectorWorkerPoolTest"));
        QSettings().clear();
        MessageBox::setHandler([](QMessageBox::Icon, const QString &, const QString &text, QMessageBox::StandardButtons) {
            qWarning("message box: %s", qPrintable(text));
            return QMessageBox::Ok;
        });
    }

    void cleanupTestCase() { MessageBox::setHandler({}); }

    void theWindowsJobsRunWhileQtsGlobalPoolIsBusy()
    {
        const QString path = makeStore();
        QVERIFY(!path.isEmpty());

        MainWindow w;
        QSignalSpy planned(w.cleanupScheduler(), &CleanupScheduler::finished);
        QSignalSpy painted(w.memoryTable(), &MemoryTableView::firstPaintWithRows);

        // Every thread of Qt's global pool busy, as the raster engine's fill pieces would find it.
        QThreadPool *global = QThreadPool::globalInstance();
        const int threads = global->maxThreadCount();
        QSemaphore held;
        QSemaphore release;
        for (int i = 0; i < threads; ++i) {
            global->start([&held, &release]() {
                held.release();
                release.acquire();
            });
        }
        QVERIFY(held.tryAcquire(threads, 10000));
        // Declared after the window: let go before the window waits for its jobs.
        bool freed = false;
        const auto letGo = [global, &release, threads, &freed]() {
            if (std::exchange(freed, true))
                return;
            release.release(threads);
            global->waitForDone();
        };
        const auto atExit = qScopeGuard(letGo);

        w.session()->setFirstChunkRows(kFirstChunk);
        QVERIFY(w.openStore(path));
        QCOMPARE(w.tableModel()->rowCount(), kFirstChunk); // the first chunk, the rest on a worker
        QVERIFY(w.session()->isLoading());

        // Not shown yet, so nothing paints: only the window's own jobs can bring these.
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isLoading(), 20000);
        QCOMPARE(w.tableModel()->rowCount(), kMemories);
        QTRY_COMPARE_WITH_TIMEOUT(planned.count(), 1, 20000);
        QCOMPARE(global->activeThreadCount(), threads); // still held: none of it ran there
        QCOMPARE(painted.count(), 0);

        letGo();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE(painted.count(), 1);
    }
};

QTEST_MAIN(TestWindowWorkerPool)
#include "tst_window_worker_pool.moc"
