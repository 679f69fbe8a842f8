// Issue 14 in the real MainWindow on a temporary store, offscreen, on each engine (an SQLite
// file and a team store on the suite's own PostgreSQL):
// - rule 12, "what looks editable saves": importance, confidence, project and sensitivity
//   changed in the detail panel (typed / picked as a user would) and applied (Enter) are
//   written to the store as one edit decision, shown in the history, and one Undo puts the
//   old values back;
// - rule 14: after a failed merge the window selects nothing new (it used to read the
//   previous command off the undo stack and select what an earlier merge had created);
// - a refused edit puts the panel back to the stored value.
#include "EngineStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "models/MemoryTableModel.h"
#include "support/MessageBox.h"
#include "support/TextPrompt.h"
#include "WindowTestSetup.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QListView>
#include <QStandardPaths>
#include <QSettings>
#include <QUndoStack>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

Memory makeMemory(int i, Millis now)
{
    Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i, 3, 10, QLatin1Char('0')), now - Millis(i) * kMsPerHour);
    m.content = QStringLiteral("Prefers tabs in project %1").arg(i);
    m.keywords = {QStringLiteral("k%1").arg(i)};
    m.importance = 1.0;
    m.confidence = 0.8;
    m.sensitivity = 0;
    m.projectPath = QStringLiteral("/work/site");
    return m;
}

} // namespace

class TestMainWindowEdits : public QObject
{
    Q_OBJECT

private:
    static constexpr int kCount = 8;
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;

    Memory stored(const QString &id) { return *(*m_store)->memories().get(id); }

    /// The newest entry of the detail panel's history.
    static QString newestHistoryLine(MainWindow &w)
    {
        auto *history = w.findChild<QListView *>(QStringLiteral("historyView"));
        if (!history || history->model()->rowCount() == 0)
            return {};
        return history->model()->index(0, 0).data().toString();
    }

    /// Types `text` into a spin box as a user would and presses Enter.
    static void typeInto(QAbstractSpinBox *spin, const QString &text)
    {
        spin->setFocus();
        QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(spin, text);
        QTest::keyClick(spin, Qt::Key_Return);
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        test::useTestSettings();
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store = std::make_unique<test::EngineStore>(m_engines);
        const Millis now = time::nowMs();
        for (int i = 0; i < kCount; ++i)
            QVERIFY((*m_store)->memories().insert(makeMemory(i, now)));
    }

    void cleanup()
    {
        m_messages.reset();
        TextPrompt::setHandler({});
        m_store.reset();
    }

    void importanceEditedInThePanelSavesAndUndoes()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString id = QStringLiteral("mem_003");
        const Memory before = stored(id);
        w.selectIds({id});
        auto *spin = w.findChild<QDoubleSpinBox *>(QStringLiteral("importanceSpin"));
        QVERIFY(spin && spin->isVisible());
        QCOMPARE(spin->value(), 1.0);

        typeInto(spin, QStringLiteral("2.5"));
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QCOMPARE(stored(id).importance, 2.5);
        QCOMPARE(w.undoStack()->count(), 1);
        QCOMPARE(newestHistoryLine(w), QStringLiteral("Edited importance"));
        QCOMPARE(spin->value(), 2.5);

        w.undoStack()->undo();
        QCOMPARE(stored(id), before);
        QCOMPARE(spin->value(), 1.0);
        QVERIFY(newestHistoryLine(w).startsWith(QStringLiteral("Reverted")));

        w.undoStack()->redo();
        QCOMPARE(stored(id).importance, 2.5);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    void confidenceProjectAndSensitivityApplyAsOneStep()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString id = QStringLiteral("mem_005");
        const Memory before = stored(id);
        w.selectIds({id});

