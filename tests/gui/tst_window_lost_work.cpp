// Nothing a person does in the window is silently lost or sent the wrong way (the window's
// second round, docs/user-guide.md): the real MainWindow driven by QTest, on an SQLite file
// and on a team store of the suite's own PostgreSQL.
// - File ▸ Open Recent names an attached folder and reopens it attached; a side store opened
//   by its path attaches its folder instead of opening as a store of its own.
// - Closing the window or switching store with edits not applied asks Apply / Discard /
//   Cancel, and Cancel keeps both the window and the edits.
// - Negate is not offered for a memory already negated, nor Permanent for a negated one; a
//   negation's correction is finished with Ctrl+Enter and shows which memory it negates.
#include "WindowEngineStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "attach/AttachedFolder.h"
#include "support/MessageBox.h"
#include "support/TextPrompt.h"
#include "views/DetailPanel.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestWindowLostWork : public QObject
{
    Q_OBJECT

    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::optional<test::AnsweredMessages> m_messages;
    std::optional<test::EngineStore> m_store;

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase() { test::useTestSettings(QStringLiteral("RecollectorLostWorkTest")); }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store.emplace(m_engines);
        Memory m = test::sampleMemory(QStringLiteral("mem_1"), time::nowMs() - kMsPerHour);
        m.content = QStringLiteral("Deploys go out on Fridays");
        QVERIFY((*m_store)->memories().insert(m));
        Memory negated = test::sampleMemory(QStringLiteral("mem_2"), time::nowMs() - kMsPerHour);
        negated.content = QStringLiteral("The user's editor is Vim");
        negated.negated = true;
        QVERIFY((*m_store)->memories().insert(negated));
    }

    void cleanup()
    {
        m_messages.reset();
        m_store.reset();
    }

    void aRecentAttachedFolderReopensAttached()
    {
        QTemporaryDir agent;
        QFile f(QDir(agent.path()).filePath(QStringLiteral("a1.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"id": "a1", "content": "Use pnpm", "category": "pattern", "createdAt": "2026-01-01T00:00:00.000Z"})");
        f.close();
        const QString folder = QFileInfo(agent.path()).canonicalFilePath();

        MainWindow w;
        QVERIFY(w.attachFolder(folder));
        const QString side = w.session()->path();
        const QStringList recent = QSettings().value(QStringLiteral("stores/recent")).toStringList();
        QCOMPARE(recent.value(0), MainWindow::kAttachedRecent + folder);

        // The recent entry names the folder and attaches it again.
        QVERIFY(w.openStore(m_store->path()));
        auto *menu = w.findChild<QMenu *>(QStringLiteral("recentMenu"));
        QVERIFY(menu);
        QMetaObject::invokeMethod(menu, "aboutToShow");
        QAction *entry = nullptr;
        for (QAction *a : menu->actions()) {
            if (a->text().contains(QStringLiteral("attached folder")))
                entry = a;
        }
        QVERIFY2(entry, "no recent entry for the attached folder");
        QVERIFY(entry->text().contains(QDir::toNativeSeparators(folder)));
        entry->trigger();
        QVERIFY2(w.windowTitle().contains(QStringLiteral("attached folder")), qPrintable(w.windowTitle()));

        // Its side store, opened by its path, attaches the folder too.
        QVERIFY(w.openStore(m_store->path()));
        QVERIFY(w.openStore(side));
        QVERIFY2(w.windowTitle().contains(QStringLiteral("attached folder")), qPrintable(w.windowTitle()));
        QCOMPARE(StoreSession::attachedFolderOf(side), folder);
        QCOMPARE(StoreSession::attachedFolderOf(m_store->path()), QString());
    }

    void editsNotAppliedAreNotLost()
    {
        auto *w = new MainWindow;
        QVERIFY(w->openStore(m_store->path()));
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        w->selectIds({ QStringLiteral("mem_1") });
        auto *content = w->findChild<QPlainTextEdit *>(QStringLiteral("contentEdit"));
        QVERIFY(content);
        content->setFocus();
        content->selectAll();
        QTest::keyClicks(content, QStringLiteral("Deploys go out on Tuesdays"));
        auto *panel = w->findChild<DetailPanel *>();
        QVERIFY(!panel->pendingEdit().isEmpty());

        // Cancel: the window stays, the edit too.
        m_messages->setAnswer(QMessageBox::Cancel);
        QVERIFY(!w->close());
        QVERIFY(w->isVisible());
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY2(m_messages->texts().first().contains(QStringLiteral("not applied")), qPrintable(m_messages->texts().first()));
        QVERIFY(!panel->pendingEdit().isEmpty());
        // Switching store asks the same; Cancel keeps the store open.
        test::EngineStore other(m_engines);
        QVERIFY(!w->openStore(other.path()));
        QCOMPARE(w->session()->path(), test::sessionPath(*m_store));

        // Apply: the edit is made, then the window closes.
        m_messages->setAnswer(QMessageBox::Apply);
        QVERIFY(w->close());
        QCOMPARE((*m_store)->memories().get(QStringLiteral("mem_1"))->content, QStringLiteral("Deploys go out on Tuesdays"));
        delete w;
    }

    void negateAndPermanentAreOfferedOnlyWhereTheyMeanSomething()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *negate = w.findChild<QAction *>(QStringLiteral("negateAction"));
        auto *permanent = w.findChild<QAction *>(QStringLiteral("permanentAction"));
        QVERIFY(negate && permanent);
        w.selectIds({ QStringLiteral("mem_2") });
        QVERIFY(!negate->isEnabled());
        QVERIFY(!permanent->isEnabled());
        w.selectIds({ QStringLiteral("mem_1") });
        QVERIFY(negate->isEnabled());
        QVERIFY(permanent->isEnabled());

        // The real prompt: it names the memory, Tab leaves the text, Ctrl+Enter negates.
        TextPrompt::setHandler({});
        QString label;
        bool tabLeaves = false;
        QTimer answer; // once the prompt is up (its own event loop runs the timer)
        answer.setInterval(10);
        connect(&answer, &QTimer::timeout, &w, [&]() {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            auto *text = dialog ? dialog->findChild<QPlainTextEdit *>(QStringLiteral("promptText")) : nullptr;
            if (!text)
                return;
            answer.stop();
            tabLeaves = text->tabChangesFocus();
            label = dialog->findChild<QLabel *>()->text();
            QTest::keyClicks(text, QStringLiteral("Deploys go out on Tuesdays"));
            QTest::keyClick(text, Qt::Key_Return, Qt::ControlModifier);
            if (dialog->isVisible())
                dialog->reject(); // Ctrl+Enter did not finish it: the checks below fail
        });
        answer.start();
        negate->trigger();
        QVERIFY(tabLeaves);
        QVERIFY2(label.contains(QStringLiteral("Deploys go out on Fridays")), qPrintable(label));
        QVERIFY((*m_store)->memories().get(QStringLiteral("mem_1"))->negated);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestWindowLostWork)
#include "tst_window_lost_work.moc"
