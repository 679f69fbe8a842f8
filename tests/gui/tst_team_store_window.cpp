// The window on a team store (docs/team-store.md): the real MainWindow on a store on the
// suite's own PostgreSQL 15, and the real recollector-cli as another process deciding on it.
// - live refresh: the other process's decision shows within a second, announced by the
//   server (LISTEN/NOTIFY), not found by the poll (whose check on a team store comes every
//   five seconds); the selection stays where it was; the memory's history names the other
//   program's database role as who decided;
// - a lost connection: the server ends the window's session (pg_terminate_backend), the
//   window says so in its status bar, connects again, shows what was decided meanwhile, and
//   a decision made in the window afterwards is kept;
// - File → Connect to Team Store…: the fields filled as a person does, the password asked for
//   when the server wants one (a wrong one said so), the store opened, the address kept for
//   next time without the password;
// - File → Copy Store…: the open file copied into a team store with the same fields, and the
//   team store copied back into a new file, each whole and said so;
// - a reviewer's store (docs/team-store.md#roles, its GRANTs): opened read-only, the title
//   and the warning say why, every decision disabled, nothing written.
#include "CliProcess.h"
#include "MainWindow.h"
#include "PgTestServer.h"
#include "StoreSession.h"
#include "TempStore.h"
#include "WindowTestSetup.h"
#include "TeamRoles.h"
#include "dialogs/ConnectDialog.h"
#include "dialogs/CopyStoreDialog.h"
#include "engine/decisions/Decisions.h"
#include "models/HistoryModel.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "store/Store.h"
#include "views/HistoryView.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QScopeGuard>
#include <QSpinBox>
#include <QSettings>
#include <QStatusBar>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

// The window's role value of memory `id` in the table; an invalid QVariant when not shown.
QVariant shown(const MainWindow &w, const QString &id, int role)
{
    const QAbstractItemModel *model = w.tableModel();
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex index = model->index(row, 0);
        if (index.data(IdRole).toString() == id)
            return index.data(role);
    }
    return {};
}

bool isPermanent(const MainWindow &w, const QString &id) { return shown(w, id, PermanentRole).toBool(); }

/// `dialog` drawn over the middle of `picture` with a title bar and a frame, as a desktop draws
/// them (a dialog's grab is its inside only).
void drawDialogOver(QPixmap &picture, QWidget *dialog)
{
    const QPixmap over = dialog->grab();
    constexpr int kTitle = 26;
    const QRect inside((picture.width() - over.width()) / 2, (picture.height() - over.height()) / 3 + kTitle / 2,
                       over.width(), over.height());
    const QRect title(inside.left(), inside.top() - kTitle, inside.width(), kTitle);
    QPainter painter(&picture);
    painter.fillRect(title, QColor(0xd8, 0xd8, 0xd8));
    painter.drawText(title.adjusted(8, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, dialog->windowTitle());
    painter.drawPixmap(inside.topLeft(), over);
    painter.setPen(QColor(0x70, 0x70, 0x70));
    painter.drawRect(title.united(inside).adjusted(-1, -1, 0, 0));
}

/// With RECOLLECTOR_SCREENSHOT_DIR set (scripts/screenshots.sh): the window at both sizes with
/// the dialog (if any) over its middle, as a person sees them.
void shoot(QWidget *window, QWidget *dialog, const QString &name)
{
    const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (shots.isEmpty())
        return;
    const QSize was = window->size();
    for (const QSize size : {QSize(1024, 700), QSize(1600, 1000)}) {
        window->resize(size);
        if (dialog)
            dialog->adjustSize();
        QCoreApplication::processEvents();
        QPixmap picture = window->grab();
        if (dialog)
            drawDialogOver(picture, dialog);
        QVERIFY(picture.save(QStringLiteral("%1/%2-%3x%4.png").arg(shots, name).arg(size.width()).arg(size.height())));
    }
    window->resize(was);
}

} // namespace

class TestTeamStoreWindow : public QObject
{
    Q_OBJECT
    std::unique_ptr<test::PgTestServer> m_server;
    std::optional<test::AnsweredMessages> m_messages;

