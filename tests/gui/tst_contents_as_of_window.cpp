// "Contents as of" in the real window (docs/scoring.md#contents-as-of), on an SQLite file and
// on a team store of the suite's own PostgreSQL: on a store where one
// memory was rewritten and another added after an instant, setting the control to that
// instant shows the table and the detail panel as they were (the later memory gone, the old
// text and keywords back), read-only: a banner says so, the decisions, Undo and the panel's
// Apply are off and a decision asked of the session is refused with the store unchanged.
// Back to Now shows the store as it is and editing comes back; so does the control's Now.
#include "MainWindow.h"
#include "StoreSession.h"
#include "EngineStore.h"
#include "WindowTestSetup.h"
#include "models/MemoryTableModel.h"
#include "views/ContentEditor.h"
#include "views/ContentsAsOfControl.h"
#include "views/DetailPanel.h"
#include "views/PastContentsBanner.h"

#include "config/Config.h"
#include "engine/decisions/Decisions.h"
#include "store/EventLog.h"
#include "store/MemoryRepository.h"

#include <QAction>
#include <QDateTimeEdit>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTest>
#include <QUndoStack>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestContentsAsOfWindow : public QObject
{
    Q_OBJECT

    test::EngineFixture m_engines;
    std::optional<test::AnsweredMessages> m_messages;
    Millis m_now = 0;

    Millis daysAgo(double d) const { return m_now - Millis(d * double(kMsPerDay)); }

    void fill(test::EngineStore &s)
    {
        const Config config = Config::defaults();
        Decisions d(*s, config);
        Memory a;
        a.id = QStringLiteral("a");
        a.content = QStringLiteral("The team deploys on Fridays");
        a.category = QStringLiteral("fact");
        a.keywords = { QStringLiteral("deploy"), QStringLiteral("friday") };
        QVERIFY(d.create(a, daysAgo(5)).ok());
        MemoryEdit edit;
        edit.content = QStringLiteral("The team deploys on Tuesdays now");
        edit.keywords = QStringList { QStringLiteral("deploy"), QStringLiteral("tuesday") };
        QVERIFY(d.edit(QStringLiteral("a"), edit, daysAgo(1), QStringLiteral("assistant")).ok());
        Memory b;
        b.id = QStringLiteral("b");
        b.content = QStringLiteral("Staging is called blue");
        b.category = QStringLiteral("fact");
        b.keywords = { QStringLiteral("staging") };
        QVERIFY(d.create(b, daysAgo(1)).ok());
    }

    static QString shownText(MainWindow &w)
    {
        auto *editor = w.findChild<DetailPanel *>()->contentEditor()->findChild<QPlainTextEdit *>();
        return editor ? editor->toPlainText() : QString();
    }

    static QString shownKeywords(MainWindow &w)
    {
        return w.findChild<QLineEdit *>(QStringLiteral("keywordsEdit"))->text();
    }

    static QAction *action(MainWindow &w, const char *name) { return w.findChild<QAction *>(QString::fromLatin1(name)); }

    /// With RECOLLECTOR_SCREENSHOT_DIR set: the window in "Contents as of" at two sizes.
    static void shoot(MainWindow &w)
    {
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (shots.isEmpty())
            return;
        const QSize was = w.size();
        for (const QSize size : { QSize(1024, 700), QSize(1600, 1000) }) {
            w.resize(size);
            QCoreApplication::processEvents();
            QVERIFY(w.grab().toImage().save(QStringLiteral("%1/contents-as-of-%2x%3.png").arg(shots).arg(size.width()).arg(size.height())));
        }
        w.resize(was);
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        test::useTestSettings();
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_now = time::nowMs();
    }

    void cleanup() { m_messages.reset(); }

    void showsTheMemoriesAsTheyWereReadOnlyAndComesBack()
    {
        test::EngineStore s(m_engines);
        fill(s);
        const qint64 eventsBefore = *s->events().count();
        MainWindow w;
        QVERIFY(w.openStore(s.path()));
        w.show();
        QCOMPARE(w.tableModel()->rowCount(), 2);
        auto *banner = w.findChild<PastContentsBanner *>(QStringLiteral("pastContentsBanner"));
        QVERIFY(banner && banner->isHidden());

        // The control, as a person sets it: a date three days ago in its edit.
        auto *edit = w.findChild<QDateTimeEdit *>(QStringLiteral("contentsAsOfEdit"));
        QVERIFY(edit);
        edit->setDateTime(QDateTime::fromMSecsSinceEpoch(daysAgo(3), Qt::LocalTime));
        QVERIFY(w.session()->isShowingPast());
        w.session()->waitForContents();
        QCOMPARE(w.tableModel()->rowCount(), 1); // b came later
        w.selectIds({ QStringLiteral("a") });
        QCOMPARE(shownText(w), QStringLiteral("The team deploys on Fridays"));
        QCOMPARE(shownKeywords(w), QStringLiteral("deploy, friday"));
        QVERIFY(banner->isVisible());
        QVERIFY2(banner->text().contains(QStringLiteral("editing is off")), qPrintable(banner->text()));
        QVERIFY(w.windowTitle().contains(QStringLiteral("as it was on")));
        QVERIFY(!w.findChild<ContentsAsOfControl *>()->statusText().isEmpty());
        // Nothing can be changed: the actions, Undo, the panel's Apply, and the session itself.
        QVERIFY(!action(w, "editAction")->isEnabled());
        QVERIFY(!action(w, "negateAction")->isEnabled());
        QVERIFY(!action(w, "undoAction")->isEnabled());
        QVERIFY(!w.findChild<QPushButton *>(QStringLiteral("applyEditsButton"))->isEnabled());
        QVERIFY(w.findChild<QLabel *>(QStringLiteral("pendingEditsNote"))->text().contains(QStringLiteral("editing is off")));
        const Status refused = w.session()->decide([&]() -> Status {
            Decisions d(*w.session()->store(), w.session()->config());
            const auto r = d.confirm(QStringLiteral("a"));
            return r ? Status {} : Status { r.error() };
        });
        QVERIFY(!refused);
        QCOMPARE(*s->events().count(), eventsBefore);
        shoot(w);

        // Back to Now, the banner's button.
        QTest::mouseClick(banner->findChild<QPushButton *>(QStringLiteral("pastBackToNowButton")), Qt::LeftButton);
        w.session()->waitForLoaded();
        QVERIFY(!w.session()->isShowingPast());
        QVERIFY(!w.session()->isReadOnly());
        QVERIFY(banner->isHidden());
        QCOMPARE(w.tableModel()->rowCount(), 2);
        w.selectIds({ QStringLiteral("a") });
        QCOMPARE(shownText(w), QStringLiteral("The team deploys on Tuesdays now"));
        QVERIFY(action(w, "editAction")->isEnabled());
        QVERIFY(!w.windowTitle().contains(QStringLiteral("as it was on")));

        // On again, then off with the control's own Now.
        edit->setDateTime(QDateTime::fromMSecsSinceEpoch(daysAgo(6), Qt::LocalTime));
        w.session()->waitForContents();
        QCOMPARE(w.tableModel()->rowCount(), 0); // nothing yet six days ago
        QTest::mouseClick(w.findChild<QPushButton *>(QStringLiteral("contentsNowButton")), Qt::LeftButton);
        QVERIFY(!w.session()->isShowingPast());
        QCOMPARE(w.tableModel()->rowCount(), 2);
        QVERIFY(m_messages->texts().isEmpty());
    }

    void aMemoryWrittenWithoutAHistoryIsMarkedApproximate()
    {
        test::EngineStore s(m_engines);
        fill(s);
        // Written without an event, as `recollector-cli generate` writes rows: only its creation
        // date places it at an instant.
        Memory bulk;
        bulk.id = QStringLiteral("bulk");
        bulk.content = QStringLiteral("Written in bulk long ago");
        bulk.category = QStringLiteral("fact");
        bulk.createdAt = bulk.updatedAt = daysAgo(10);
        QVERIFY(s->memories().insert(bulk));
        MainWindow w;
        QVERIFY(w.openStore(s.path()));
        w.show();
        w.findChild<QDateTimeEdit *>(QStringLiteral("contentsAsOfEdit"))->setDateTime(QDateTime::fromMSecsSinceEpoch(daysAgo(3), Qt::LocalTime));
        w.session()->waitForContents();
        auto *note = w.findChild<QLabel *>(QStringLiteral("pendingEditsNote"));
        w.selectIds({ QStringLiteral("bulk") });
        QCOMPARE(shownText(w), QStringLiteral("Written in bulk long ago"));
        QVERIFY2(note->text().contains(QStringLiteral("written without a history")), qPrintable(note->text()));
        // A memory whose creation is recorded is shown as it was, without the mark.
        w.selectIds({ QStringLiteral("a") });
        QVERIFY2(!note->text().contains(QStringLiteral("without a history")), qPrintable(note->text()));
        QVERIFY2(note->text().contains(QStringLiteral("as it was")), qPrintable(note->text()));
        QVERIFY(m_messages->texts().isEmpty());
    }
};

QTEST_MAIN(TestContentsAsOfWindow)
#include "tst_contents_as_of_window.moc"
