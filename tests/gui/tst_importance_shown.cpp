// Issue 20, item 5, on the real MainWindow (offscreen): the detail panel's "Importance" row is
// the effective (decayed) importance, so a confirm is seen to raise it. (It showed the stored
// 1.03 first, which a confirm "dropped" to 0.47: the confirm writes the decayed value back
// and adds its boost.)
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestImportanceShown : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
        QSettings().clear();
    }

    void aConfirmRaisesTheImportanceShown()
    {
        const test::AnsweredMessages answered(QMessageBox::Yes);
        test::TempStore store;
        const Millis now = time::nowMs();
        Memory m = test::sampleMemory(QStringLiteral("mem_old"), now - 120 * kMsPerDay);
        m.importance = 1.03;
        m.lastAccessedAt = now - 90 * kMsPerDay;
        m.lastReinforcedAt = now - 90 * kMsPerDay;
        m.updatedAt = now - 90 * kMsPerDay;
        QVERIFY(store->memories().insert(m));

        MainWindow w;
        QVERIFY(w.openStore(store.path()));
        w.show();
        w.selectIds({m.id});
        auto *shown = w.findChild<QLabel *>(QStringLiteral("value:effectiveImportance"));
        QVERIFY(shown);
        // The number a person reads as "Importance" is the effective one; the stored one is
        // captioned as such.
        auto *form = qobject_cast<QFormLayout *>(shown->parentWidget()->layout());
        QVERIFY(form);
        QCOMPARE(qobject_cast<QLabel *>(form->labelForField(shown))->text(), QStringLiteral("Importance"));
        QCOMPARE(qobject_cast<QLabel *>(form->labelForField(w.findChild<QWidget *>(QStringLiteral("importanceSpin"))))->text(),
                 QStringLiteral("Stored importance"));
        const auto number = [&] { return shown->text().section(QLatin1Char(' '), 0, 0).toDouble(); };
        const double before = number();
        QVERIFY2(before > 0 && before < 1.03, qPrintable(shown->text())); // decayed since the last access

        auto *confirm = w.findChild<QAction *>(QStringLiteral("confirmAction"));
        QVERIFY(confirm && confirm->isEnabled());
        confirm->trigger();
        const double after = number();
        QVERIFY2(after > before, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(shown->text())));
        // Just confirmed: nothing decayed yet, the row shows the stored value (to its 2 decimals).
        QVERIFY(std::abs(after - (*store->memories().get(m.id)).importance) < 0.006);
    }
};

QTEST_MAIN(TestImportanceShown)
#include "tst_importance_shown.moc"