    // A store on the server holding mem_a, mem_b and mem_c.
    QString threeMemoryStore()
    {
        const QString url = m_server->createDatabase();
        auto store = Store::open(url);
        if (!store)
            qFatal("%s", qPrintable(store.error().message));
        for (const char *id : {"mem_a", "mem_b", "mem_c"})
            if (!(*store)->memories().insert(test::sampleMemory(QLatin1String(id), time::nowMs() - kMsPerHour)))
                qFatal("cannot insert %s", id);
        return url;
    }

    static test::CliRun decide(const QString &url, const QStringList &args)
    {
        return test::runCli(QStringList{QStringLiteral("--store"), url} + args);
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorTeamStoreWindowTest"));
        m_server = std::make_unique<test::PgTestServer>();
        QVERIFY2(m_server->error().isEmpty(), qPrintable(m_server->error()));
    }
    void cleanupTestCase()
    {
        const QString stopped = m_server->stop();
        QVERIFY2(stopped.isEmpty(), qPrintable(stopped));
    }
    void init()
    {
        QSettings().clear();
        m_messages.emplace();
    }
    void cleanup() { m_messages.reset(); }

    void anotherProcessesDecisionShowsWithinASecond()
    {
        const QString url = threeMemoryStore();
        MainWindow w;
        QVERIFY(w.openStore(url));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.tableModel()->rowCount(), 3);
        w.selectIds({QStringLiteral("mem_b")});
        QVERIFY(!isPermanent(w, QStringLiteral("mem_a")));

