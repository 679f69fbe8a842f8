// Issue 14, rule 10, second half, in the real MainWindow (offscreen; docs/scoring.md,
// "Detection"): the contradiction detection a large import queued (meta detection_queued_at)
// runs in the background when the window opens the store, with its progress in the status bar,
// and when the window notices the flag by live refresh after the real recollector-cli imported
// 20 002 memories beside it; each run records the contradiction and clears the flag.
#include "MainWindow.h"
#include "QueuedDetectionRunner.h"
#include "StoreSession.h"
#include "TempStore.h"
#include "engine/conflicts/QueuedDetection.h"
#include "io/ImportOperation.h"
#include "io/MemorySetJson.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QLabel>
#include <QPushButton>
#include <QSemaphore>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <optional>

#include <atomic>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z

Memory withText(const QString &id, const QString &content, Millis at)
{
    Memory m = test::sampleMemory(id, at);
    m.content = content;
    m.keywords = {QStringLiteral("indentation"), QStringLiteral("tabs"), QStringLiteral("style")};
    return m;
}

io::MemorySet bigSet(int filler)
{
    io::MemorySet set;
    set.sourceName = QStringLiteral("big.json");
    for (int i = 0; i < filler; ++i) {
        Memory m = test::sampleMemory(QStringLiteral("m%1").arg(i), kT0 + i);
        m.content = QStringLiteral("Unrelated fact number %1").arg(i);
        m.keywords = {QStringLiteral("topic%1").arg(i), QStringLiteral("fact%1").arg(i)};
        set.memories.push_back(std::move(m));
    }
    set.memories.push_back(withText(QStringLiteral("tabs"), QStringLiteral("The user indents code with tabs"), kT0));
    set.memories.push_back(
        withText(QStringLiteral("nottabs"), QStringLiteral("The user does not indent code with tabs"), kT0 + kMsPerHour));
    return set;
}

/// With RECOLLECTOR_SCREENSHOT_DIR set, saves what `widget` shows at 1600×1000 and 1024×700.
void screenshot(QWidget &widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    for (const QSize size : {QSize(1600, 1000), QSize(1024, 700)}) {
        widget.resize(size);
        QCoreApplication::processEvents();
        widget.grab().save(QStringLiteral("%1/%2-%3x%4.png").arg(dir, name).arg(size.width()).arg(size.height()));
    }
}

} // namespace

