// Issue 14, rules 13 and 8 in the real MainWindow, offscreen, on SQLite files and on team
// stores of the suite's own PostgreSQL:
// - Memory → New… (Ctrl+N) opens NewMemoryDialog; OK adds the memory as one undoable command:
//   it is selected, the graph is centred on it and shows the links it got at once, the
//   contradiction it raised is an open conflict; Undo removes it with its links and conflict,
//   Redo brings them back. Refused input stays in the dialog with a message naming the field.
// - Store → Rebuild Links… runs the rebuild on a worker: Cancel (the worker held at a known
//   step) writes nothing; a rebuild let through links memories that had no links, and the
//   window reloads.
#include "EngineStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/NewMemoryDialog.h"
#include "dialogs/RebuildLinksDialog.h"
#include "support/MessageBox.h"
#include "synthetic/StoreGenerator.h"
#include "views/AssociationGraphView.h"
#include "views/MemoryTableView.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSemaphore>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <optional>

#include <atomic>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

Memory planted(const QString &id, const QString &content, const QStringList &keywords, Millis at)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("preference");
    m.keywords = keywords;
    m.confidence = 0.8;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = at;
    return m;
}

// The links in the store: one row per pair. Counted by the store, not memory by memory: on a
// team store a query per memory of 20,000 is a round trip each.
qint64 linkCount(Store &store) { return store.associations().count().value(); }

/// With RECOLLECTOR_SCREENSHOT_DIR set (scripts/screenshots.sh), saves what `widget` shows.
void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget->grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TestRule13NewMemoryAndRebuildLinks : public QObject
{
    Q_OBJECT

private:
    test::EngineFixture m_engines;
    std::optional<test::AnsweredMessages> m_messages;

    static QAction *action(MainWindow &w, const char *name) { return w.findChild<QAction *>(QLatin1String(name)); }

    /// Fills the dialog Ctrl+N opened (once it is up) and presses OK, as a user would.
    static void answerNewMemoryDialog(const QString &content, const QString &keywords, const QString &category,
                                      QString *problem = nullptr)
    {
        QTimer::singleShot(0, [=]() {
            auto *dialog = qobject_cast<NewMemoryDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QTest::keyClicks(dialog->findChild<QPlainTextEdit *>(QStringLiteral("contentEdit")), content);
            QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("keywordsEdit")), keywords);
            auto *combo = dialog->findChild<QComboBox *>(QStringLiteral("categoryEdit"));
            combo->setCurrentText(category);
            saveShot(dialog, QStringLiteral("new-memory-dialog.png"));
            auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            QTest::mouseClick(ok, Qt::LeftButton);
            if (problem) {
                *problem = dialog->findChild<QLabel *>(QStringLiteral("problemLabel"))->text();
                dialog->reject();
            }
        });
    }

