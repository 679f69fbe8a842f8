// The conflicts list on the demo store, an SQLite file and a team store of the suite's own
// PostgreSQL (docs/scoring.md, "Conflicts"; docs/architecture.md, "The window"): open / all,
// detect now (recorded with the automatic handling, as `recollector-cli conflicts --detect`),
// Enter opens the conflict dialog, "show in table" asks for the memory.
#include "DemoEngineSession.h"

#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "engine/conflicts/ConflictResolver.h"
#include "io/DemoStore.h"
#include "models/ConflictListModel.h"
#include "support/MessageBox.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestConflictList : public QObject
{
    Q_OBJECT

private:
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_demo;
    std::unique_ptr<StoreSession> m_session;
    std::unique_ptr<QUndoStack> m_undo;
    QStringList m_warnings;

    Store &store() { return *m_session->store(); }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void init()
    {
        m_demo = std::make_unique<test::EngineStore>(m_engines);
        m_session = test::openDemoSession(*m_demo, m_warnings);
        m_undo = std::make_unique<QUndoStack>();
    }
    void cleanup()
    {
        m_undo.reset();
        m_session.reset();
        m_demo.reset();
        MessageBox::setHandler({});
    }

    void listsOpenThenAll()
    {
        ConflictListDialog dialog(m_session.get(), m_undo.get());
        QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const qint64 open = m_session->openConflictCount();
        QCOMPARE(open, 9);
        QVERIFY(dialog.showsOpenOnly());
        QCOMPARE(dialog.model()->rowCount(), 9);
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("conflictSummary"))->text().contains(QStringLiteral("9 open")));
        // Rows show the type, both contents (elided, plain), the detection time and status.
        const QModelIndex first = dialog.model()->index(0, ConflictListModel::StatusColumn);
        QCOMPARE(first.data().toString(), QStringLiteral("open"));
        bool coffee = false;
        for (int r = 0; r < dialog.model()->rowCount(); ++r) {
            const QString a = dialog.model()->index(r, ConflictListModel::AColumn).data().toString();
            const QString b = dialog.model()->index(r, ConflictListModel::BColumn).data().toString();
            QVERIFY(!a.isEmpty() && !b.isEmpty());
            QVERIFY(!dialog.model()->index(r, ConflictListModel::DetectedColumn).data().toString().isEmpty());
            if (a.startsWith(QStringLiteral("Lin likes drinking coffee"))) {
                coffee = true;
                QCOMPARE(dialog.model()->index(r, ConflictListModel::TypeColumn).data().toString(),
                         QStringLiteral("Direct contradiction"));
                QVERIFY(b.startsWith(QStringLiteral("Lin no longer drinks coffee")));
            }
        }
        QVERIFY(coffee);

        // Settle one: the open list loses it, the full list shows it resolved.
        const qint64 settled = dialog.model()->conflictAt(0).id;
        ConflictResolver resolver(store(), m_session->config());
        const Conflict c = *resolver.resolve(settled, ResolutionStrategy::WeightBalance, time::nowMs());
        m_session->refresh({c.a, c.b});
        QCOMPARE(dialog.model()->rowCount(), 8);
        QCOMPARE(dialog.model()->rowOf(settled), -1);
        dialog.setShowOpenOnly(false);
        QCOMPARE(dialog.findChild<QComboBox *>(QStringLiteral("filterCombo"))->currentIndex(), 1);
        QCOMPARE(dialog.model()->rowCount(), 9);
        const int row = dialog.model()->rowOf(settled);
        QCOMPARE(row, 8); // open ones first
        QCOMPARE(dialog.model()->index(row, ConflictListModel::StatusColumn).data().toString(),
                 QStringLiteral("resolved (weight balance)"));
    }

    void detectNowRecordsNewConflicts()
    {
        Memory x;
        x.id = QStringLiteral("mem_plant_a");
        x.content = QStringLiteral("Lin enjoys jazz concerts on Fridays");
        x.category = QStringLiteral("preference");
        x.keywords = {QStringLiteral("jazzqq"), QStringLiteral("concertqq")};
        x.confidence = 0.8;
        x.createdAt = x.updatedAt = x.lastReinforcedAt = time::nowMs() - 3 * kMsPerDay;
        Memory y = x;
        y.id = QStringLiteral("mem_plant_b");
        y.content = QStringLiteral("Lin does not enjoy jazz concerts on Fridays");
        y.createdAt = y.updatedAt = y.lastReinforcedAt = x.createdAt + kMsPerHour;
        QVERIFY(store().memories().insert(x).ok());
        QVERIFY(store().memories().insert(y).ok());

        ConflictListDialog dialog(m_session.get(), m_undo.get());
        QCOMPARE(dialog.model()->rowCount(), 9);
        QSignalSpy changed(m_session.get(), &StoreSession::memoriesChanged);
        QSignalSpy finished(&dialog, &ConflictListDialog::detectionFinished);
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("detectButton")), Qt::LeftButton);
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().first().toInt(), 1);
        QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join(QLatin1Char('\n'))));
        QVERIFY(changed.count() >= 1);
        QVERIFY(changed.last().first().toStringList().contains(x.id));
        const auto between = store().conflicts().between(x.id, y.id);
        QCOMPARE(int(between->size()), 1);
        QCOMPARE(between->front().type, ConflictType::DirectContradiction);
        QVERIFY(dialog.model()->rowOf(between->front().id) >= 0);
        QVERIFY(dialog.model()->rowCount() >= 10);
        // The automatic handling of a direct contradiction: both confidences × 0.8.
        QVERIFY(qFuzzyCompare(store().memories().get(x.id)->confidence, 0.64));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("conflictSummary"))->text().contains(QStringLiteral("found")));

        // A second run finds nothing new.
        QVERIFY(dialog.detectNow());
        QVERIFY(!dialog.detectNow()); // one at a time
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().first().toInt(), 0);
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("conflictSummary"))->text().contains(QStringLiteral("no new conflict")));
    }

    void enterOpensTheConflictAndShowAsksForTheMemory()
    {
        ConflictListDialog dialog(m_session.get(), m_undo.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTableView *table = dialog.table();
        table->setFocus();
        table->selectRow(2);
        const Conflict wanted = dialog.model()->conflictAt(2);
        QTest::keyClick(table, Qt::Key_Return);
        const QList<ConflictDialog *> opened = dialog.findChildren<ConflictDialog *>();
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first()->conflictId(), wanted.id);
        QVERIFY(opened.first()->isVisible());
        QVERIFY(dialog.isVisible()); // Enter went to the table, not to a default button …
        QVERIFY(store().conflicts().get(wanted.id)->isOpen()); // … least of all the new dialog's Resolve
        QCOMPARE(m_undo->count(), 0);
        // Enter again raises the same dialog instead of a second one.
        QCOMPARE(dialog.openConflict(wanted.id), opened.first());
        QCOMPARE(dialog.findChildren<ConflictDialog *>().size(), 1);

        QSignalSpy activated(&dialog, &ConflictListDialog::memoryActivated);
        QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("showBButton")), Qt::LeftButton);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().toString(), wanted.b);
        // The conflict dialog's own "show in table" comes through the list too.
        QTest::mouseClick(opened.first()->findChild<QWidget *>(QStringLiteral("paneA"))->findChild<QPushButton *>(QStringLiteral("showButton")),
                          Qt::LeftButton);
        QCOMPARE(activated.count(), 2);
        QCOMPARE(activated.last().first().toString(), wanted.a);

        // Resolving from the opened dialog removes the row from the open list.
        opened.first()->setStrategy(ResolutionStrategy::KeepBoth);
        QVERIFY(opened.first()->resolve());
        QCOMPARE(dialog.model()->rowOf(wanted.id), -1);
        QCOMPARE(m_undo->count(), 1);
        m_undo->undo();
        QVERIFY(dialog.model()->rowOf(wanted.id) >= 0);
    }

    // Set RECOLLECTOR_SCREENSHOT_DIR to save the list (all conflicts, one resolved).
    void rendersOnTheDemoStore()
    {
        ConflictListDialog dialog(m_session.get(), m_undo.get());
        const qint64 settled = dialog.model()->conflictAt(3).id;
        ConflictResolver resolver(store(), m_session->config());
        const Conflict c = *resolver.resolve(settled, ResolutionStrategy::LatestWins, time::nowMs());
        m_session->refresh({c.a, c.b});
        dialog.setShowOpenOnly(false);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QImage image = dialog.grab().toImage();
        QVERIFY(!image.isNull());
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(image.save(shots + QStringLiteral("/conflict-list.png")));
    }
};

QTEST_MAIN(TestConflictList)
#include "tst_conflictlist.moc"
