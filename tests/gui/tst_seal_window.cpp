// The window's side of level-3 encryption and privacy mode (docs/formats.md, "Encryption at
// rest"), on the real MainWindow over an SQLite file and over a team store of the suite's own
// PostgreSQL: a locked store shows "locked" rows;
// File → Unlock with a wrong passphrase says so in one line and stays locked, with the right
// one shows the text; Lock hides it again; a first raise to level 3 asks for a new passphrase
// (the dialog wants it twice, alike) and seals the memory; View → Privacy Mode masks level ≥ 2
// text in the table and the detail panel and says so in the status bar; memory text with
// HTML is shown literally in the table, the detail panel and the graph.
// With RECOLLECTOR_SCREENSHOT_DIR set, the unlock dialog and a locked table are saved there at
// 1600×1000 and 1024×700.
#include "EngineStore.h"

#include "MainWindow.h"
#include "SealController.h"
#include "StoreSession.h"
#include "dialogs/PassphraseDialog.h"
#include "models/Roles.h"
#include "support/MessageBox.h"
#include "views/GraphNodeItem.h"

#include "config/Config.h"
#include "crypto/KdfParams.h"
#include "store/StoreSeal.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <optional>
#include <QAbstractSeries>
#include <QChartView>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {
const QString kSecret = QStringLiteral("Zanzibar vault code 9923");
const QString kHtml = QStringLiteral("<b>bold</b> <img src=x> <a href=y>link</a>");

Memory memory(const QString &id, const QString &content, int sensitivity)
{
    Memory m = test::sampleMemory(id, time::nowMs());
    m.content = content;
    m.sensitivity = sensitivity;
    return m;
}
} // namespace

class TestSealWindow : public QObject
{
    Q_OBJECT

private:
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;

    static QString shownContent(MainWindow &w, const QString &id)
    {
        auto *table = w.findChild<QTableView *>(QStringLiteral("memoryTable"));
        QAbstractItemModel *model = table->model();
        for (int r = 0; r < model->rowCount(); ++r) {
            if (model->index(r, 0).data(IdRole).toString() == id)
                return model->index(r, ContentColumn).data(Qt::DisplayRole).toString();
        }
        return QStringLiteral("(no row)");
    }
    static QAction *action(MainWindow &w, const char *name)
    {
        auto *a = w.findChild<QAction *>(QString::fromLatin1(name));
        if (!a)
            qFatal("no action %s", name);
        return a;
    }
    QString rawContent(const QString &id)
    {
        QSqlQuery q((*m_store)->database().handle());
        q.prepare(QStringLiteral("SELECT content FROM memories WHERE id = ?"));
        q.addBindValue(id);
        if (!q.exec() || !q.next())
            qFatal("no row %s", qPrintable(id));
        return q.value(0).toString();
    }
    static QStringList legendNames(MainWindow &w)
    {
        QStringList names;
        auto *chart = w.findChild<QChartView *>(QStringLiteral("decayChartView"));
        if (!chart || !chart->chart())
            return names;
        for (QAbstractSeries *series : chart->chart()->series())
            names << series->name();
        return names;
    }

    static void screenshot(QWidget *widget, const QString &name)
    {
        const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (dir.isEmpty())
            return;
        if (!widget->grab().save(dir + QLatin1Char('/') + name))
            qWarning("could not save %s", qPrintable(name));
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        test::useTestSettings();
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store = std::make_unique<test::EngineStore>(m_engines);
    }

    void cleanup()
    {
        m_messages.reset();
        PassphraseDialog::setHandler({});
        if (m_store)
            StoreSeal::lock(**m_store);
        m_store.reset();
    }