        for (const char *id : {"mem_a", "mem_c"}) {
            const auto run = decide(url, {QStringLiteral("permanent"), QLatin1String(id)});
            QVERIFY2(run.code == 0, run.err.constData());
            QElapsedTimer shownIn;
            shownIn.start();
            QTRY_VERIFY_WITH_TIMEOUT(isPermanent(w, QLatin1String(id)), 1000);
            qInfo("%s shown %lld ms after the other process ended", id, shownIn.elapsed());
        }
        QCOMPARE(w.selectedIds(), QStringList{QStringLiteral("mem_b")});
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));

        // The memory's history says who decided: the other program's database role.
        w.selectIds({QStringLiteral("mem_a")});
        auto *history = w.findChild<HistoryView *>();
        QVERIFY(history);
        QTRY_COMPARE(history->historyModel()->rowCount(), 1); // the store was filled without events
        QCOMPARE(history->historyModel()->index(0).data(HistoryModel::KindRole).toString(), QStringLiteral("permanent"));
        QCOMPARE(history->historyModel()->index(0).data(HistoryModel::WhoRole).toString(),
                 QLatin1String(test::PgTestServer::kUser));
        for (QScrollArea *area : w.findChildren<QScrollArea *>())
            if (area->isAncestorOf(history))
                area->ensureWidgetVisible(history);
        shoot(&w, nullptr, QStringLiteral("team-store-history"));
    }

    void aLostConnectionIsSaidAndTheWindowComesBack()
    {
        const QString url = threeMemoryStore();
        MainWindow w;
        QVERIFY(w.openStore(url));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList said;
        connect(w.statusBar(), &QStatusBar::messageChanged, &w, [&](const QString &text) {
            if (!text.isEmpty())
                said << text;
        });

        // The server ends the window's sessions, as a restart or an administrator would; the
        // window's event loop does not run until the other process has decided meanwhile.
        const QString program = QFileInfo(QCoreApplication::applicationFilePath()).fileName();
        const QString database = test::PgTestServer::databaseOf(url);
        QCOMPARE(m_server->adminExec(QStringLiteral("SELECT count(pg_terminate_backend(pid, 10000)) FROM "
                                                    "pg_stat_activity WHERE application_name = '%1' AND datname = '%2'")
                                         .arg(program, database)),
                 QString());
        const auto meanwhile = decide(url, {QStringLiteral("permanent"), QStringLiteral("mem_a")});
        QVERIFY2(meanwhile.code == 0, meanwhile.err.constData());

        QTRY_VERIFY_WITH_TIMEOUT(said.size() >= 2, 5000);
        QCOMPARE(said.at(0), QStringLiteral("Lost the connection to the team store; reconnecting…"));
        QCOMPARE(said.at(1), QStringLiteral("Connected to the team store again; its changes since are shown"));
        QVERIFY(!w.session()->isConnectionLost());
        QTRY_VERIFY_WITH_TIMEOUT(isPermanent(w, QStringLiteral("mem_a")), 1000); // nothing missed

        // A decision in the window after it, and the server's announcements heard again.
        w.selectIds({QStringLiteral("mem_b")});
        w.setPermanentSelected(true);
        QVERIFY(isPermanent(w, QStringLiteral("mem_b")));
        const auto listed = decide(url, {QStringLiteral("--json"), QStringLiteral("show"), QStringLiteral("mem_b")});
        QVERIFY2(listed.code == 0, listed.err.constData());
        QVERIFY2(listed.json().object().value(QStringLiteral("permanent")).toBool(), listed.out.constData());
        const auto after = decide(url, {QStringLiteral("permanent"), QStringLiteral("mem_c")});
        QVERIFY2(after.code == 0, after.err.constData());
        QTRY_VERIFY_WITH_TIMEOUT(isPermanent(w, QStringLiteral("mem_c")), 1000);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    void connectDialogAsksForThePasswordAndOpensTheStore()
    {
        const QString url = threeMemoryStore();
        // The server asks for a password: this test's client has no pgpass file to read it from.
        const QByteArray pgpass = qgetenv("PGPASSFILE");
        QFile file(QString::fromLocal8Bit(pgpass));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString password = QString::fromUtf8(file.readAll()).trimmed().section(QLatin1Char(':'), 4);
        QVERIFY(!password.isEmpty());
        qputenv("PGPASSFILE", QFile::encodeName(QDir::temp().filePath(QStringLiteral("no-such-pgpass"))));
        const auto restore = qScopeGuard([&] { qputenv("PGPASSFILE", pgpass); });

        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *action = w.findChild<QAction *>(QStringLiteral("connectTeamStoreAction"));
        QVERIFY(action);
        action->trigger();
        auto *dialog = w.findChild<ConnectDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto *host = dialog->findChild<QLineEdit *>(QStringLiteral("connectHost"));
        auto *database = dialog->findChild<QLineEdit *>(QStringLiteral("connectDatabase"));
        auto *user = dialog->findChild<QLineEdit *>(QStringLiteral("connectUser"));
        auto *port = dialog->findChild<QSpinBox *>(QStringLiteral("connectPort"));
        auto *security = dialog->findChild<QComboBox *>(QStringLiteral("connectSecurity"));
        auto *passwordEdit = dialog->findChild<QLineEdit *>(QStringLiteral("connectPassword"));
        auto *message = dialog->findChild<QLabel *>(QStringLiteral("connectMessage"));
        auto *connectButton = dialog->findChild<QPushButton *>(QStringLiteral("connectButton"));
        QVERIFY(host && database && user && port && security && passwordEdit && message && connectButton);
        QVERIFY(!connectButton->isEnabled()); // no server, no database yet
        QVERIFY(passwordEdit->isHidden());    // asked for only when the server wants one

        QTest::keyClicks(host, QStringLiteral("127.0.0.1"));
        port->setValue(m_server->port());
        QTest::keyClicks(database, test::PgTestServer::databaseOf(url));
        QTest::keyClicks(user, QLatin1String(test::PgTestServer::kUser));
        security->setCurrentIndex(security->findText(QStringLiteral("Not encrypted")));
        QCOMPARE(dialog->address(), url);
        QTest::mouseClick(connectButton, Qt::LeftButton);
        QCOMPARE(message->text(), QStringLiteral("The server asks for your password."));
        QVERIFY(passwordEdit->isVisible());
        shoot(&w, dialog, QStringLiteral("connect-team-store"));
        QVERIFY(!w.session()->isOpen());

        QTest::keyClicks(passwordEdit, QStringLiteral("not-the-password"));
        QTest::mouseClick(connectButton, Qt::LeftButton);
        QCOMPARE(message->text(), QStringLiteral("The server did not take this password. Type it again."));
        QVERIFY(passwordEdit->text().isEmpty());

        QPointer<ConnectDialog> closing(dialog);
        QTest::keyClicks(passwordEdit, password);
        QTest::mouseClick(connectButton, Qt::LeftButton);
        QTRY_VERIFY(closing.isNull()); // accepted, and gone
        QVERIFY(w.session()->isOpen());
        QCOMPARE(w.session()->path(), url);
        QCOMPARE(w.tableModel()->rowCount(), 3);
        QCOMPARE(ConnectDialog::recentAddresses(), QStringList{url});

        // Nothing the window keeps holds the password: the settings, and the window's title.
        QSettings().sync();
        QFile settings(QSettings().fileName());
        QVERIFY(settings.open(QIODevice::ReadOnly));
        const QByteArray kept = settings.readAll();
        QVERIFY(kept.contains(url.toUtf8()));
        QVERIFY(!kept.contains(password.toUtf8()));
        QVERIFY(!w.windowTitle().contains(password));

        // The connection's workers and a decision work with the typed password alone.
        w.selectIds({QStringLiteral("mem_b")});
        w.setPermanentSelected(true);
        QVERIFY(isPermanent(w, QStringLiteral("mem_b")));

        // Next time the dialog starts from the address connected to.
        action->trigger();
        auto *again = w.findChild<ConnectDialog *>();
        QVERIFY(again);
        QCOMPARE(again->address(), url);
        again->reject();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    void copyStoreCopiesTheOpenStoreBothWays()
    {
        test::TempStore file;
        for (const char *id : {"mem_a", "mem_b", "mem_c"})
            QVERIFY(file->memories().insert(test::sampleMemory(QLatin1String(id), time::nowMs() - kMsPerHour)));
        QVERIFY(Decisions(*file, Config::defaults()).confirm(QStringLiteral("mem_b")));
        const qint64 events = *file->events().count();
        const QString url = m_server->createDatabase(); // empty: no table yet
        MainWindow w;
        QVERIFY(w.openStore(file.path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        // A file open: the copy goes to a team store, asked for as Connect asks.
        auto *action = w.findChild<QAction *>(QStringLiteral("copyStoreAction"));
        QVERIFY(action && action->isEnabled());
        action->trigger();
        auto *dialog = w.findChild<CopyStoreDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto *copy = dialog->findChild<QPushButton *>(QStringLiteral("copyButton"));
        auto *result = dialog->findChild<QLabel *>(QStringLiteral("resultLabel"));
        QVERIFY(copy && result && !copy->isEnabled()); // no server yet
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("connectHost")), QStringLiteral("127.0.0.1"));
        dialog->findChild<QSpinBox *>(QStringLiteral("connectPort"))->setValue(m_server->port());
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("connectDatabase")),
                         test::PgTestServer::databaseOf(url));
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("connectUser")), QLatin1String(test::PgTestServer::kUser));
        auto *security = dialog->findChild<QComboBox *>(QStringLiteral("connectSecurity"));
        security->setCurrentIndex(security->findText(QStringLiteral("Not encrypted")));
        QCOMPARE(dialog->target(), url);
        QTest::mouseClick(copy, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isJobRunning(), 10000);
        QCOMPARE(result->text(), QStringLiteral("Copied 3 memories, with their history, links, contradictions and "
                                                "settings, to the team store “%1” on 127.0.0.1.")
                                     .arg(test::PgTestServer::databaseOf(url)));
        shoot(&w, dialog, QStringLiteral("copy-store"));
        {
            auto copied = Store::open(url);
            QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
            QCOMPARE((*copied)->memories().all(true)->size(), std::size_t(3));
            QCOMPARE(*(*copied)->events().count(), events);
        }
        // Again into the same database: refused, nothing written, said in the dialog.
        QTest::mouseClick(copy, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isJobRunning(), 10000);
        QVERIFY2(result->text().startsWith(QLatin1String("Nothing was copied")) && result->text().contains(QLatin1String("not empty")),
                 qPrintable(result->text()));
        dialog->reject();

        // The team store open: the copy goes to a new file.
        QVERIFY(w.openStore(url));
        action->trigger();
        dialog = nullptr;
        for (auto *open : w.findChildren<CopyStoreDialog *>())
            dialog = open->isVisible() ? open : dialog;
        QVERIFY(dialog);
        auto *target = dialog->findChild<QLineEdit *>(QStringLiteral("copyTargetFile"));
        QVERIFY(target && !dialog->findChild<QLineEdit *>(QStringLiteral("connectHost")));
        const QString back = QDir(file.dir()).filePath(QStringLiteral("back.recollector"));
        QTest::keyClicks(target, back);
        copy = dialog->findChild<QPushButton *>(QStringLiteral("copyButton"));
        result = dialog->findChild<QLabel *>(QStringLiteral("resultLabel"));
        QTest::mouseClick(copy, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isJobRunning(), 10000);
        QCOMPARE(result->text(), QStringLiteral("Copied 3 memories, with their history, links, contradictions and "
                                                "settings, to %1.").arg(QDir::toNativeSeparators(back)));
        auto again = Store::open(back);
        QVERIFY(again);
        QCOMPARE(*(*again)->events().count(), events);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    void aReviewersWindowDecidesNothingAndSaysWhy()
    {
        const QString url = threeMemoryStore();
        const QString granted = test::grantRoles(*m_server, test::PgTestServer::databaseOf(url));
        QVERIFY2(granted.isEmpty(), qPrintable(granted));
        MainWindow w;
        QVERIFY(w.openStore(test::asRole(url, QStringLiteral("ann"))));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.tableModel()->rowCount(), 3);
        QVERIFY2(m_messages->texts().size() == 1
                     && m_messages->texts().first().contains(QLatin1String("your role \"ann\" may read this store but not change it")),
                 qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QVERIFY2(w.windowTitle().contains(QLatin1String("(read-only)")), qPrintable(w.windowTitle()));
        // The reason stays on screen after the message: a line in the status bar, its tooltip
        // the whole sentence, there while a status message comes and goes.
        auto *line = w.findChild<QLabel *>(QStringLiteral("readOnlyLabel"));
        QVERIFY(line && line->isVisible());
        QCOMPARE(line->text(), QStringLiteral("Read-only: you can look, not change"));
        QVERIFY2(line->toolTip().contains(QLatin1String("your role \"ann\" may read this store")), qPrintable(line->toolTip()));
        w.statusBar()->showMessage(QStringLiteral("something else"), 10);
        QTRY_VERIFY(w.statusBar()->currentMessage().isEmpty());
        QVERIFY(line->isVisible());
        shoot(&w, nullptr, QStringLiteral("team-store-reviewer"));
        w.selectIds({QStringLiteral("mem_b")});
        for (const char *name : {"newMemoryAction", "confirmAction", "negateAction", "permanentAction", "editAction",
                                 "deleteAction", "restoreAction", "rebuildLinksAction"}) {
            auto *action = w.findChild<QAction *>(QLatin1String(name));
            QVERIFY2(action && !action->isEnabled(), name);
        }
        // Looking and copying out stay open to a reviewer.
        QVERIFY(w.findChild<QAction *>(QStringLiteral("exportAction"))->isEnabled());
        QVERIFY(w.findChild<QAction *>(QStringLiteral("copyStoreAction"))->isEnabled());
        // A decision asked for anyway writes nothing.
        const qint64 events = *(*Store::open(url))->events().count();
        w.setPermanentSelected(true);
        QVERIFY(!isPermanent(w, QStringLiteral("mem_b")));
        QCOMPARE(*(*Store::open(url))->events().count(), events);
    }
};

QTEST_MAIN(TestTeamStoreWindow)
#include "tst_team_store_window.moc"
