// Issue 20, item 9, on the real MainWindow (offscreen) on the demo store, a memory selected:
// the words on screen are a person's words. No visible label, button, group title, combo
// item, dock title, menu entry, table header or history line shows a field name in
// camelCase ("negatedAt", "projectPath", "updatedAt"); counts take the singular for one
// ("1 memory", "1 open conflict", not "1 memories" or "1 open conflict(s)"); categories are
// shown in words ("short-term preference").
// Memory text (the panel's values, the content editor, the history's quoted texts) is data and
// is left out.
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "io/DemoStore.h"
#include "models/MemoryTableModel.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ReviewQueueDialog.h"
#include "models/CleanupPlanModel.h"
#include "models/HistoryModel.h"
#include "models/Roles.h"
#include "support/MessageBox.h"
#include "views/FilterBar.h"
#include "WindowTestSetup.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QTableView>
#include <QTreeWidget>
#include <QDialog>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace recollector;
using namespace recollector::ui;

namespace {

const QRegularExpression kCamel(QStringLiteral("\\b[a-z]+[A-Z][A-Za-z]*\\b"));
// Identifiers (association_hit, stable_preference, mem_01…), note numbers and formulas
// ("strength 0 < delete line 5") are not a person's words either.
const QRegularExpression kSnake(QStringLiteral("\\b[a-z]+(?:_[A-Za-z0-9]+)+\\b"));
const QRegularExpression kNote(QStringLiteral("\\bnote 00\\d"));
const QRegularExpression kFormula(QStringLiteral("\\d\\s*[<>≤≥]\\s*\\w"));
const QRegularExpression kQuoted(QStringLiteral("'[^']*'|\"[^\"]*\"|“[^”]*”"));

bool isData(const QWidget *w)
{
    for (const QWidget *p = w; p; p = p->parentWidget()) {
        const QString name = p->objectName();
        if (name.startsWith(QLatin1String("value:")) || name.startsWith(QLatin1String("extra:"))
            || name == QLatin1String("detailHeader") || name == QLatin1String("contentEdit"))
            return true;
    }
    return false;
}

int g_checked = 0; // texts looked at

const QStringList kScoringValues{QStringLiteral("value:score"), QStringLiteral("value:strength"),
                                 QStringLiteral("value:tier"), QStringLiteral("value:stability"),
                                 QStringLiteral("value:decayRate"), QStringLiteral("value:counts")};

void check(QStringList &found, const QString &where, const QString &text)
{
    ++g_checked;
    QString words = text;
    words.remove(kQuoted); // quoted memory text is data
    for (const QRegularExpression *pattern : {&kCamel, &kSnake, &kNote, &kFormula}) {
        const auto match = pattern->match(words);
        if (match.hasMatch())
            found << QStringLiteral("%1: \"%2\" in \"%3\"").arg(where, match.captured(), text.left(120));
    }
}

void checkMenu(QStringList &found, const QMenu *menu)
{
    for (QAction *action : menu->actions()) {
        check(found, QStringLiteral("menu"), action->text());
        if (action->menu())
            checkMenu(found, action->menu());
    }
}

} // namespace

