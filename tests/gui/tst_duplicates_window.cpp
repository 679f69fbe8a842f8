// Review ▸ Duplicates in the real MainWindow, offscreen, on an SQLite file and on a team store
// of the suite's own PostgreSQL (docs/scoring.md#duplicates-across-the-store): the menu opens
// the dialog and its search runs on a worker; the memories of a seeded store that restate each
// other are listed as one group with their strength and dates, the unrelated one is not; Merge
// makes one memory of the group through the undoable merge and Undo brings the group back;
// Cancel (the worker held at a known step) stops the search with nothing listed.
#include "EngineStore.h"

#include "MainWindow.h"
#include "dialogs/DuplicatesDialog.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QSemaphore>
#include <QSettings>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <atomic>
#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

Memory planted(const QString &id, const QString &content, Millis at, double strength)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("fact");
    m.keywords = {QStringLiteral("shelter")};
    m.confidence = 0.8;
    m.strength = strength;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = at;
    return m;
}

void seed(Store &store)
{
    const Millis now = time::nowMs();
    for (const Memory &m :
         {planted(QStringLiteral("mem_a"), QStringLiteral("Maria volunteers at a homeless shelter."), now - 90 * kMsPerDay, 40),
          planted(QStringLiteral("mem_b"), QStringLiteral("Maria has been volunteering at a homeless shelter, finding it rewarding."),
                  now - 60 * kMsPerDay, 70),
          planted(QStringLiteral("mem_c"), QStringLiteral("Maria volunteers at a homeless shelter and is driven to make a difference."),
                  now - 30 * kMsPerDay, 55),
          planted(QStringLiteral("mem_d"), QStringLiteral("Maria donated her old car to a charity auction last week."),
                  now - 10 * kMsPerDay, 60)})
        QVERIFY(store.memories().insert(m));
}

/// With RECOLLECTOR_SCREENSHOT_DIR set (scripts/screenshots.sh): the dialog at both sizes.
void shoot(QWidget *dialog)
{
    const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (shots.isEmpty())
        return;
    const QSize was = dialog->size();
    for (const QSize size : {QSize(1024, 700), QSize(1600, 1000)}) {
        dialog->resize(size);
        QCoreApplication::processEvents();
        QVERIFY(dialog->grab().save(QStringLiteral("%1/duplicates-%2x%3.png").arg(shots).arg(size.width()).arg(size.height())));
    }
    dialog->resize(was);
}

} // namespace

class TestDuplicatesWindow : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;
    std::optional<test::AnsweredMessages> m_messages;

    static DuplicatesDialog *openDialog(MainWindow &w)
    {
        auto *action = w.findChild<QAction *>(QStringLiteral("duplicatesAction"));
        if (!action || !action->isEnabled())
            return nullptr;
        action->trigger();
        return w.findChild<DuplicatesDialog *>(QStringLiteral("duplicatesDialog"));
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase() { test::useTestSettings(QStringLiteral("RecollectorDuplicatesTest")); }
    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }
    void cleanup() { m_messages.reset(); }

    void aGroupIsListedMergedAndUndone()
    {
        test::EngineStore store(m_engines);
        seed(*store);
        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        DuplicatesDialog *dialog = openDialog(w);
        QVERIFY(dialog && dialog->isVisible());
        QSignalSpy finished(dialog, &DuplicatesDialog::searchFinished);
        QVERIFY(finished.wait(20000) || finished.count() == 1);
        QCOMPARE(finished.at(0).at(0).toBool(), true);

        auto *tree = dialog->findChild<QTreeWidget *>(QStringLiteral("duplicateTree"));
        QCOMPARE(tree->topLevelItemCount(), 1);
        QTreeWidgetItem *group = tree->topLevelItem(0);
        QCOMPARE(group->childCount(), 3);
        // Strongest first, with its strength; the unrelated memory is in no group.
        QCOMPARE(group->child(0)->text(0), QStringLiteral("Maria has been volunteering at a homeless shelter, finding it rewarding."));
        QCOMPARE(group->child(0)->text(1), QStringLiteral("70"));
        QVERIFY(!group->child(0)->text(2).isEmpty());
        for (int i = 0; i < group->childCount(); ++i)
            QVERIFY(!group->child(i)->text(0).contains(QStringLiteral("car")));
        shoot(dialog);

        tree->setCurrentItem(group->child(1));
        auto *merge = dialog->findChild<QPushButton *>(QStringLiteral("mergeButton"));
        QVERIFY(merge->isEnabled());
        QTest::mouseClick(merge, Qt::LeftButton);
        QCOMPARE(tree->topLevelItemCount(), 0);
        for (const char *id : {"mem_a", "mem_b", "mem_c"})
            QVERIFY(!store->memories().get(QLatin1String(id))->mergedInto.isEmpty());
        const QString merged = store->memories().get(QStringLiteral("mem_b"))->mergedInto;
        QCOMPARE(store->memories().get(merged)->content,
                 QStringLiteral("Maria has been volunteering at a homeless shelter, finding it rewarding."));
        QVERIFY(store->memories().get(QStringLiteral("mem_d"))->mergedInto.isEmpty());

        w.undoStack()->undo();
        for (const char *id : {"mem_a", "mem_b", "mem_c"})
            QVERIFY(store->memories().get(QLatin1String(id))->mergedInto.isEmpty());
        const auto summary = store->memories().get(merged);
        QVERIFY(!summary || summary->isDeleted());
        // A new search lists the group again.
        QVERIFY(dialog->startSearch());
        QVERIFY(finished.wait(20000) || finished.count() == 2);
        QCOMPARE(tree->topLevelItemCount(), 1);
        QVERIFY(m_messages->texts().isEmpty());
    }

    void cancelStopsTheSearch()
    {
        test::EngineStore store(m_engines);
        seed(*store);
        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        DuplicatesDialog *dialog = openDialog(w);
        QVERIFY(dialog);
        QSignalSpy finished(dialog, &DuplicatesDialog::searchFinished);
        QVERIFY(finished.wait(20000) || finished.count() == 1);

        // Held at its first progress step until Cancel is pressed.
        QSemaphore reached, proceed;
        std::atomic<bool> held{false};
        dialog->setWorkerStepHook([&](int, int total) {
            if (total > 0 && !held.exchange(true)) {
                reached.release();
                proceed.acquire();
            }
        });
        connect(dialog, &JobDialog::jobCancelRequested, dialog, [&]() { proceed.release(); });
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("findButton")), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&]() { return reached.tryAcquire(); }, 20000));
        QVERIFY(dialog->isJobRunning());
        QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("closeButton"))->isEnabled());
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("jobCancelButton")), Qt::LeftButton);
        QVERIFY(finished.wait(20000) || finished.count() == 2);
        QCOMPARE(finished.at(1).at(0).toBool(), false);
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("resultLabel"))->text().contains(QStringLiteral("Stopped")));
        QVERIFY(dialog->findChild<QPushButton *>(QStringLiteral("closeButton"))->isEnabled());
        QCOMPARE(dialog->findChild<QTreeWidget *>(QStringLiteral("duplicateTree"))->topLevelItemCount(), 0);
        dialog->setWorkerStepHook({});
    }
};

QTEST_MAIN(TestDuplicatesWindow)
#include "tst_duplicates_window.moc"
