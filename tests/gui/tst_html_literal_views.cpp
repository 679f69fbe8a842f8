// Memory text is never rendered as rich text (SPEC §9 as docs/formats.md states it): a memory
// holding <b>, <img src=…> and <a href> shows those characters literally in the views that
// gui.seal_window does not cover: the table's tooltip and the decay chart's legend (both
// rich-text surfaces, so the text goes in escaped), the conflict list (cells and tooltips),
// the conflict dialog's memory panes and the history of the memory.
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "models/HistoryModel.h"
#include "models/Roles.h"
#include "support/MessageBox.h"

#include "model/Event.h"
#include "WindowTestSetup.h"

#include <QAbstractSeries>
#include <QChartView>
#include <QListView>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTextEdit>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {
const QString kHtml = QStringLiteral("<b>bold</b> <img src=x> <a href=y>link</a>");
const QString kEscaped = QStringLiteral("&lt;b&gt;bold&lt;/b&gt;");
} // namespace

class TestHtmlLiteralViews : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
        QSettings().clear();
    }

    void htmlIsShownLiterallyInEveryOtherView()
    {
        const test::AnsweredMessages answered;
        test::TempStore store;
        const Millis now = time::nowMs();
        Memory html = test::sampleMemory(QStringLiteral("mem_html"), now);
        html.content = kHtml;
        Memory other = test::sampleMemory(QStringLiteral("mem_other"), now + 1);
        other.content = QStringLiteral("Plain words");
        QVERIFY(store->memories().insert(html).ok());
        QVERIFY(store->memories().insert(other).ok());
        Conflict c;
        c.a = html.id;
        c.b = other.id;
        c.detectedAt = now;
        QVERIFY(store->conflicts().insert(c).ok());
        Event edit;
        edit.memoryId = html.id;
        edit.kind = QStringLiteral("edit");
        edit.at = now;
        edit.payload = QJsonObject{{QStringLiteral("before"), QJsonObject{{QStringLiteral("content"), QStringLiteral("old")}}},
                                   {QStringLiteral("after"), QJsonObject{{QStringLiteral("content"), kHtml}}}};
        QVERIFY(store->events().append(edit).ok());

        MainWindow w;
        w.resize(1600, 1000);
        QVERIFY(w.openStore(store.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectIds({html.id});

        // The table's tooltip is rich text: the memory's text goes in escaped.
        QAbstractItemModel *table = w.findChild<QTableView *>(QStringLiteral("memoryTable"))->model();
        QString tip;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->index(r, 0).data(IdRole).toString() == html.id)
                tip = table->index(r, ContentColumn).data(Qt::ToolTipRole).toString();
        }
        QVERIFY2(tip.contains(kEscaped) && !tip.contains(QLatin1String("<b>")), qPrintable(tip));

        // The chart legend (Qt Charts renders legend labels as rich text).
        auto *chart = w.findChild<QChartView *>(QStringLiteral("decayChartView"));
        QVERIFY(chart && chart->chart());
        QStringList names;
        QTRY_VERIFY([&]() {
            names.clear();
            for (QAbstractSeries *series : chart->chart()->series())
                names << series->name();
            return names.join(QLatin1Char('|')).contains(kEscaped);
        }());
        QVERIFY2(!names.join(QLatin1Char('|')).contains(QLatin1String("<b>")), qPrintable(names.join(QLatin1Char('|'))));

        // The history: the change line says the text as it is; its tooltip escapes it.
        auto *history = w.findChild<QListView *>(QStringLiteral("historyView"));
        QTRY_VERIFY(history->model()->rowCount() >= 1);
        bool literal = false;
        for (int r = 0; r < history->model()->rowCount(); ++r) {
            const QModelIndex i = history->model()->index(r, 0);
            literal = literal || i.data(HistoryModel::ChangesRole).toStringList().join(QLatin1Char('\n')).contains(kHtml);
            QVERIFY(!i.data(Qt::ToolTipRole).toString().contains(QLatin1String("<b>")));
        }
        QVERIFY(literal);

        // The conflict list and the conflict dialog.
        w.openConflicts();
        auto *list = w.conflictList()->findChild<QTableView *>(QStringLiteral("conflictTable"))->model();
        QTRY_COMPARE(list->rowCount(), 1);
        QStringList cells;
        for (int col = 0; col < list->columnCount(); ++col) {
            cells << list->index(0, col).data().toString();
            QVERIFY(!list->index(0, col).data(Qt::ToolTipRole).toString().contains(QLatin1String("<b>")));
        }
        QVERIFY2(cells.contains(kHtml), qPrintable(cells.join(QLatin1Char('|'))));
        w.openConflict(c.id);
        auto *dialog = w.findChild<ConflictDialog *>();
        QVERIFY(dialog);
        QStringList panes;
        for (QTextEdit *edit : dialog->findChildren<QTextEdit *>(QStringLiteral("content")))
            panes << edit->toPlainText();
        QVERIFY2(panes.contains(kHtml), qPrintable(panes.join(QLatin1Char('|'))));
    }
};

QTEST_MAIN(TestHtmlLiteralViews)
#include "tst_html_literal_views.moc"