    void unlockAndLockFromTheFileMenu()
    {
        Store &s = **m_store;
        QVERIFY(StoreSeal::setPassphrase(s, "right one", crypto::KdfParams::interactive()).ok());
        QVERIFY(s.memories().insert(memory(QStringLiteral("mem_secret"), kSecret, 3)).ok());
        QVERIFY(s.memories().insert(memory(QStringLiteral("mem_plain"), QStringLiteral("Likes green tea"), 0)).ok());
        StoreSeal::lock(s);

        MainWindow w;
        w.resize(1600, 1000);
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(shownContent(w, QStringLiteral("mem_secret")), QStringLiteral("locked"));
        QCOMPARE(shownContent(w, QStringLiteral("mem_plain")), QStringLiteral("Likes green tea"));
        w.selectIds({QStringLiteral("mem_secret")});
        QCOMPARE(w.findChild<QLabel *>(QStringLiteral("detailHeader"))->text(), QStringLiteral("locked"));
        QTRY_VERIFY2(legendNames(w).contains(QStringLiteral("locked")), qPrintable(legendNames(w).join(QLatin1Char('|'))));
        QVERIFY(!action(w, "lockAction")->isEnabled());
        QVERIFY(action(w, "unlockAction")->isEnabled());
        screenshot(&w, QStringLiteral("locked-table-1600x1000.png"));
        w.resize(1024, 700);
        QTest::qWait(50);
        screenshot(&w, QStringLiteral("locked-table-1024x700.png"));

        // A wrong passphrase: one line, still locked.
        PassphraseDialog::setHandler([](PassphraseDialog::Mode) { return std::optional<QByteArray>("wrong"); });
        action(w, "unlockAction")->trigger();
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY2(m_messages->texts().first().endsWith(QLatin1String("wrong passphrase")), qPrintable(m_messages->texts().first()));
        QCOMPARE(shownContent(w, QStringLiteral("mem_secret")), QStringLiteral("locked"));

        PassphraseDialog::setHandler([](PassphraseDialog::Mode) { return std::optional<QByteArray>("right one"); });
        action(w, "unlockAction")->trigger();
        w.session()->waitForLoaded();
        QTRY_COMPARE(shownContent(w, QStringLiteral("mem_secret")), kSecret);
        w.selectIds({QStringLiteral("mem_secret")});
        QTRY_COMPARE(w.findChild<QLabel *>(QStringLiteral("detailHeader"))->text(), kSecret);
        QVERIFY(action(w, "lockAction")->isEnabled());

        action(w, "lockAction")->trigger();
        w.session()->waitForLoaded();
        QTRY_COMPARE(shownContent(w, QStringLiteral("mem_secret")), QStringLiteral("locked"));
        QCOMPARE(m_messages->texts().size(), 1);
    }

