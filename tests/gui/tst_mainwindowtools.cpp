// The real MainWindow on the demo store, offscreen: the association graph follows the table
// and the table follows the graph, a retrieval result lights its path on the graph, and the
// Review menu's dialogs (conflicts, conflict resolution, review queue, cleanup) and the File
// menu's import preview and export work from the window, with decisions on its undo stack and
// visible to recollector-cli.
#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/CleanupPreviewDialog.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "dialogs/ExportDialog.h"
#include "dialogs/ImportPreviewDialog.h"
#include "dialogs/ReviewQueueDialog.h"
#include "dialogs/SettingsDialog.h"
#include "models/ConflictListModel.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "store/Store.h"
#include "support/MessageBox.h"
#include "views/AssociationGraphView.h"
#include "views/FilterBar.h"
#include "views/GraphNodeItem.h"
#include "views/MemoryTableView.h"
#include "views/RetrievalPlayground.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestMainWindowTools : public QObject
{
    Q_OBJECT

private:
    std::optional<test::AnsweredMessages> m_messages;

    static QAction *action(MainWindow &w, const char *name)
    {
        auto *a = w.findChild<QAction *>(QLatin1String(name));
        if (!a)
            qWarning("no action %s", name);
        return a;
    }

    // The best-linked live memory of the demo store: the graph has neighbours to click.
    static QString wellLinkedMemory(MainWindow &w)
    {
        QString best;
        std::size_t bestDegree = 0;
        for (int row = 0; row < w.tableModel()->rowCount(); ++row) {
            const QString id = w.tableModel()->idAt(row);
            const auto links = w.session()->store()->associations().of(id);
            if (links && links->size() > bestDegree) {
                bestDegree = links->size();
                best = id;
            }
        }
        return best;
    }

    static QJsonObject cliShow(const QString &store, const QString &id)
    {
        QProcess cli;
        cli.start(QStringLiteral(RECOLLECTOR_CLI_PATH), {QStringLiteral("--store"), store, QStringLiteral("--json"),
                                                    QStringLiteral("show"), id});
        if (!cli.waitForFinished(30000) || cli.exitCode() != 0)
            return {};
        return QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    }

    static QStringList historyKinds(const QJsonObject &shown)
    {
        QStringList kinds;
        for (const QJsonValue &e : shown.value(QStringLiteral("history")).toArray())
            kinds << e.toObject().value(QStringLiteral("kind")).toString();
        return kinds;
    }

    bool openDemo(MainWindow &w)
    {
        if (!w.openDemoStore(true))
            return false;
        w.resize(1500, 950);
        w.show();
        return QTest::qWaitForWindowExposed(&w);
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorToolsTest"));
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanup() { m_messages.reset(); }

    void theGraphFollowsTheTableAndTheTableFollowsTheGraph()
    {
        MainWindow w;
        QVERIFY(openDemo(w));
        AssociationGraphView *graph = w.graphView();
        QVERIFY(graph && graph->isVisible());

        const QString centre = wellLinkedMemory(w);
        QVERIFY(!centre.isEmpty());
        w.selectIds({centre});
        QTRY_COMPARE(graph->centre(), centre);
        QVERIFY(graph->nodeItems().size() > 3);

        // Click a neighbour on the graph: the table selects it (and the graph re-centres).
        graph->fitToView();
        // A neighbour in the table whose centre is not covered by another node or a label.
        GraphNodeItem *target = nullptr;
        QPoint at;
        for (GraphNodeItem *node : graph->nodeItems()) {
            if (node->memoryId() == centre || w.tableModel()->rowOfId(node->memoryId()) < 0)
                continue;
            at = graph->mapFromScene(node->scenePos()); // the dot sits at the item's origin
            QGraphicsItem *hit = graph->itemAt(at);
            while (hit && hit != node)
                hit = hit->parentItem();
            if (hit == node) {
                target = node;
                break;
            }
        }
        QVERIFY(target);
        const QString neighbour = target->memoryId();
        QVERIFY(graph->viewport()->rect().contains(at));
        QTest::mouseClick(graph->viewport(), Qt::LeftButton, {}, at);
        QTRY_COMPARE(w.memoryTable()->currentId(), neighbour);
        QTRY_COMPARE(graph->centre(), neighbour);
        QVERIFY(m_messages->texts().isEmpty());
    }

    void aRetrievalResultLightsItsPathOnTheGraph()
    {
        MainWindow w;
        QVERIFY(openDemo(w));
        RetrievalPlayground *playground = w.playground();
        playground->setQuery(QStringLiteral("python"));
        QTest::qWait(600); // past the run-as-you-type debounce: the list stays as it is now
        playground->run();
        const auto &results = playground->results();
        int associative = -1;
        for (std::size_t i = 0; i < results.size(); ++i) {
            if (!results[i].direct && !results[i].path.isEmpty()) {
                associative = int(i);
                break;
            }
        }
        QVERIFY2(associative >= 0, "the demo store has associative results for 'python'");
        const RetrievalResult result = results[std::size_t(associative)];
        QTreeWidget *tree = playground->resultsView();
        tree->setCurrentItem(tree->topLevelItem(associative));
        QTRY_VERIFY(!w.graphView()->activation().isEmpty());
        const auto lit = w.graphView()->activation();
        QCOMPARE(lit.size(), 1);
        QCOMPARE(lit.first().id, result.id);
        QCOMPARE(lit.first().path, result.path);
        QVERIFY(w.graphView()->nodeItem(result.id)); // on the graph, path and all
        for (const QString &id : result.path)
            QVERIFY2(w.graphView()->nodeItem(id), qPrintable(id));
    }

    void aConflictResolvedFromTheWindowShowsInTheTableAndTheCli()
    {
        MainWindow w;
        QVERIFY(openDemo(w));
        action(w, "conflictsAction")->trigger();
        QVERIFY(w.conflictList() && w.conflictList()->isVisible());
        const auto open = w.session()->store()->conflicts().list(ConflictStatus::Open);
        QVERIFY(open && open->size() >= 3);
        QTRY_COMPARE(w.conflictList()->model()->rowCount(), int(open->size()));

        const Conflict conflict = open->front();
        w.openConflict(conflict.id);
        ConflictDialog *dialog = nullptr;
        for (ConflictDialog *d : w.findChildren<ConflictDialog *>()) {
            if (d->conflictId() == conflict.id)
                dialog = d;
        }
        QVERIFY(dialog);
        dialog->setStrategy(ResolutionStrategy::LatestWins);
        QVERIFY(!dialog->previewText().isEmpty());
        QVERIFY(dialog->resolve());
        QCOMPARE(w.undoStack()->count(), 1);

        // Exactly one of the two is negated now: the table (review mode shows negated rows)
        // and recollector-cli agree.
        const auto a = w.session()->store()->memories().get(conflict.a);
        const auto b = w.session()->store()->memories().get(conflict.b);
        QVERIFY(a && b);
        QVERIFY(a->negated != b->negated);
        const QString loser = a->negated ? conflict.a : conflict.b;
        w.filterBar()->setMode(SnapshotFilter::Mode::Review);
        QTRY_VERIFY(w.tableModel()->rowOfId(loser) >= 0);
        const QModelIndex row = w.tableModel()->index(w.tableModel()->rowOfId(loser), 0);
        QVERIFY(row.data(NegatedRole).toBool());
        const QJsonObject shown = cliShow(w.session()->path(), loser);
        QVERIFY(historyKinds(shown).contains(QStringLiteral("conflict_resolved")));
        QCOMPARE(shown.value(QStringLiteral("negated")).toBool(), true);

        // Undo from the window's Edit menu: both as before, the conflict open again.
        action(w, "undoAction")->trigger();
        QTRY_VERIFY(!w.tableModel()->index(w.tableModel()->rowOfId(loser), 0).data(NegatedRole).toBool());
        const auto again = w.session()->store()->conflicts().get(conflict.id);
        QVERIFY(again && again->isOpen());
        QCOMPARE(cliShow(w.session()->path(), loser).value(QStringLiteral("negated")).toBool(), false);
        action(w, "redoAction")->trigger();
        QTRY_VERIFY(w.session()->store()->memories().get(loser)->negated);
    }

    void theReviewQueueAndCleanupPreviewOpenFromTheReviewMenu()
    {
        MainWindow w;
        QVERIFY(openDemo(w));
        action(w, "reviewQueueAction")->trigger();
        QVERIFY(w.reviewQueue() && w.reviewQueue()->isVisible());
        QTRY_VERIFY(w.reviewQueue()->remaining() >= 3); // the open conflicts at least
        // A second trigger raises the same queue.
        ReviewQueueDialog *queue = w.reviewQueue();
        action(w, "reviewQueueAction")->trigger();
        QCOMPARE(w.reviewQueue(), queue);

        action(w, "cleanupAction")->trigger();
        auto *cleanup = w.findChild<CleanupPreviewDialog *>(QStringLiteral("cleanupPreviewDialog"));
        QVERIFY(cleanup && cleanup->isVisible());
        QTRY_COMPARE(cleanup->state(), CleanupPreviewDialog::State::Ready);
    }

    void importPreviewAndExportOpenFromTheFileMenu()
    {
        MainWindow w;
        QVERIFY(openDemo(w));
        const qint64 before = w.tableModel()->totalCount();
        w.openImportPreview(QStringLiteral(RECOLLECTOR_TEST_DATA "/import-small.json"));
        auto *import = w.findChild<ImportPreviewDialog *>(QStringLiteral("importPreviewDialog"));
        QVERIFY(import && import->isVisible());
        QTRY_COMPARE(import->state(), ImportPreviewDialog::State::Ready);
        QCOMPARE(w.tableModel()->totalCount(), before); // a preview writes nothing
        import->startImport();
        QTRY_COMPARE(import->state(), ImportPreviewDialog::State::Done);
        QTRY_VERIFY(w.tableModel()->totalCount() > before);

        w.selectIds({w.tableModel()->idAt(0), w.tableModel()->idAt(1)});
        w.openExportDialog();
        auto *exportDialog = w.findChild<ExportDialog *>(QStringLiteral("exportDialog"));
        QVERIFY(exportDialog && exportDialog->isVisible());

        action(w, "settingsAction")->trigger();
        QVERIFY(w.findChild<SettingsDialog *>());
    }
};

QTEST_MAIN(TestMainWindowTools)
#include "tst_mainwindowtools.moc"
