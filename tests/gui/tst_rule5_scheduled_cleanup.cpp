// Issue 14, rule 5 in the real MainWindow (offscreen; docs/scoring.md, "Scheduled cleanup"): a
// store whose cleanup is due (never cleaned, one memory below the delete line) is planned on a
// worker when it opens; the status bar points to the review queue, which offers the cleanup
// candidate, and nothing is applied; the plan is not made again this interval. Switching the
// Settings dialog's "Scheduled cleanup" to automatic applies it as one undoable decision and
// says so in the status bar; Undo puts the memory back.
#include "CleanupScheduler.h"
#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ReviewQueueDialog.h"
#include "dialogs/SettingsDialog.h"
#include "engine/review/ReviewQueue.h"
#include "store/MetaRepository.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QComboBox>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

Memory aged(const QString &id, double hours)
{
    Memory m;
    m.id = id;
    m.content = QStringLiteral("Memory %1 about deploys").arg(id);
    m.category = QStringLiteral("fact");
    m.keywords = {QStringLiteral("deploy")};
    m.confidence = 0.5;
    m.stability = 24;
    // The window plans at the clock's now: ages count back from it.
    m.createdAt = m.updatedAt = m.lastReinforcedAt = time::nowMs() - Millis(hours * double(kMsPerHour));
    return m;
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

class TestRule5ScheduledCleanup : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::optional<test::AnsweredMessages> m_messages;
    int m_stores = 0;

    /// A store never cleaned up: "forgotten" (strength e^(−120/24) < 5) is a delete candidate.
    QString makeStore()
    {
        const QString path = m_dir.filePath(QStringLiteral("due%1.recollector").arg(++m_stores));
        auto store = Store::open(path);
        if (!store)
            return {};
        if (!(*store)->memories().insert(aged(QStringLiteral("forgotten"), 120)).ok()
            || !(*store)->memories().insert(aged(QStringLiteral("fresh"), 1)).ok())
            return {};
        return path;
    }

    static bool isDeleted(MainWindow &w, const QString &id)
    {
        auto m = w.session()->memory(id);
        return m && m->isDeleted();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(QStringLiteral("RecollectorRule5Test"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void aDueCleanupWaitsInTheReviewQueue()
    {
        const QString path = makeStore();
        QVERIFY(!path.isEmpty());
        MainWindow w;
        QSignalSpy planned(w.cleanupScheduler(), &CleanupScheduler::finished);
        QSignalSpy due(w.cleanupScheduler(), &CleanupScheduler::cleanupDue);
        QVERIFY(w.openStore(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE_WITH_TIMEOUT(planned.count(), 1, 30000);
        QCOMPARE(due.count(), 1);
        QCOMPARE(due.first().first().toInt(), 1);

        // The status bar points to the review queue; no dialog popped up by itself.
        auto *label = w.findChild<QLabel *>(QStringLiteral("cleanupDueLabel"));
        QVERIFY(label);
        QVERIFY(label->isVisible());
        QVERIFY2(label->text().contains(QStringLiteral("Cleanup due: 1 candidate")), qPrintable(label->text()));
        QVERIFY(!w.reviewQueue());
        screenshot(w, QStringLiteral("cleanup-due-status"));
        Q_EMIT label->linkActivated(QStringLiteral("review"));
        QVERIFY(w.reviewQueue() && w.reviewQueue()->isVisible());
        bool offered = false;
        for (const ReviewItem &item : w.reviewQueue()->items())
            offered |= item.kind == ReviewItem::Kind::Cleanup && item.memoryIds == QStringList{QStringLiteral("forgotten")}
                && item.cleanup == CleanupKind::Delete;
        QVERIFY(offered);
        screenshot(*w.reviewQueue(), QStringLiteral("cleanup-due-review-queue"));

        // Nothing applied: the memory stands, no cleanup recorded, nothing to undo.
        QVERIFY(!isDeleted(w, QStringLiteral("forgotten")));
        QVERIFY(w.session()->store()->meta().value(MetaRepository::kLastCleanupAt)->isEmpty());
        QCOMPARE(w.undoStack()->count(), 0);
        // No nagging: not planned again this interval.
        QVERIFY(!w.cleanupScheduler()->checkNow());
        QCOMPARE(planned.count(), 1);

        // Answering the candidate in the queue is the cleanup: the status bar stops pointing to it.
        w.reviewQueue()->setCurrentRow(int(std::find_if(w.reviewQueue()->items().begin(), w.reviewQueue()->items().end(),
                                                        [](const ReviewItem &i) { return i.kind == ReviewItem::Kind::Cleanup; })
                                           - w.reviewQueue()->items().begin()));
        QVERIFY(w.reviewQueue()->perform(ReviewQueueDialog::Action::ApplyCleanup));
        QVERIFY(isDeleted(w, QStringLiteral("forgotten")));
        QTRY_VERIFY(!label->isVisible());
        QVERIFY(m_messages->texts().isEmpty());
    }

    void automaticCleanupIsAppliedAndUndoable()
    {
        const QString path = makeStore();
        QVERIFY(!path.isEmpty());
        MainWindow w;
        QSignalSpy finished(w.cleanupScheduler(), &CleanupScheduler::finished);
        QSignalSpy applied(w.cleanupScheduler(), &CleanupScheduler::applied);
        QVERIFY(w.openStore(path));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000); // shown for review first
        QVERIFY(!isDeleted(w, QStringLiteral("forgotten")));

        // Settings: Scheduled cleanup → automatic, saved into the store's configuration.
        w.openSettings();
        auto *settings = w.findChild<SettingsDialog *>(QStringLiteral("settingsDialog"));
        QVERIFY(settings);
        auto *mode = qobject_cast<QComboBox *>(settings->field(QStringLiteral("memory.decay.scheduledCleanup")));
        QVERIFY(mode);
        QCOMPARE(mode->currentText(), QStringLiteral("review"));
        screenshot(*settings, QStringLiteral("settings-scheduled-cleanup"));
        mode->setCurrentText(QStringLiteral("automatic"));
        QVERIFY2(settings->save(), qPrintable(settings->errorText()));
        QCOMPARE(w.session()->config().decay.scheduledCleanup, QStringLiteral("automatic"));

        // A configuration change re-plans at once; automatic applies, as one decision.
        QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 1, 30000);
        QCOMPARE(applied.first().first().toInt(), 1);
        QVERIFY(isDeleted(w, QStringLiteral("forgotten")));
        QVERIFY(!isDeleted(w, QStringLiteral("fresh")));
        QVERIFY(!w.session()->store()->meta().value(MetaRepository::kLastCleanupAt)->isEmpty());
        QCOMPARE(w.undoStack()->count(), 1);
        QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("Automatic cleanup applied to 1 memory")),
                 qPrintable(w.statusBar()->currentMessage()));
        QVERIFY(!w.findChild<QLabel *>(QStringLiteral("cleanupDueLabel"))->isVisible());
        screenshot(w, QStringLiteral("cleanup-automatic-applied"));

        w.undoStack()->undo();
        QVERIFY(!isDeleted(w, QStringLiteral("forgotten")));
        w.undoStack()->redo();
        QVERIFY(isDeleted(w, QStringLiteral("forgotten")));
        QVERIFY(m_messages->texts().isEmpty());
    }
};

QTEST_MAIN(TestRule5ScheduledCleanup)
#include "tst_rule5_scheduled_cleanup.moc"
