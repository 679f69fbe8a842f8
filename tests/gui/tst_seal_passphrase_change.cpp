// File → Change Passphrase… on the real MainWindow over a store on disk (docs/formats.md,
// "Encryption at rest"): a wrong current passphrase is one line and leaves every ciphertext,
// the salt and the key check as they were; the right one re-seals every level-3 memory and
// its history under the new passphrase in one go, after which only the new one opens the
// store and the window shows the text. The dialog wants the new passphrase twice, alike, and
// not equal to the current one.
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ChangePassphraseDialog.h"
#include "models/Roles.h"
#include "support/MessageBox.h"

#include "crypto/KdfParams.h"
#include "model/Event.h"
#include "store/StoreSeal.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {
const QString kSecret = QStringLiteral("Zanzibar vault code 9923");
const QString kEarlier = QStringLiteral("Zanzibar vault code 4417");
} // namespace

class TestSealPassphraseChange : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;
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
    /// Every stored ciphertext and the seal meta, as the table holds them (through SQLite).
    QStringList sealedState()
    {
        QStringList out;
        QSqlQuery q((*m_store)->database().handle());
        for (const QString &sql : {QStringLiteral("SELECT content FROM memories ORDER BY id"),
                                   QStringLiteral("SELECT payload FROM events ORDER BY id"),
                                   QStringLiteral("SELECT value FROM meta WHERE key LIKE 'seal_%' ORDER BY key")}) {
            if (!q.exec(sql))
                qFatal("%s", qPrintable(sql));
            while (q.next())
                out << q.value(0).toString();
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store = std::make_unique<test::TempStore>();
        Store &s = **m_store;
        QVERIFY(StoreSeal::setPassphrase(s, "old one", crypto::KdfParams::interactive()).ok());
        Memory secret = test::sampleMemory(QStringLiteral("mem_secret"), time::nowMs());
        secret.content = kSecret;
        secret.sensitivity = 3;
        QVERIFY(s.memories().insert(secret).ok());
        Memory plain = test::sampleMemory(QStringLiteral("mem_plain"), time::nowMs());
        plain.content = QStringLiteral("Likes green tea");
        QVERIFY(s.memories().insert(plain).ok());
        // An earlier version in the history, sealed like the memory.
        Event edit;
        edit.memoryId = QStringLiteral("mem_secret");
        edit.kind = QStringLiteral("edit");
        edit.at = time::nowMs();
        edit.payload = QJsonObject{{QStringLiteral("before"), QJsonObject{{QStringLiteral("content"), kEarlier}}},
                                   {QStringLiteral("after"), QJsonObject{{QStringLiteral("content"), kSecret}}}};
        QVERIFY(s.events().append(edit).ok());
        StoreSeal::lock(s);
    }

    void cleanup()
    {
        m_messages.reset();
        ChangePassphraseDialog::setHandler({});
        if (m_store)
            StoreSeal::lock(**m_store);
        m_store.reset();
    }

    void wrongCurrentPassphraseIsOneLineAndChangesNothing()
    {
        const QStringList before = sealedState();
        QVERIFY(!before.join(QLatin1Char('\n')).contains(QLatin1String("Zanzibar")));
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *change = w.findChild<QAction *>(QStringLiteral("changePassphraseAction"));
        QVERIFY(change);
        QVERIFY(change->isEnabled());
        ChangePassphraseDialog::setHandler(
            []() { return std::optional<ChangePassphraseDialog::Answer>({QByteArray("wrong"), QByteArray("new one")}); });
        change->trigger();
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY2(m_messages->texts().first().endsWith(QLatin1String("wrong passphrase")), qPrintable(m_messages->texts().first()));
        QVERIFY(!m_messages->texts().first().contains(QLatin1Char('\n')));
        QCOMPARE(sealedState(), before);
        QCOMPARE(shownContent(w, QStringLiteral("mem_secret")), QStringLiteral("locked"));
        QVERIFY(!StoreSeal::isUnlocked(**m_store));
        QVERIFY(!StoreSeal::unlock(**m_store, "new one").ok());
        QVERIFY(StoreSeal::unlock(**m_store, "old one").ok());
    }

    void changingResealsEverythingUnderTheNewPassphrase()
    {
        const QStringList before = sealedState();
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(shownContent(w, QStringLiteral("mem_secret")), QStringLiteral("locked"));
        ChangePassphraseDialog::setHandler(
            []() { return std::optional<ChangePassphraseDialog::Answer>({QByteArray("old one"), QByteArray("new one")}); });
        w.findChild<QAction *>(QStringLiteral("changePassphraseAction"))->trigger();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        w.session()->waitForLoaded();
        // Unlocked with the new key: the window shows the text.
        QTRY_COMPARE(shownContent(w, QStringLiteral("mem_secret")), kSecret);
        QCOMPARE(shownContent(w, QStringLiteral("mem_plain")), QStringLiteral("Likes green tea"));

        // Every ciphertext (memory and event) and the salt are new; still no plain text.
        const QStringList after = sealedState();
        QVERIFY(!after.join(QLatin1Char('\n')).contains(QLatin1String("Zanzibar")));
        QCOMPARE(after.size(), before.size());
        int changed = 0;
        for (int i = 0; i < after.size(); ++i)
            changed += after[i] != before[i] ? 1 : 0;
        QCOMPARE(changed, 4); // the memory's envelope, the event's, the salt and the key check (the cost is kept)
        auto cost = StoreSeal::kdfParams(**m_store);
        QVERIFY(cost.ok());
        QCOMPARE(*cost, crypto::KdfParams::interactive()); // the store's cost is kept

        // Only the new passphrase opens it now, history included.
        Store &s = **m_store;
        StoreSeal::lock(s);
        const Status old = StoreSeal::unlock(s, "old one");
        QVERIFY(!old.ok());
        QVERIFY(old.error().message.endsWith(QLatin1String("wrong passphrase")));
        QVERIFY(StoreSeal::unlock(s, "new one").ok());
        QCOMPARE(s.memories().get(QStringLiteral("mem_secret"))->content, kSecret);
        auto history = s.events().forMemory(QStringLiteral("mem_secret"));
        QVERIFY(history.ok());
        bool earlier = false;
        for (const Event &e : *history)
            earlier = earlier || e.payload.value(QStringLiteral("before")).toObject().value(QStringLiteral("content")).toString() == kEarlier;
        QVERIFY(earlier);
    }

    void theDialogWantsTheNewPassphraseTwiceAndDifferent()
    {
        ChangePassphraseDialog dialog(QStringLiteral("test.recollector"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *current = dialog.findChild<QLineEdit *>(QStringLiteral("currentPassphraseEdit"));
        auto *next = dialog.findChild<QLineEdit *>(QStringLiteral("newPassphraseEdit"));
        auto *repeat = dialog.findChild<QLineEdit *>(QStringLiteral("newPassphraseRepeatEdit"));
        auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        auto *message = dialog.findChild<QLabel *>(QStringLiteral("changePassphraseMessage"));
        QVERIFY(current && next && repeat && ok && message);
        for (QLineEdit *edit : {current, next, repeat})
            QCOMPARE(edit->echoMode(), QLineEdit::Password);
        QVERIFY(!ok->isEnabled());
        QTest::keyClicks(current, QStringLiteral("old one"));
        QTest::keyClicks(next, QStringLiteral("tulip"));
        QTest::keyClicks(repeat, QStringLiteral("tulpi"));
        QVERIFY(!ok->isEnabled());
        QCOMPARE(message->text(), QStringLiteral("The two new passphrases differ."));
        repeat->clear();
        QTest::keyClicks(repeat, QStringLiteral("tulip"));
        QVERIFY(ok->isEnabled());
        QVERIFY(message->text().isEmpty());
        QCOMPARE(dialog.answer().current, QByteArray("old one"));
        QCOMPARE(dialog.answer().next, QByteArray("tulip"));
        next->setText(QStringLiteral("old one"));
        repeat->setText(QStringLiteral("old one"));
        QVERIFY(!ok->isEnabled());
        QCOMPARE(message->text(), QStringLiteral("The new passphrase is the current one."));
    }
};

QTEST_MAIN(TestSealPassphraseChange)
#include "tst_seal_passphrase_change.moc"