private Q_SLOTS:
    // Heavy: the rebuild's store of 20,000 memories is generated a row at a time on the server,
    // and the rebuild writes each of its links with a statement of its own.
    void initTestCase_data() { test::EngineFixture::addEngines(test::EngineFixture::Cost::Heavy); }
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorRule13Test"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void ctrlNAddsALinkedCheckedMemoryUndoably()
    {
        test::EngineStore store(m_engines);
        const Millis now = time::nowMs();
        QVERIFY(store->memories().insert(planted(QStringLiteral("mem_coffee"), QStringLiteral("User likes coffee"),
                                                 {QStringLiteral("coffee"), QStringLiteral("drinks")}, now - kMsPerDay)));
        QVERIFY(store->memories().insert(planted(QStringLiteral("mem_other"), QStringLiteral("Builds with ninja"),
                                                 {QStringLiteral("ninja")}, now - 90 * kMsPerDay)));
        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.memoryTable()->model()->rowCount(), 2);

        answerNewMemoryDialog(QStringLiteral("User does not like coffee"), QStringLiteral("coffee, drinks"),
                              QStringLiteral("preference"));
        QTest::keySequence(&w, QKeySequence::New);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QCOMPARE(w.undoStack()->count(), 1);
        QCOMPARE(w.memoryTable()->model()->rowCount(), 3);

        // Selected, and the graph shows it with the link it got at once.
        const QString id = w.memoryTable()->currentId();
        QVERIFY(id.startsWith(QStringLiteral("mem_")) && id != QStringLiteral("mem_coffee"));
        QTRY_COMPARE(w.graphView()->centre(), id);
        QTRY_VERIFY(w.graphView()->nodeItem(QStringLiteral("mem_coffee")) != nullptr);
        const auto links = store->associations().of(id);
        QCOMPARE(links->size(), std::size_t(1));
        QCOMPARE(links->front().type, QStringLiteral("keyword"));
        QCOMPARE(store->conflicts().countOpen().value(), qint64(1));
        QCOMPARE(store->memories().get(id)->category, QStringLiteral("preference"));
        for (const QSize size : {QSize(1600, 1000), QSize(1024, 700)}) {
            w.resize(size);
            QTest::qWait(50);
            saveShot(&w, QStringLiteral("new-memory-added-%1x%2.png").arg(size.width()).arg(size.height()));
        }

        w.undoStack()->undo();
        QCOMPARE(store->memories().contains(id).value(), false);
        QCOMPARE(store->associations().of(QStringLiteral("mem_coffee"))->size(), std::size_t(0));
        QCOMPARE(store->conflicts().list()->size(), std::size_t(0));
        QCOMPARE(w.memoryTable()->model()->rowCount(), 2);
        w.undoStack()->redo();
        QCOMPARE(store->memories().contains(id).value(), true);
        QCOMPARE(store->associations().of(id)->size(), std::size_t(1));
        QCOMPARE(store->conflicts().countOpen().value(), qint64(1));
        QVERIFY(m_messages->texts().isEmpty());
    }

    void refusedInputStaysInTheDialog()
    {
        test::EngineStore store(m_engines);
        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString problem;
        answerNewMemoryDialog(QStringLiteral("ok"), QString(QLatin1Char('k')).repeated(5000), QStringLiteral("fact"),
                              &problem);
        action(w, "newMemoryAction")->trigger();
        QVERIFY2(problem.startsWith(QStringLiteral("add: keywords")), qPrintable(problem));
        QCOMPARE(w.undoStack()->count(), 0);
        QCOMPARE(store->memories().count().value(), qint64(0));
    }

    void rebuildLinksCancelsAndRuns()
    {
        test::EngineStore store(m_engines);
        GeneratorOptions o;
        o.memories = 20000;
        o.associations = 0; // no links at all: only a rebuild makes them
        o.anchor = StoreGenerator::defaultAnchor(time::nowMs());
        QVERIFY(StoreGenerator(o).generate(*store).ok());
        QCOMPARE(linkCount(*store), qint64(0));
        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(action(w, "rebuildLinksAction")->isEnabled());
        action(w, "rebuildLinksAction")->trigger();
        RebuildLinksDialog *dialog = w.rebuildLinksDialog();
        QVERIFY(dialog && dialog->isVisible());

        // Held at the first progress step until Cancel is pressed; then it must write nothing.
        QSemaphore reached, proceed;
        std::atomic<bool> held{false};
        dialog->setWorkerStepHook([&](int, int total) {
            if (total > 0 && !held.exchange(true)) {
                reached.release();
                proceed.acquire();
            }
        });
        connect(dialog, &JobDialog::jobCancelRequested, dialog, [&]() { proceed.release(); });
        QSignalSpy finished(dialog, &RebuildLinksDialog::rebuildFinished);
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("rebuildButton")), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&]() { return reached.tryAcquire(); }, 120000));
        QVERIFY(dialog->isJobRunning());
        QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("closeButton"))->isEnabled());
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("jobCancelButton")), Qt::LeftButton);
        QVERIFY(finished.wait(120000) || finished.count() == 1);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QCOMPARE(linkCount(*store), qint64(0));
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("resultLabel"))->text().contains(QStringLiteral("Cancelled")));

        dialog->setWorkerStepHook({});
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("rebuildButton")), Qt::LeftButton);
        QVERIFY(finished.wait(120000) || finished.count() == 2);
        QCOMPARE(finished.at(1).at(0).toBool(), true);
        QVERIFY(linkCount(*store) > 10000);
        QVERIFY(m_messages->texts().isEmpty());
    }
};

QTEST_MAIN(TestRule13NewMemoryAndRebuildLinks)
#include "tst_rule13_new_memory_and_rebuild_links.moc"
