// Issue 20, item 6, on the real MainWindow (offscreen) with the demo store: a 1024×700 window
// works. The window takes that size (its minimum is smaller) and never opens larger than the
// screen; at that size no label, button or combo box is narrower than its own size hint
// (the text it needs: no "All ca", "Revie", "209 r"); the filter bar wraps instead; at the
// default widths no column title and no date is cut; a cell whose text is cut shows it whole
// as a tooltip. RECOLLECTOR_SCREENSHOT_DIR=dir saves the window at 1024×700 there.
#include "MainWindow.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "views/FilterBar.h"
#include "views/MemoryTableView.h"

#include "NarrowWidgets.h"
#include "WindowTestSetup.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QToolTip>
#include <QtTest>

using namespace recollector;
using namespace recollector::ui;


class TestSmallScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    }

    void init() { QSettings().clear(); }

    void theWindowNeverOpensLargerThanTheScreen()
    {
        MainWindow w;
        const QRect available = w.screen()->availableGeometry();
        QVERIFY(w.width() <= available.width());
        QVERIFY(w.height() <= available.height());
        QVERIFY(w.openDemoStore(true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.width() <= available.width(), qPrintable(QStringLiteral("%1 > %2").arg(w.width()).arg(available.width())));
    }

    void everythingFitsAt1024x700()
    {
        MainWindow w;
        const QStringList problems = NarrowWidgets::demoWindowProblemsAt1024x700(w);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // The filter bar wrapped to a second row rather than squeezing its combos.
        QVERIFY(w.filterBar()->height() > w.filterBar()->findChild<QComboBox *>(QStringLiteral("categoryFilter"))->height() * 3 / 2);
        if (const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/main-window-1024x700.png")));
    }

    void theQueryModeSaysWhatItShows()
    {
        MainWindow w;
        auto *mode = w.filterBar()->findChild<QComboBox *>(QStringLiteral("modeFilter"));
        QVERIFY(mode);
        QCOMPARE(mode->count(), 3);
        for (int i = 0; i < mode->count(); ++i)
            QVERIFY2(mode->itemText(i).startsWith(QStringLiteral("Show: ")), qPrintable(mode->itemText(i)));
        w.filterBar()->setMode(core::SnapshotFilter::Mode::Normal);
        QCOMPARE(mode->currentText(), QStringLiteral("Show: what the assistant recalls"));
    }

    void noTitleOrDateIsCutAtTheDefaultWidths()
    {
        MainWindow w;
        QVERIFY(w.openDemoStore(true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QHeaderView *header = w.memoryTable()->horizontalHeader();
        const QFontMetrics fm = w.memoryTable()->fontMetrics();
        for (int c = 0; c < ColumnCount; ++c) {
            if (header->isSectionHidden(c))
                continue;
            QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c),
                     qPrintable(QStringLiteral("column %1: %2 < %3").arg(columnTitle(Column(c))).arg(header->sectionSize(c)).arg(header->sectionSizeHint(c))));
        }
        for (int c : {CreatedColumn, LastReinforcedColumn}) {
            QVERIFY(!header->isSectionHidden(c));
            for (int row = 0; row < 20; ++row) {
                const QString date = w.tableModel()->index(row, c).data().toString();
                QVERIFY2(fm.horizontalAdvance(date) + 8 <= header->sectionSize(c),
                         qPrintable(QStringLiteral("%1: \"%2\" in %3 px").arg(columnTitle(Column(c)), date).arg(header->sectionSize(c))));
            }
        }
    }

    void aCutCellShowsItsTextAsATooltip()
    {
        MainWindow w;
        QVERIFY(w.openDemoStore(true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        MemoryTableView *table = w.memoryTable();
        table->horizontalHeader()->resizeSection(CategoryColumn, 30);
        const QModelIndex cell = w.tableModel()->index(0, CategoryColumn);
        const QString text = cell.data().toString();
        QVERIFY(!text.isEmpty());
        const QPoint at = table->visualRect(cell).center();
        QHelpEvent help(QEvent::ToolTip, at, table->viewport()->mapToGlobal(at));
        QCoreApplication::sendEvent(table->viewport(), &help);
        QVERIFY2(QToolTip::isVisible(), "no tooltip on a cut cell");
        QVERIFY2(QToolTip::text().contains(text), qPrintable(QToolTip::text()));
        QToolTip::hideText();
    }
};

QTEST_MAIN(TestSmallScreen)
#include "tst_small_screen.moc"
