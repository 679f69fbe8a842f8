// "Detect now" in the conflicts list of the real MainWindow, on a generated store of 6,000
// memories on disk (1,500 under the sanitizers: TestScale.h) (docs/architecture.md, "Threads and connections"): the detection runs on a
// worker with its own connection while the window keeps answering, the progress line follows
// it, Cancel (while it compares, or when everything is written but not committed) leaves the
// store exactly as it was, a detection let through records the new conflicts and the list
// shows them, and closing the dialog or the whole window mid-run neither crashes nor lets the
// worker write.
//
// The worker is held at a known step by the dialog's step hook (JobControl::setStepHook) and
// let go by the test, so nothing depends on how fast the machine is.
#include "StoreFingerprint.h"
#include "TestScale.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ConflictListDialog.h"
#include "models/ConflictListModel.h"
#include "models/MemoryTableModel.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "synthetic/StoreGenerator.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QSettings>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QtTest>

#include <optional>

#include <atomic>
#include <memory>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

const int kMemories = test::sized(6000, 1500);
// Memories compared when the worker is held in the finding phase: a step's end, two thirds in.
const int kHoldAt = test::sized(4096, 1024);
// How long a wait for the worker may take before the test calls it a hang. Not a speed check
// (recollector-bench measures detection): a whole detection of this store under ASan + UBSan
// at -O0 took more than two minutes on a slow day beside another test.
constexpr int kHangMs = 600000;
const QString kPlantA = QStringLiteral("mem_plant_quokka_a");
const QString kPlantB = QStringLiteral("mem_plant_quokka_b");

qint64 dataVersion(Store &store)
{
    QSqlQuery q(store.database().handle());
    if (!q.exec(QStringLiteral("PRAGMA data_version")) || !q.next())
        qFatal("PRAGMA data_version failed");
    return q.value(0).toLongLong();
}

/// Holds the worker once, at the first progress step that `at` accepts, until the dialog
/// marks a cancel (Cancel, Esc, its destructor): then the worker goes on and sees it, in that
/// order. `reached` is released when the worker is held. Declare it before the window, so that
/// it outlives the worker even when a check fails.
struct Gate
{
    QSemaphore reached;
    QSemaphore proceed;
    std::atomic<bool> held{false};
    std::atomic<int> findingTotal{0}; // the total of the first sized step: the memories compared

    void attach(JobDialog *dialog, std::function<bool(Gate &, int done, int total)> at)
    {
        dialog->setWorkerStepHook([this, at](int done, int total) {
            if (total > 0 && findingTotal.load() == 0)
                findingTotal.store(total);
            if (!held.load() && at(*this, done, total) && !held.exchange(true)) {
                reached.release();
                proceed.acquire();
            }
        });
        QObject::connect(dialog, &JobDialog::jobCancelRequested, dialog, [this]() { proceed.release(); });
    }
    bool waitHeld() { return QTest::qWaitFor([this]() { return reached.tryAcquire(); }, kHangMs); }
};

bool inFinding(Gate &, int done, int total) { return total > 0 && done >= kHoldAt; }
// Recording ends with (n, n), n the candidates, before the commit; finding's total is larger.
bool atCommit(Gate &g, int done, int total)
{
    return total > 0 && done == total && total != g.findingTotal.load();
}

} // namespace