        // Three fields edited, one Apply: one decision, one undo step.
        auto *confidence = w.findChild<QDoubleSpinBox *>(QStringLiteral("confidenceSpin"));
        QVERIFY(confidence);
        confidence->setValue(0.4);
        auto *project = w.findChild<QLineEdit *>(QStringLiteral("projectEdit"));
        QVERIFY(project);
        project->setFocus();
        project->selectAll();
        QTest::keyClicks(project, QStringLiteral("/work/api"));
        auto *sensitivity = w.findChild<QComboBox *>(QStringLiteral("sensitivityCombo"));
        QVERIFY(sensitivity);
        sensitivity->setFocus();
        QTest::keyClick(sensitivity, Qt::Key_Down); // 0 → 1, as the keyboard picks it
        QCOMPARE(stored(id), before); // drafts until applied
        QCOMPARE(w.undoStack()->count(), 0);
        QTest::keyClick(sensitivity, Qt::Key_Return);
        QCOMPARE(stored(id).confidence, 0.4);
        QCOMPARE(stored(id).projectPath, QStringLiteral("/work/api"));
        QCOMPARE(stored(id).sensitivity, 1);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QCOMPARE(w.undoStack()->count(), 1);
        QCOMPARE(w.undoStack()->text(0), QStringLiteral("Edit confidence, project, sensitivity"));
        const QString line = newestHistoryLine(w);
        QVERIFY2(line.startsWith(QStringLiteral("Edited")) && line.contains(QStringLiteral("confidence"))
                     && line.contains(QStringLiteral("sensitivity")),
                 qPrintable(line));

        // One undo puts all three back.
        w.undoStack()->undo();
        QCOMPARE(stored(id), before);
        QCOMPARE(project->text(), QStringLiteral("/work/site"));
        QCOMPARE(sensitivity->currentIndex(), 0);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    // A refused edit (here: another writer deleted the memory meanwhile) says why, writes
    // nothing, and the panel shows the stored value again rather than the one typed.
    void aRefusedEditPutsThePanelBack()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString id = QStringLiteral("mem_002");
        w.selectIds({id});
        auto *spin = w.findChild<QDoubleSpinBox *>(QStringLiteral("importanceSpin"));
        QVERIFY(spin);
        Memory gone = stored(id);
        gone.deletedAt = time::nowMs();
        QVERIFY((*m_store)->memories().update(gone));
        const qint64 events = *(*m_store)->events().count();

        typeInto(spin, QStringLiteral("4"));
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY2(m_messages->texts().first().contains(id), qPrintable(m_messages->texts().first()));
        QCOMPARE(*(*m_store)->events().count(), events);
        QCOMPARE(stored(id).importance, 1.0);
        QCOMPARE(spin->value(), 1.0);
        QCOMPARE(w.undoStack()->count(), 0);
    }

    void aFailedMergeSelectsNothingNew()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        TextPrompt::setHandler([](const QString &, const QString &, const QString &, bool) {
            return std::optional<QString>(QStringLiteral("Prefers tabs everywhere"));
        });
        // A merge that works selects the memory it created.
        w.selectIds({QStringLiteral("mem_000"), QStringLiteral("mem_001")});
        w.mergeSelected();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QCOMPARE(w.undoStack()->count(), 1);
        const QStringList firstMerge = w.selectedIds();
        QCOMPARE(firstMerge.size(), 1);
        QVERIFY(stored(firstMerge.first()).mergedFrom.contains(QStringLiteral("mem_000")));

        // Another writer deletes one of the next pair before the window has seen it: the
        // merge fails (one transaction: nothing written) and says so.
        const QStringList pair{QStringLiteral("mem_004"), QStringLiteral("mem_006")};
        w.selectIds(pair);
        QCOMPARE(w.selectedIds(), pair);
        Memory gone = stored(QStringLiteral("mem_006"));
        gone.deletedAt = time::nowMs();
        QVERIFY((*m_store)->memories().update(gone));
        const qint64 events = *(*m_store)->events().count();
        w.mergeSelected();
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY2(m_messages->texts().first().contains(QStringLiteral("mem_006")), qPrintable(m_messages->texts().first()));
        QCOMPARE(*(*m_store)->events().count(), events);
        QCOMPARE(w.undoStack()->count(), 1);
        // The earlier merge's memory is not selected again; the user's selection stays.
        QVERIFY2(!w.selectedIds().contains(firstMerge.first()), qPrintable(w.selectedIds().join(QLatin1Char(' '))));
        QCOMPARE(w.selectedIds(), pair);
    }
};

QTEST_MAIN(TestMainWindowEdits)
#include "tst_mainwindowedits.moc"
