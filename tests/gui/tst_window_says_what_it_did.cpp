// Issue 37, item 7, on the real MainWindow with the demo store: every decision says what it
// did in the status bar, naming the memory by its text (never its id) — negate, confirm,
// delete, undo, redo and a resolved conflict — and the tier counts step aside while the
// message is shown so it is read in full, then come back.
#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "text/MemoryName.h"

#include "WindowTestSetup.h"

#include <QAction>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

using namespace recollector;
using namespace recollector::ui;

class TestWindowSaysWhatItDid : public QObject
{
    Q_OBJECT

private:
    std::optional<test::AnsweredMessages> m_messages;

    static QAction *action(MainWindow &w, const char *name) { return w.findChild<QAction *>(QLatin1String(name)); }
    static QString said(MainWindow &w) { return w.statusBar()->currentMessage(); }

    /// A fading memory of the table (not permanent, so every decision applies to it).
    static QString someMemory(MainWindow &w)
    {
        const MemoryTableModel *model = w.tableModel();
        for (int row = 0; row < model->rowCount(); ++row) {
            if (core::Tier(model->index(row, 0).data(TierRole).toInt()) == core::Tier::Fading)
                return model->idAt(row);
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorSaysWhatItDid"));
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        m_messages.emplace();
    }

    void init() { QSettings().clear(); }

    void eachDecisionUndoAndRedoIsNamed()
    {
        MainWindow w;
        QVERIFY(w.openDemoStore(true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString id = someMemory(w);
        QVERIFY(!id.isEmpty());
        const QString name = MemoryName::quoted(w.session(), id, 48);
        QVERIFY(!name.isEmpty());
        auto *counts = w.findChild<QWidget *>(QStringLiteral("tierCounts"));
        QVERIFY(counts && counts->isVisible());

        w.selectIds({id});
        w.confirmSelected();
        QVERIFY2(said(w).startsWith(QStringLiteral("Done: Confirm memory ") + name), qPrintable(said(w)));
        QVERIFY2(!said(w).contains(id), qPrintable(said(w)));
        QVERIFY2(!counts->isVisible(), "the tier counts cut the message");

        w.negateSelected(false);
        QVERIFY2(said(w).startsWith(QStringLiteral("Done: Negate memory ") + name), qPrintable(said(w)));

        action(w, "undoAction")->trigger();
        QVERIFY2(said(w).startsWith(QStringLiteral("Undone: Negate memory ") + name), qPrintable(said(w)));
        action(w, "redoAction")->trigger();
        QVERIFY2(said(w).startsWith(QStringLiteral("Redone: Negate memory ") + name), qPrintable(said(w)));
        action(w, "undoAction")->trigger();

        w.selectIds({id});
        w.deleteSelected();
        QVERIFY2(said(w).startsWith(QStringLiteral("Done: Delete memory ") + name), qPrintable(said(w)));

        w.statusBar()->clearMessage();
        QVERIFY(counts->isVisible());
    }

    void aResolvedConflictIsNamed()
    {
        MainWindow w;
        QVERIFY(w.openDemoStore(true));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto open = w.session()->store()->conflicts().list(core::ConflictStatus::Open);
        QVERIFY(open && !open->empty());
        w.openConflict(open->front().id);
        ConflictDialog *dialog = w.findChild<ConflictDialog *>();
        QVERIFY(dialog);
        dialog->setStrategy(core::ResolutionStrategy::LatestWins);
        QVERIFY(dialog->resolve());
        QVERIFY2(said(w).startsWith(QStringLiteral("Done: Resolve conflict")), qPrintable(said(w)));
    }
};

QTEST_MAIN(TestWindowSaysWhatItDid)
#include "tst_window_says_what_it_did.moc"