class TestDetectNow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_template;
    QString m_path;
    std::optional<test::AnsweredMessages> m_messages;
    int m_copies = 0;

    static QAction *action(MainWindow &w, const char *name) { return w.findChild<QAction *>(QLatin1String(name)); }

    /// The window on a fresh copy of the generated store, its conflicts list open.
    bool openWindow(MainWindow &w)
    {
        m_path = m_dir.filePath(QStringLiteral("copy%1.recollector").arg(++m_copies));
        if (!QFile::copy(m_template, m_path) || !w.openStore(m_path))
            return false;
        w.resize(1400, 900);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            return false;
        action(w, "conflictsAction")->trigger();
        return w.conflictList() && w.conflictList()->isVisible();
    }

    static QPushButton *button(QWidget *dialog, const char *name)
    {
        return dialog->findChild<QPushButton *>(QLatin1String(name));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(QStringLiteral("RecollectorDetectNowTest"));
        // One generated store, copied for each test while no connection to it is open.
        m_template = m_dir.filePath(QStringLiteral("template.recollector"));
        auto store = Store::open(m_template);
        QVERIFY(store);
        GeneratorOptions o;
        o.memories = kMemories;
        o.associations = kMemories;
        o.anchor = StoreGenerator::defaultAnchor(time::nowMs());
        const auto made = StoreGenerator(o).generate(**store);
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        // A pair that contradicts and that no detection has seen yet, older than the generated
        // history (two years): the generated store raises more pairs than one run records
        // (ConflictDetector::kMaxCandidates), and a run takes the oldest first.
        Memory a;
        a.id = kPlantA;
        a.content = QStringLiteral("Lin enjoys quokka tours on Fridays");
        a.category = QStringLiteral("preference");
        a.keywords = {QStringLiteral("quokkaqq"), QStringLiteral("tourqq")};
        a.confidence = 0.8;
        a.createdAt = a.updatedAt = a.lastReinforcedAt = o.anchor - 1000 * kMsPerDay;
        Memory b = a;
        b.id = kPlantB;
        b.content = QStringLiteral("Lin does not enjoy quokka tours on Fridays");
        b.createdAt = b.updatedAt = b.lastReinforcedAt = a.createdAt + kMsPerHour;
        QVERIFY((*store)->memories().insert(a).ok());
        QVERIFY((*store)->memories().insert(b).ok());
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void cancelWritesNothing_data()
    {
        QTest::addColumn<bool>("commit");
        QTest::newRow("while comparing") << false;
        QTest::newRow("everything written, before the commit") << true;
    }

    // Start, see the progress while the window answers, cancel: the store is unchanged.
    void cancelWritesNothing()
    {
        QFETCH(bool, commit);
        Gate gate;
        MainWindow w;
        QVERIFY(openWindow(w));
        ConflictListDialog *dialog = w.conflictList();
        Store &store = *w.session()->store();
        const auto before = test::fingerprint(store);
        const qint64 version = dataVersion(store);
        const int rows = dialog->model()->rowCount();
        gate.attach(dialog, commit ? atCommit : inFinding);
        QSignalSpy finished(dialog, &ConflictListDialog::detectionFinished);
        QTest::mouseClick(button(dialog, "detectButton"), Qt::LeftButton);
        QVERIFY(gate.waitHeld());

        // Running: the progress line shows where the worker is; only Cancel stops it.
        auto *panel = dialog->findChild<QWidget *>(QStringLiteral("jobProgressPanel"));
        auto *bar = dialog->findChild<QProgressBar *>(QStringLiteral("jobProgressBar"));
        auto *label = dialog->findChild<QLabel *>(QStringLiteral("jobProgressLabel"));
        QVERIFY(panel->isVisible());
        QVERIFY(dialog->isJobRunning());
        QVERIFY(!button(dialog, "detectButton")->isEnabled());
        QVERIFY(!button(dialog, "closeButton")->isEnabled());
        QVERIFY(button(dialog, "jobCancelButton")->isEnabled());
        if (commit) {
            QTRY_COMPARE(label->text(), QStringLiteral("Committing…"));
            QTRY_VERIFY(bar->maximum() > 0 && bar->value() == bar->maximum());
        } else {
            QTRY_COMPARE(label->text(), QStringLiteral("Comparing memories…"));
            QTRY_COMPARE(bar->value(), kHoldAt); // the line follows the worker on a timer
            QCOMPARE(bar->maximum(), gate.findingTotal.load());
            QVERIFY(bar->maximum() >= kMemories);
            // The window answers meanwhile: a search narrows the table to the planted pair.
            auto *search = w.findChild<QLineEdit *>(QStringLiteral("searchEdit"));
            QTest::keyClicks(search, QStringLiteral("quokka"));
            QTest::keyClick(search, Qt::Key_Return);
            QTRY_COMPARE(w.tableModel()->rowCount(), 2);
        }

        QTest::mouseClick(button(dialog, "jobCancelButton"), Qt::LeftButton); // lets the worker go
        QVERIFY(finished.wait(kHangMs));
        QCOMPARE(finished.last().first().toInt(), -1);
        QVERIFY(!panel->isVisible());
        QVERIFY(button(dialog, "detectButton")->isEnabled());
        QVERIFY(button(dialog, "closeButton")->isEnabled());
        QVERIFY2(dialog->findChild<QLabel *>(QStringLiteral("conflictSummary"))->text().contains(
                     QStringLiteral("detection cancelled; nothing was written")),
                 qPrintable(dialog->findChild<QLabel *>(QStringLiteral("conflictSummary"))->text()));
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QCOMPARE(dataVersion(store), version); // no other connection committed anything
        QCOMPARE(test::fingerprint(store), before);
        QCOMPARE(dialog->model()->rowCount(), rows);
    }

    // Let through: the new conflicts are recorded and the list (and the table) follow.
    void finishedDetectionShowsTheNewConflicts()
    {
        // Before the window: its destructor cancels and waits for a worker still running (a
        // failed wait below returns early), and the worker's step hook counts into it.
        std::atomic<int> steps{0};
        MainWindow w;
        QVERIFY(openWindow(w));
        ConflictListDialog *dialog = w.conflictList();
        Store &store = *w.session()->store();
        const qint64 version = dataVersion(store);
        const qint64 conflictsBefore = qint64(store.conflicts().list()->size());
        QVERIFY(store.conflicts().between(kPlantA, kPlantB)->empty());
        QVERIFY(store.memories().get(kPlantA) && store.memories().get(kPlantB));

        dialog->setWorkerStepHook([&steps](int, int total) {
            if (total > 0)
                ++steps;
        });
        QSignalSpy finished(dialog, &ConflictListDialog::detectionFinished);
        QTest::mouseClick(button(dialog, "detectButton"), Qt::LeftButton);
        QVERIFY(dialog->isJobRunning());
        QVERIFY(finished.wait(kHangMs));
        const int recorded = finished.last().first().toInt();
        QVERIFY2(recorded >= 1, qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QVERIFY(steps.load() >= kMemories / 256); // the progress went step by step

        QVERIFY(dataVersion(store) != version); // the worker's connection committed
        QCOMPARE(qint64(store.conflicts().list()->size()), conflictsBefore + recorded);
        const auto planted = store.conflicts().between(kPlantA, kPlantB);
        QVERIFY2(planted->size() == 1, qPrintable(dialog->findChild<QLabel *>(QStringLiteral("conflictSummary"))->toolTip()));
        QVERIFY(dialog->model()->rowOf(planted->front().id) >= 0);
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("conflictSummary"))->text().contains(
            QStringLiteral("new conflict")));
        // The window's copy of the memories followed: both confidences × 0.8.
        QVERIFY(qFuzzyCompare(w.session()->store()->memories().get(kPlantA)->confidence, 0.64));
        QVERIFY(!dialog->findChild<QWidget *>(QStringLiteral("jobProgressPanel"))->isVisible());
    }

    // Esc / the window's close button while it runs: the detection is cancelled, the dialog
    // stays to say so and closes afterwards; nothing is written.
    void closingTheDialogMidRunCancels()
    {
        Gate gate;
        MainWindow w;
        QVERIFY(openWindow(w));
        QPointer<ConflictListDialog> dialog = w.conflictList();
        const auto before = test::fingerprint(*w.session()->store());
        gate.attach(dialog, inFinding);
        QSignalSpy finished(dialog.data(), &ConflictListDialog::detectionFinished);
        QVERIFY(dialog->detectNow());
        QVERIFY(gate.waitHeld());
        dialog->close();
        QVERIFY(finished.wait(kHangMs));
        QCOMPARE(finished.last().first().toInt(), -1);
        QVERIFY(dialog && dialog->isVisible());
        QCOMPARE(test::fingerprint(*w.session()->store()), before);
        QTest::mouseClick(button(dialog, "closeButton"), Qt::LeftButton);
        QTRY_VERIFY(!dialog); // WA_DeleteOnClose: gone
        QVERIFY(!w.conflictList());
    }

    // The window goes while the worker is held: the dialog's destructor cancels and waits for
    // it; no crash, and the store on disk is as it was.
    void closingTheWindowMidRunWritesNothing()
    {
        Gate gate;
        auto w = std::make_unique<MainWindow>();
        QVERIFY(openWindow(*w));
        const auto before = test::fingerprint(*w->session()->store());
        ConflictListDialog *dialog = w->conflictList();
        gate.attach(dialog, atCommit);
        QVERIFY(dialog->detectNow());
        QVERIFY(gate.waitHeld()); // everything written inside the worker's transaction
        w->close();
        w.reset();
        // Released only by the dialog's destructor marking the cancel, and taken by the
        // worker before the destructor returned.
        QCOMPARE(gate.proceed.available(), 0);

        auto reopened = Store::open(m_path);
        QVERIFY(reopened);
        QCOMPARE(test::fingerprint(**reopened), before);
        QVERIFY((*reopened)->conflicts().between(kPlantA, kPlantB)->empty());
    }

    void rendersWhileAndAfterDetecting_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1024x700") << QSize(1024, 700);
    }

    // The dialog during a detection and after it, at a large and a small size: the progress
    // line and the summary are shown whole. Set RECOLLECTOR_SCREENSHOT_DIR to save the pictures
    // (detect-running-<size>.png, detect-done-<size>.png).
    void rendersWhileAndAfterDetecting()
    {
        QFETCH(QSize, size);
        Gate gate;
        MainWindow w;
        QVERIFY(openWindow(w));
        ConflictListDialog *dialog = w.conflictList();
        dialog->resize(size);
        QTRY_COMPARE(dialog->size(), size);
        gate.attach(dialog, inFinding);
        QSignalSpy finished(dialog, &ConflictListDialog::detectionFinished);
        QTest::mouseClick(button(dialog, "detectButton"), Qt::LeftButton);
        QVERIFY(gate.waitHeld());
        auto *label = dialog->findChild<QLabel *>(QStringLiteral("jobProgressLabel"));
        auto *bar = dialog->findChild<QProgressBar *>(QStringLiteral("jobProgressBar"));
        auto *summary = dialog->findChild<QLabel *>(QStringLiteral("conflictSummary"));
        QTRY_COMPARE(bar->value(), kHoldAt);
        QTRY_COMPARE(label->text(), QStringLiteral("Comparing memories…"));
        QVERIFY2(label->width() >= label->sizeHint().width(), "the progress line is cut");
        QVERIFY(bar->width() >= bar->sizeHint().width());
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        const QString tag = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
        if (!shots.isEmpty())
            QVERIFY(dialog->grab().save(shots + QStringLiteral("/detect-running-%1.png").arg(tag)));
        gate.proceed.release();
        QVERIFY(finished.wait(kHangMs));
        QVERIFY(finished.last().first().toInt() >= 1);
        QTRY_VERIFY(summary->text().contains(QStringLiteral("found")));
        QVERIFY2(summary->width() >= summary->sizeHint().width(), qPrintable(summary->text()));
        if (!shots.isEmpty())
            QVERIFY(dialog->grab().save(shots + QStringLiteral("/detect-done-%1.png").arg(tag)));
    }
};

QTEST_MAIN(TestDetectNow)
#include "tst_detectnow.moc"
