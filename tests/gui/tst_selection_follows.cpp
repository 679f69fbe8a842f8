// Issue 20, items 1 and 2, on the real MainWindow (offscreen): the detail panel, the decay
// chart, the association graph and every action follow the one current selection.
// - a mouse click on a row shows that row in the graph (not the row selected before);
// - a decision that makes the selected row leave the filter selects the next visible row,
//   and the panel, the chart and the actions show and act on that row;
// - the same when several selected rows leave at once, and at the end of the table;
// - a memory shown while the filter hides it leaves no table row selected, so the toolbar
//   acts on nothing the panel does not show.
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "support/MessageBox.h"
#include "support/TextPrompt.h"
#include "views/AssociationGraphView.h"
#include "views/DecayChartView.h"
#include "views/DetailPanel.h"
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestSelectionFollows : public QObject
{
    Q_OBJECT

private:
    static constexpr int kCount = 12;
    std::unique_ptr<test::TempStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;

    void fill()
    {
        const Millis now = time::nowMs();
        for (int i = 0; i < kCount; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i, 2, 10, QLatin1Char('0')), now - Millis(i) * kMsPerHour);
            m.content = QStringLiteral("Note number %1 about topic %2").arg(i).arg(i % 3);
            m.keywords = {QStringLiteral("topic%1").arg(i % 3), QStringLiteral("note%1").arg(i)};
            QVERIFY((*m_store)->memories().insert(m));
        }
    }

    static QString idAtRow(MainWindow &w, int row) { return w.tableModel()->index(row, 0).data(IdRole).toString(); }

    static void clickRow(MainWindow &w, int row)
    {
        MemoryTableView *table = w.memoryTable();
        const QRect rect = table->visualRect(w.tableModel()->index(row, 1));
        QVERIFY(rect.isValid());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    }

    static void clickRows(MainWindow &w, int first, int last)
    {
        clickRow(w, first);
        MemoryTableView *table = w.memoryTable();
        const QRect rect = table->visualRect(w.tableModel()->index(last, 1));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ShiftModifier, rect.center());
    }

    static QAction *action(MainWindow &w, const char *name) { return w.findChild<QAction *>(QLatin1String(name)); }

    // Panel, chart and actions all on `id`, and the table selects exactly it.
    static void verifyEverythingOn(MainWindow &w, const QString &id)
    {
        QCOMPARE(w.selectedIds(), QStringList{id});
        QCOMPARE(w.memoryTable()->currentId(), id);
        QCOMPARE(w.findChild<DetailPanel *>()->memoryId(), id);
        QCOMPARE(w.findChild<DecayChartView *>()->shownIds(), QStringList{id});
        QVERIFY(action(w, "confirmAction")->isEnabled());
        QVERIFY(action(w, "negateAction")->isEnabled());
        QVERIFY(action(w, "deleteAction")->isEnabled());
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store = std::make_unique<test::TempStore>();
        fill();
    }

    void cleanup()
    {
        m_messages.reset();
        TextPrompt::setHandler({});
        m_store.reset();
    }

    void theGraphFollowsAMouseClick()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *dock = w.findChild<QDockWidget *>(QStringLiteral("graphDock"));
        QVERIFY(dock && dock->isVisible());

        clickRow(w, 2);
        QCOMPARE(w.selectedIds(), QStringList{idAtRow(w, 2)});
        // The first click after start: the graph shows the clicked memory, not "Select a memory".
        QCOMPARE(w.graphView()->mode(), AssociationGraphView::Mode::Ego);
        QCOMPARE(w.graphView()->centre(), idAtRow(w, 2));
        clickRow(w, 5);
        QCOMPARE(w.graphView()->centre(), idAtRow(w, 5));
        clickRow(w, 1);
        QCOMPARE(w.graphView()->centre(), idAtRow(w, 1));
        QVERIFY(m_messages->texts().isEmpty());
    }

    void aNegatedRowLeavesAndTheNextVisibleRowIsSelected()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.filterBar()->setMode(SnapshotFilter::Mode::Normal); // hides negated memories
        const int rows = w.tableModel()->rowCount();
        QCOMPARE(rows, kCount);
        clickRow(w, 4);
        const QString negated = idAtRow(w, 4);
        const QString next = idAtRow(w, 5);
        verifyEverythingOn(w, negated);

        w.negateSelected(false); // the normal mode hides negated memories
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QVERIFY((*m_store)->memories().get(negated)->negated);
        QCOMPARE(w.tableModel()->rowCount(), rows - 1);
        QCOMPARE(w.tableModel()->rowOfId(negated), -1);
        verifyEverythingOn(w, next);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(w.graphView()->centre(), next);

        // The toolbar acts on the row shown: confirm now verifies `next`, nothing else.
        action(w, "confirmAction")->trigger();
        QVERIFY((*m_store)->memories().get(next)->verified);
        QVERIFY(!(*m_store)->memories().get(negated)->verified || (*m_store)->memories().get(negated)->negated);
        QVERIFY(m_messages->texts().isEmpty());
    }

    void severalRowsLeavingSelectTheRowAfterThem()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        clickRows(w, 3, 5);
        QCOMPARE(w.selectedIds().size(), 3);
        const QString after = idAtRow(w, 6);
        w.deleteSelected();
        QCOMPARE(w.tableModel()->rowCount(), kCount - 3);
        verifyEverythingOn(w, after);
    }

    void theLastRowLeavingSelectsTheNewLastRow()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const int last = w.tableModel()->rowCount() - 1;
        w.memoryTable()->scrollToBottom();
        clickRow(w, last);
        const QString before = idAtRow(w, last - 1);
        w.deleteSelected();
        verifyEverythingOn(w, before);
    }

    void aUserFilterChangeSelectsNothingNew()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        clickRow(w, 0);
        const QString first = idAtRow(w, 0);
        SnapshotFilter f = w.tableModel()->filter();
        f.text = QStringLiteral("no memory says this");
        w.tableModel()->setFilter(f);
        QCOMPARE(w.tableModel()->rowCount(), 0);
        QVERIFY(w.selectedIds().isEmpty());
        f.text = QStringLiteral("topic1");
        w.tableModel()->setFilter(f);
        QVERIFY(w.tableModel()->rowCount() > 0);
        QCOMPARE(w.tableModel()->rowOfId(first), -1);
        QVERIFY(w.selectedIds().isEmpty()); // the user's own filter: no row chosen for them
    }

    void aHiddenMemoryShownLeavesNoRowForTheToolbar()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.filterBar()->setMode(SnapshotFilter::Mode::Normal); // hides negated memories
        clickRow(w, 1);
        const QString hidden = idAtRow(w, 1);
        w.negateSelected(false);
        QCOMPARE(w.tableModel()->rowOfId(hidden), -1);
        clickRow(w, 3);
        const QString visible = idAtRow(w, 3);
        QCOMPARE(w.selectedIds(), QStringList{visible});

        w.showMemory(hidden); // as a click in the graph or the conflicts list does
        QCOMPARE(w.findChild<DetailPanel *>()->memoryId(), hidden);
        QVERIFY(w.selectedIds().isEmpty());
        QVERIFY(!action(w, "deleteAction")->isEnabled());
        QVERIFY(!action(w, "confirmAction")->isEnabled());
        w.deleteSelected(); // nothing is selected: nothing is deleted
        QVERIFY(!(*m_store)->memories().get(visible)->isDeleted());
        QVERIFY(!(*m_store)->memories().get(hidden)->isDeleted());
    }
};

QTEST_MAIN(TestSelectionFollows)
#include "tst_selection_follows.moc"
