// Issue 14, rule 7 in the window (docs/scoring.md, "Weight change log"): on a store whose
// profile is not enhanced, a confirmation made in the real MainWindow (offscreen) logs the
// enhanced W before and after, and the detail panel's history says it in words:
// "weight 1.00 → 1.84 (reinforced)".
#include "MainWindow.h"
#include "TempStore.h"
#include "models/HistoryModel.h"
#include "store/MetaRepository.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QListView>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestRule7HistoryWeight : public QObject
{
    Q_OBJECT

private:
    std::optional<test::AnsweredMessages> m_messages;

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorRule7Test"));
        QSettings().clear();
        m_messages.emplace();
    }

    void cleanupTestCase() { m_messages.reset(); }

    void rule7_historyShowsTheWeightChangeUnderEbbinghaus()
    {
        test::TempStore store;
        QVERIFY(store->meta().setValue(MetaRepository::kProfile, QStringLiteral("ebbinghaus")));
        // A fact last activated 11 days ago: enhanced W 1.0; a manual reinforcement makes it
        // 1 × S 1.5 × I 1.1 × M 1.118 = 1.84.
        const Millis now = time::nowMs();
        Memory m = test::sampleMemory(QStringLiteral("mem_fact"), now - 11 * kMsPerDay);
        m.category = QStringLiteral("fact");
        m.confidence = 0.5;
        m.source = {};
        QVERIFY(store->memories().insert(m));
        store.close();

        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectIds({m.id});
        auto *confirm = w.findChild<QAction *>(QStringLiteral("confirmAction"));
        QVERIFY(confirm && confirm->isEnabled());
        confirm->trigger();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));

        auto *history = w.findChild<QListView *>(QStringLiteral("historyView"));
        QVERIFY(history && history->isVisible());
        QStringList lines;
        int reinforcedRow = -1;
        for (int row = 0; row < history->model()->rowCount(); ++row) {
            const QModelIndex index = history->model()->index(row, 0);
            if (index.data().toString().startsWith(QLatin1String("Reinforced (confirmed by you)")))
                reinforcedRow = row;
            lines << index.data().toString() << index.data(HistoryModel::ChangesRole).toStringList();
        }
        QVERIFY2(reinforcedRow >= 0, qPrintable(lines.join(QLatin1Char('\n'))));
        const QStringList changes = history->model()->index(reinforcedRow, 0).data(HistoryModel::ChangesRole).toStringList();
        QVERIFY2(changes.contains(QStringLiteral("weight 1.00 → 1.84 (reinforced)")), qPrintable(changes.join(QLatin1Char('\n'))));
        // And in the row's tooltip, which lists the same lines.
        QVERIFY(history->model()->index(reinforcedRow, 0).data(Qt::ToolTipRole).toString().contains(
            QStringLiteral("weight 1.00 → 1.84 (reinforced)")));
    }
};

QTEST_MAIN(TestRule7HistoryWeight)
#include "tst_rule7_history_weight.moc"