    void theUnlockDialogAsksTwiceForANewPassphrase()
    {
        PassphraseDialog dialog(PassphraseDialog::Mode::New, QStringLiteral("test.recollector"));
        dialog.resize(480, 200);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *edit = dialog.findChild<QLineEdit *>(QStringLiteral("passphraseEdit"));
        auto *repeat = dialog.findChild<QLineEdit *>(QStringLiteral("passphraseRepeatEdit"));
        auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(edit && repeat && ok);
        QCOMPARE(edit->echoMode(), QLineEdit::Password);
        QVERIFY(!ok->isEnabled());
        QTest::keyClicks(edit, QStringLiteral("tulip"));
        QTest::keyClicks(repeat, QStringLiteral("tulpi"));
        QVERIFY(!ok->isEnabled());
        QCOMPARE(dialog.findChild<QLabel *>(QStringLiteral("passphraseMessage"))->text(), QStringLiteral("The two passphrases differ."));
        repeat->clear();
        QTest::keyClicks(repeat, QStringLiteral("tulip"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(dialog.passphrase(), QByteArray("tulip"));

        PassphraseDialog unlock(PassphraseDialog::Mode::Unlock, QStringLiteral("test.recollector"));
        QVERIFY(!unlock.findChild<QLineEdit *>(QStringLiteral("passphraseRepeatEdit")));
        for (const QSize size : {QSize(1600, 1000), QSize(1024, 700)}) {
            QWidget backdrop;
            backdrop.resize(size);
            backdrop.show();
            QVERIFY(QTest::qWaitForWindowExposed(&backdrop));
            PassphraseDialog shown(PassphraseDialog::Mode::Unlock, QStringLiteral("test.recollector"), &backdrop);
            shown.show();
            QVERIFY(QTest::qWaitForWindowExposed(&shown));
            screenshot(&shown, QStringLiteral("unlock-dialog-%1x%2.png").arg(size.width()).arg(size.height()));
        }
    }

    void aFirstRaiseToLevel3SetsAPassphraseAndSeals()
    {
        QVERIFY((*m_store)->memories().insert(memory(QStringLiteral("mem_raise"), kSecret, 0)).ok());
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectIds({QStringLiteral("mem_raise")});
        int asked = 0;
        PassphraseDialog::setHandler([&](PassphraseDialog::Mode mode) {
            ++asked;
            return mode == PassphraseDialog::Mode::New ? std::optional<QByteArray>("first one") : std::nullopt;
        });
        auto *combo = w.findChild<QComboBox *>(QStringLiteral("sensitivityCombo"));
        QVERIFY(combo);
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_End); // 0 → 3, as the keyboard picks it
        QTest::keyClick(combo, Qt::Key_Return); // applied
        QCOMPARE(asked, 1);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QVERIFY(rawContent(QStringLiteral("mem_raise")).startsWith(QLatin1String("enc1:")));
        QVERIFY(*StoreSeal::hasPassphrase(**m_store));
        QTRY_COMPARE(shownContent(w, QStringLiteral("mem_raise")), kSecret); // unlocked for the session
        // Undo lowers it again: plain text in the row.
        w.undoStack()->undo();
        QCOMPARE(rawContent(QStringLiteral("mem_raise")), kSecret);
    }

    void privacyModeMasksLevel2AndUpEverywhere()
    {
        QVERIFY((*m_store)->memories().insert(memory(QStringLiteral("mem_private"), kSecret, 2)).ok());
        QVERIFY((*m_store)->memories().insert(memory(QStringLiteral("mem_public"), QStringLiteral("Likes green tea"), 1)).ok());
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectIds({QStringLiteral("mem_private")});
        auto *label = w.findChild<QLabel *>(QStringLiteral("privacyModeLabel"));
        QVERIFY(label && !label->isVisible());
        QCOMPARE(shownContent(w, QStringLiteral("mem_private")), kSecret);
        QAction *privacy = action(w, "privacyModeAction");
        QCOMPARE(privacy->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
        privacy->trigger(); // as Ctrl+Shift+P or View → Privacy Mode do
        QVERIFY(privacy->isChecked());
        QVERIFY(label->isVisible());
        QCOMPARE(shownContent(w, QStringLiteral("mem_private")), QStringLiteral("hidden (privacy mode)"));
        QCOMPARE(shownContent(w, QStringLiteral("mem_public")), QStringLiteral("Likes green tea"));
        QCOMPARE(w.findChild<QLabel *>(QStringLiteral("detailHeader"))->text(), QStringLiteral("hidden (privacy mode)"));
        QVERIFY(!w.findChild<QPlainTextEdit *>(QStringLiteral("contentEdit"))->toPlainText().contains(QLatin1String("Zanzibar")));
        // The decay chart's legend follows the same rule.
        QTRY_VERIFY2(legendNames(w).contains(QStringLiteral("hidden (privacy mode)")),
                     qPrintable(legendNames(w).join(QLatin1Char('|'))));
        QVERIFY(!legendNames(w).join(QLatin1Char('|')).contains(QLatin1String("Zanzibar")));
        action(w, "privacyModeAction")->trigger();
        QVERIFY(!label->isVisible());
        QCOMPARE(shownContent(w, QStringLiteral("mem_private")), kSecret);
        QTRY_VERIFY(legendNames(w).join(QLatin1Char('|')).contains(QLatin1String("Zanzibar")));
    }

    void theIdleLockTimeIsASetting()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        auto *seal = w.findChild<SealController *>();
        QVERIFY(seal);
        QCOMPARE(seal->idleLockMilliseconds(), 10 * 60 * 1000); // the default, from the config
        core::Config config = w.session()->config();
        config.privacy.idleLockMinutes = 3;
        QVERIFY(w.session()->setConfig(config).ok());
        QCOMPARE(seal->idleLockMilliseconds(), 3 * 60 * 1000);
    }

    void htmlInAMemoryIsShownLiterally()
    {
        QVERIFY((*m_store)->memories().insert(memory(QStringLiteral("mem_html"), kHtml, 0)).ok());
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectIds({QStringLiteral("mem_html")});
        QCOMPARE(shownContent(w, QStringLiteral("mem_html")), kHtml);
        auto *header = w.findChild<QLabel *>(QStringLiteral("detailHeader"));
        QCOMPARE(header->textFormat(), Qt::PlainText);
        QCOMPARE(header->text(), kHtml);
        QCOMPARE(w.findChild<QPlainTextEdit *>(QStringLiteral("contentEdit"))->toPlainText(), kHtml);
        auto *graph = w.findChild<QGraphicsView *>(QStringLiteral("associationGraph"));
        QVERIFY(graph);
        QString label;
        QTRY_VERIFY([&]() {
            for (QGraphicsItem *item : graph->scene()->items()) {
                if (auto *node = dynamic_cast<GraphNodeItem *>(item); node && node->memoryId() == QLatin1String("mem_html"))
                    label = node->label();
            }
            return !label.isEmpty();
        }());
        QCOMPARE(label, kHtml);
    }
};

QTEST_MAIN(TestSealWindow)
#include "tst_seal_window.moc"