class TestWordsOnScreen : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
        QSettings().clear();
        MessageBox::setHandler([](QMessageBox::Icon, const QString &, const QString &, QMessageBox::StandardButtons) {
            return QMessageBox::Ok;
        });
    }

    void noFieldNamesOnScreen()
    {
        // The scan finds what it looks for, and leaves quoted memory text alone.
        QStringList selfCheck;
        check(selfCheck, QStringLiteral("x"), QStringLiteral("negatedAt: — → 2024-01-01"));
        check(selfCheck, QStringLiteral("x"), QStringLiteral("Edited content: 'uses camelCase' → 'no'"));
        check(selfCheck, QStringLiteral("x"), QStringLiteral("Reinforced (association_hit)"));
        check(selfCheck, QStringLiteral("x"), QStringLiteral("delete: strength 0 < delete line 5"));
        check(selfCheck, QStringLiteral("x"), QStringLiteral("Enhanced (note 001)"));
        QCOMPARE(selfCheck.size(), 4);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.recollector"));
        QVERIFY(core::io::createDemoStore(path, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json")));
        MainWindow w;
        QVERIFY(w.openStore(path));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.filterBar()->setMode(core::SnapshotFilter::Mode::Debug); // every kind of memory in the table

        QStringList found;
        // A sample of memories with rich histories: negated, merged, edited, plain.
        const int rows = w.tableModel()->rowCount();
        QVERIFY(rows > 20);
        for (int row = 0; row < rows; row += rows / 12) {
            w.selectIds({w.tableModel()->index(row, 0).data(IdRole).toString()});
            QCoreApplication::processEvents();
            for (QWidget *widget : w.findChildren<QWidget *>()) {
                if (!widget->isVisibleTo(&w))
                    continue;
                // The panel's scoring values are the window's own words, not the memory's.
                if (kScoringValues.contains(widget->objectName()))
                    check(found, widget->objectName(), static_cast<QLabel *>(widget)->text());
                if (isData(widget))
                    continue;
                if (auto *label = qobject_cast<QLabel *>(widget))
                    check(found, QStringLiteral("label ") + label->objectName(), label->text());
                else if (auto *button = qobject_cast<QAbstractButton *>(widget))
                    check(found, QStringLiteral("button"), button->text());
                else if (auto *box = qobject_cast<QGroupBox *>(widget))
                    check(found, QStringLiteral("group"), box->title());
                else if (auto *dock = qobject_cast<QDockWidget *>(widget))
                    check(found, QStringLiteral("dock"), dock->windowTitle());
                else if (auto *combo = qobject_cast<QComboBox *>(widget); combo && !combo->isEditable()) {
                    for (int i = 0; i < combo->count(); ++i)
                        check(found, QStringLiteral("combo ") + combo->objectName(), combo->itemText(i));
                }
            }
            auto *history = w.findChild<QListView *>(QStringLiteral("historyView"));
            QVERIFY(history);
            for (int i = 0; i < history->model()->rowCount(); ++i) {
                const QModelIndex index = history->model()->index(i, 0);
                check(found, QStringLiteral("history"), index.data().toString());
                check(found, QStringLiteral("history tooltip"), index.data(Qt::ToolTipRole).toString());
                for (const QString &line : index.data(HistoryModel::ChangesRole).toStringList())
                    check(found, QStringLiteral("history change"), line);
            }
        }
        for (QAction *top : w.menuBar()->actions()) {
            if (top->menu())
                checkMenu(found, top->menu());
        }
        QAbstractItemModel *table = w.tableModel();
        for (int c = 0; c < table->columnCount(); ++c)
            check(found, QStringLiteral("table header"), table->headerData(c, Qt::Horizontal).toString());
        // Categories in words, in the table and the filter: "short-term preference", never
        // "short_term_preference".
        bool shortTerm = false;
        for (int row = 0; row < rows; ++row) {
            const QString category = table->index(row, CategoryColumn).data().toString();
            if (category.contains(QLatin1Char('_')))
                found << QStringLiteral("table category: ") + category;
            shortTerm |= category == QLatin1String("short-term preference");
        }
        QVERIFY(shortTerm); // the demo has such memories
        auto *categories = w.filterBar()->findChild<QComboBox *>(QStringLiteral("categoryFilter"));
        for (int i = 0; i < categories->count(); ++i) {
            if (categories->itemText(i).contains(QLatin1Char('_')))
                found << QStringLiteral("category filter: ") + categories->itemText(i);
        }
        // The review queue and the cleanup preview: each row's words, the memory's text aside.
        w.openReviewQueue();
        QVERIFY(w.reviewQueue());
        auto *queue = w.reviewQueue()->findChild<QTreeWidget *>();
        QVERIFY(queue);
        QTRY_VERIFY(queue->topLevelItemCount() > 0);
        for (int i = 0; i < queue->topLevelItemCount(); ++i) {
            for (int c : {0, 2})
                check(found, QStringLiteral("review queue"), queue->topLevelItem(i)->text(c));
        }
        w.openCleanupPreview();
        auto *cleanup = w.findChild<QDialog *>(QStringLiteral("cleanupPreviewDialog"));
        QVERIFY(cleanup);
        auto *plan = cleanup->findChild<QTableView *>();
        QVERIFY(plan);
        QTRY_VERIFY(plan->model()->rowCount() > 0);
        for (int row = 0; row < plan->model()->rowCount(); ++row) {
            for (int c = 0; c < plan->model()->columnCount(); ++c) {
                if (!plan->isColumnHidden(c) && c != CleanupPlanModel::ContentColumn)
                    check(found, QStringLiteral("cleanup"), plan->model()->index(row, c).data().toString());
            }
        }
        found.removeDuplicates();
        qInfo("%d texts looked at", g_checked);
        QVERIFY(g_checked > 500);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    }

    // One of a thing is singular: "1 memory", "1 reinforcement · 1 access", "1 open conflict".
    void countsTakeTheSingularForOne()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("one.recollector"));
        {
            MainWindow w;
            QVERIFY(w.openStore(path)); // created empty
        }
        {
            auto store = core::Store::open(path);
            QVERIFY(store);
            core::Memory m = test::sampleMemory(QStringLiteral("mem_one"), core::time::nowMs() - core::kMsPerHour);
            m.reinforceCount = 1;
            m.accessCount = 1;
            QVERIFY((*store)->memories().insert(m));
        }
        MainWindow w;
        QVERIFY(w.openStore(path));
        w.show();
        w.filterBar()->setMode(core::SnapshotFilter::Mode::Normal);
        w.selectIds({QStringLiteral("mem_one")});
        QCOMPARE(w.findChild<QLabel *>(QStringLiteral("filterCounts"))->text(), QStringLiteral("1 memory"));
        QCOMPARE(w.findChild<QLabel *>(QStringLiteral("value:counts"))->text(), QStringLiteral("1 reinforcement · 1 access"));
        {
            // Another writer adds a negated memory and an open conflict between the two.
            auto store = core::Store::open(path);
            QVERIFY(store);
            core::Memory other = test::sampleMemory(QStringLiteral("mem_two"), core::time::nowMs() - core::kMsPerHour);
            other.negated = true; // out of "what the assistant recalls"
            other.negatedAt = core::time::nowMs();
            QVERIFY((*store)->memories().insert(other));
            core::Conflict open{0, QStringLiteral("mem_one"), other.id, core::ConflictType::DirectContradiction,
                                core::ConflictStatus::Open, core::ConflictResolution::None, core::time::nowMs(), 0};
            QVERIFY((*store)->conflicts().insert(open));
        }
        w.session()->reload();
        w.session()->waitForLoaded();
        QVERIFY2(w.findChild<QLabel *>(QStringLiteral("conflictCount"))->text().contains(QStringLiteral(">1 open conflict<")),
                 qPrintable(w.findChild<QLabel *>(QStringLiteral("conflictCount"))->text()));
    }
};

QTEST_MAIN(TestWordsOnScreen)
#include "tst_words_on_screen.moc"