class TestRule10QueuedDetection : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::optional<test::AnsweredMessages> m_messages;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(QStringLiteral("RecollectorRule10Test"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void aQueuedDetectionRunsWhenTheStoreOpens()
    {
        const QString path = m_dir.filePath(QStringLiteral("queued.recollector"));
        {
            auto store = Store::open(path);
            QVERIFY(store);
            io::ImportOperation operation(**store, Config::defaults(), kT0);
            operation.setDetectAtMost(5); // a small set stands in for a large one
            const io::MemorySet set = bigSet(10);
            auto plan = operation.preview(set);
            QVERIFY(plan && plan->detection.skipped);
            QVERIFY(operation.apply(set, *plan, io::ImportPolicy{}));
            QCOMPARE(*QueuedDetection::queuedAt(**store), kT0);
        }
        MainWindow w;
        QSignalSpy finished(w.detectionRunner(), &QueuedDetectionRunner::finished);
        QSignalSpy started(w.detectionRunner(), &QueuedDetectionRunner::started);
        QVERIFY(w.openStore(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(started.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(finished.first().first().toInt(), 1);
        QCOMPARE(*QueuedDetection::queuedAt(*w.session()->store()), Millis(0));
        QCOMPARE(w.session()->openConflictCount(), qint64(1));
        QCOMPARE(w.findChild<QLabel *>(QStringLiteral("conflictCount"))->text(),
                 QStringLiteral("<a href=\"conflicts\">1 open conflict</a>"));
        QVERIFY(!w.findChild<QWidget *>(QStringLiteral("queuedDetectionProgress"))->isVisible());
        // The flag is gone: another change does not start it again.
        QVERIFY(!w.detectionRunner()->checkNow());
        QVERIFY(m_messages->texts().isEmpty());
    }

    // Cancel in the status bar while the worker compares: nothing written, the flag stays, and
    // the window does not start it again by itself until the store is opened again.
    void cancellingLeavesTheQueueForLater()
    {
        const QString path = m_dir.filePath(QStringLiteral("cancel.recollector"));
        {
            auto store = Store::open(path);
            QVERIFY(store);
            io::ImportOperation operation(**store, Config::defaults(), kT0);
            operation.setDetectAtMost(5);
            const io::MemorySet set = bigSet(10);
            auto plan = operation.preview(set);
            QVERIFY(plan && operation.apply(set, *plan, io::ImportPolicy{}));
        }
        QSemaphore reached;
        QSemaphore proceed;
        std::atomic<bool> held{false};
        MainWindow w;
        // Lets a held worker go before the window waits for it, even when a check fails.
        struct Release
        {
            QSemaphore &semaphore;
            ~Release() { semaphore.release(); }
        } release{proceed};
        w.detectionRunner()->setWorkerStepHook([&](int, int total) {
            if (total > 0 && !held.exchange(true)) {
                reached.release();
                proceed.acquire(); // until Cancel was pressed
            }
        });
        QSignalSpy finished(w.detectionRunner(), &QueuedDetectionRunner::finished);
        QVERIFY(w.openStore(path));
        w.show();
        QVERIFY(QTest::qWaitFor([&]() { return reached.tryAcquire(); }, 60000));
        auto *panel = w.findChild<QWidget *>(QStringLiteral("queuedDetectionProgress"));
        QVERIFY(panel->isVisible());
        auto *cancel = panel->findChild<QPushButton *>(QStringLiteral("jobCancelButton"));
        QVERIFY(cancel && cancel->isEnabled());
        screenshot(w, QStringLiteral("queued-detection-progress"));
        QTest::mouseClick(cancel, Qt::LeftButton);
        proceed.release();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QCOMPARE(finished.first().first().toInt(), -1);
        QVERIFY(!panel->isVisible());
        QCOMPARE(*QueuedDetection::queuedAt(*w.session()->store()), kT0);
        QCOMPARE(w.session()->openConflictCount(), qint64(0));
        QVERIFY(!w.detectionRunner()->checkNow()); // not restarted by itself
        // Opened again: it runs (the hook no longer holds it).
        QVERIFY(w.openStore(path));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
        QCOMPARE(finished.last().first().toInt(), 1);
        QCOMPARE(*QueuedDetection::queuedAt(*w.session()->store()), Millis(0));
    }

    void theWindowNoticesAQueuedDetectionByLiveRefresh()
    {
        const QString path = m_dir.filePath(QStringLiteral("live.recollector"));
        const QString file = m_dir.filePath(QStringLiteral("big.json"));
        QVERIFY(io::MemorySetJson::writeFile(file, bigSet(int(io::ImportOperation::kDetectAtMost))).ok());
        MainWindow w;
        QVERIFY(w.openStore(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy finished(w.detectionRunner(), &QueuedDetectionRunner::finished);

        // Another writer, the real recollector-cli, imports 20 002 memories while the window is open.
        QProcess cli;
        cli.start(QStringLiteral(RECOLLECTOR_CLI_PATH), {QStringLiteral("--store"), path, QStringLiteral("import"), file});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 0);
        QVERIFY2(cli.readAllStandardError().contains("contradiction detection queued"), "the import queued it");

        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        QCOMPARE(finished.first().first().toInt(), 1);
        QCOMPARE(*QueuedDetection::queuedAt(*w.session()->store()), Millis(0));
        QCOMPARE(w.session()->openConflictCount(), qint64(1));
        QVERIFY(m_messages->texts().isEmpty());
    }
};

QTEST_MAIN(TestRule10QueuedDetection)
#include "tst_rule10_queued_detection.moc"
