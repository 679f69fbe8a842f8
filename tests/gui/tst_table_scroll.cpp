// Issue 20, item 6 (1024×700): selecting a memory never scrolls the table sideways, so the
// Name column of an attached assistant's memories stays in view. Every path that brings a row
// into view is driven on the real MainWindow, with the horizontal scroll checked after each:
// the window selecting by id (SelectionKeeper, by the row's first model column), the view's
// current index (currentChanged's auto-scroll), the selection model, a direct scrollTo, a
// click on a cut cell (and the delayed auto-scroll after it), the Down key, and a decision
// that reloads the row. Left/Right still move across the columns, scrolling to them.
#include "TempStore.h"

#include "MainWindow.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "support/MessageBox.h"
#include "views/MemoryTableView.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

/// With RECOLLECTOR_SCREENSHOT_DIR set, saves what `widget` shows (a look beats a guess).
void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
}

} // namespace

class TestTableScroll : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;

    static int rowOf(MainWindow &w, const QString &id)
    {
        for (int r = 0; r < w.tableModel()->rowCount(); ++r) {
            if (w.tableModel()->idAt(r) == id)
                return r;
        }
        return -1;
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
        // Memories with their own names and descriptions, as an attached Claude Code folder
        // gives them: the table shows Name and Description first.
        for (int i = 0; i < 60; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i, 2, 10, QLatin1Char('0')),
                                          time::nowMs() - (i + 1) * kMsPerHour);
            m.content = QStringLiteral("Memory text %1 ").arg(i) + QString(40, QLatin1Char('x'));
            m.extra.insert(QStringLiteral("name"), QStringLiteral("Note %1").arg(i));
            m.extra.insert(QStringLiteral("description"), QStringLiteral("What to remember, number %1").arg(i));
            QVERIFY(m_store->store().memories().insert(m));
        }
    }

    void cleanup()
    {
        m_messages.reset();
        m_store.reset();
    }

    void selectingAMemoryKeepsTheColumnsWhereTheyAre()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *table = w.findChild<MemoryTableView *>(QStringLiteral("memoryTable"));
        QVERIFY(table);
        QHeaderView *header = table->horizontalHeader();
        QTRY_VERIFY(!header->isSectionHidden(NameColumn));
        QCOMPARE(header->visualIndex(NameColumn), 0);
        // The content column wider than the view, as a user widens it to read: any scroll
        // to one of its cells would take the Name column out of view.
        header->resizeSection(ContentColumn, table->viewport()->width() + 200);
        QScrollBar *bar = table->horizontalScrollBar();
        QVERIFY(bar->maximum() > 0);
        bar->setValue(0);
        QVERIFY2(w.tableModel()->rowCount() == 60, "all rows shown");
        const auto nameInView = [&](const char *path) {
            QVERIFY2(bar->value() == 0, qPrintable(QStringLiteral("%1: scrolled to %2").arg(QLatin1String(path)).arg(bar->value())));
            const QRect name = table->visualRect(w.tableModel()->index(table->currentIndex().row(), NameColumn));
            QVERIFY2(name.left() >= 0 && name.left() < table->viewport()->width(), path);
        };

        w.selectIds({QStringLiteral("mem_40")});
        QCOMPARE(w.tableModel()->idAt(table->currentIndex().row()), QStringLiteral("mem_40"));
        nameInView("the window selecting by id");
        saveShot(&w, QStringLiteral("table-selected-1024x700.png"));

        table->setCurrentIndex(w.tableModel()->index(rowOf(w, QStringLiteral("mem_05")), ContentColumn));
        nameInView("setCurrentIndex on the content column");

        table->selectionModel()->setCurrentIndex(w.tableModel()->index(rowOf(w, QStringLiteral("mem_50")), ContentColumn),
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        nameInView("the selection model");

        table->scrollTo(w.tableModel()->index(rowOf(w, QStringLiteral("mem_20")), ContentColumn));
        nameInView("scrollTo a content cell");

        // A click on the visible part of a content cell: the press makes it current, and the
        // view scrolls to it once more after the double-click interval (QAbstractItemView's
        // delayed auto-scroll), which the wait lets fire.
        table->scrollTo(w.tableModel()->index(0, ContentColumn), QAbstractItemView::PositionAtTop);
        const int contentX = header->sectionViewportPosition(ContentColumn) + 20;
        const int y = table->rowViewportPosition(2) + table->rowHeight(2) / 2;
        QVERIFY(contentX < table->viewport()->width());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, QPoint(contentX, y));
        QCOMPARE(table->currentIndex().column(), int(ContentColumn));
        QCOMPARE(table->currentIndex().row(), 2);
        nameInView("a click on a cut cell");
        QTest::qWait(QApplication::doubleClickInterval() + 200);
        nameInView("the delayed auto-scroll after the click");

        table->setFocus();
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(table->currentIndex().row(), 3);
        nameInView("the Down key");

        // A decision reloads the row; the window keeps it selected and in view.
        const QString id = w.tableModel()->idAt(table->currentIndex().row());
        w.findChild<QAction *>(QStringLiteral("confirmAction"))->trigger();
        QTRY_COMPARE(w.tableModel()->idAt(table->currentIndex().row()), id);
        nameInView("a decision reloading the row");

        // Moving across with the keys still scrolls to the column it reaches.
        table->setCurrentIndex(w.tableModel()->index(table->currentIndex().row(), NameColumn));
        for (int i = 0; i < header->count() && table->currentIndex().column() != ContentColumn; ++i)
            QTest::keyClick(table, Qt::Key_Right);
        QCOMPARE(table->currentIndex().column(), int(ContentColumn));
        QVERIFY2(bar->value() > 0, "Right moves across and scrolls");
        const int across = bar->value();
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(bar->value(), across); // and Down does not undo it
    }

    // The same at the default size, for the look (RECOLLECTOR_SCREENSHOT_DIR).
    void selectingAtTheDefaultSize()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *table = w.findChild<MemoryTableView *>(QStringLiteral("memoryTable"));
        QTRY_VERIFY(!table->horizontalHeader()->isSectionHidden(NameColumn));
        w.selectIds({QStringLiteral("mem_40")});
        QCOMPARE(table->horizontalScrollBar()->value(), 0);
        saveShot(&w, QStringLiteral("table-selected-1600x1000.png"));
    }
};

QTEST_MAIN(TestTableScroll)
#include "tst_table_scroll.moc"
