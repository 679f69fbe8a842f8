// A locked level-3 memory in the views that list or quote other memories, on the real
// MainWindow over a store on disk (docs/formats.md, "Encryption at rest"): the conflict
// list's one-liners say "locked" (they were empty), the conflict dialog's merge text is
// prefilled only with the readable memory's text, and a history event of ANOTHER memory that
// quotes the sealed text shows "(locked)" until the store is unlocked, then the text. Privacy
// mode hides level ≥ 2 text in the conflict list the same way. The import preview shows a
// sealed entry, incoming and stored, as "locked". The window's search does not find locked
// text, and finds it once the store is unlocked.
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ConflictDialog.h"
#include "dialogs/ConflictListDialog.h"
#include "dialogs/ImportPreviewDialog.h"
#include "dialogs/PassphraseDialog.h"
#include "models/HistoryModel.h"
#include "support/MessageBox.h"

#include "crypto/KdfParams.h"
#include "engine/conflicts/ConflictResolver.h"
#include "model/Event.h"
#include "store/StoreSeal.h"
#include "CliProcess.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QComboBox>
#include <QJsonArray>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {
const QString kSecret = QStringLiteral("Zanzibar vault code 9923");
const QString kPlain = QStringLiteral("The vault has no code");
const QString kPrivate = QStringLiteral("Private heliotrope note");

/// Every text a model shows (display and tooltip of each cell, the history's change lines).
QString allText(const QAbstractItemModel *model)
{
    QStringList out;
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < model->columnCount(); ++c) {
            const QModelIndex i = model->index(r, c);
            out << i.data(Qt::DisplayRole).toString() << i.data(Qt::ToolTipRole).toString()
                << i.data(HistoryModel::ChangesRole).toStringList().join(QLatin1Char('\n'));
        }
    }
    return out.join(QLatin1Char('\n'));
}
} // namespace

class TestSealLockedViews : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;
    qint64 m_conflict = 0;

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
        QVERIFY(StoreSeal::setPassphrase(s, "right one", crypto::KdfParams::interactive()).ok());
        const Millis now = time::nowMs();
        Memory secret = test::sampleMemory(QStringLiteral("mem_secret"), now);
        secret.content = kSecret;
        secret.sensitivity = 3;
        Memory plain = test::sampleMemory(QStringLiteral("mem_plain"), now + 1);
        plain.content = kPlain;
        Memory priv = test::sampleMemory(QStringLiteral("mem_private"), now + 2);
        priv.content = kPrivate;
        priv.sensitivity = 2;
        for (const Memory &m : {secret, plain, priv})
            QVERIFY(s.memories().insert(m).ok());
        for (const QString &other : {QStringLiteral("mem_plain"), QStringLiteral("mem_private")}) {
            Conflict c;
            c.a = QStringLiteral("mem_secret");
            c.b = other;
            c.detectedAt = now;
            QVERIFY(s.conflicts().insert(c).ok());
            m_conflict = m_conflict ? m_conflict : c.id;
        }
        // An event of the plain memory that quotes the sealed one (as a resolution writes it).
        Event e;
        e.memoryId = QStringLiteral("mem_plain");
        e.kind = QStringLiteral("negate");
        e.at = now;
        e.payload = QJsonObject{
            {QStringLiteral("newId"), QStringLiteral("mem_secret")},
            {QStringLiteral("correction"), kSecret},
            {QStringLiteral("before"), QJsonObject{{QStringLiteral("negated"), false}}},
            {QStringLiteral("after"), QJsonObject{{QStringLiteral("negated"), true}}}};
        QVERIFY(s.events().append(e).ok());
        StoreSeal::lock(s);
    }

    void cleanup()
    {
        m_messages.reset();
        PassphraseDialog::setHandler({});
        if (m_store)
            StoreSeal::lock(**m_store);
        m_store.reset();
    }

    void conflictListAndDialogSayLocked()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openConflicts();
        ConflictListDialog *list = w.conflictList();
        QVERIFY(list);
        auto *table = list->findChild<QTableView *>(QStringLiteral("conflictTable"));
        QTRY_COMPARE(table->model()->rowCount(), 2);
        const QString listed = allText(table->model());
        QVERIFY2(listed.contains(QLatin1String("locked")), qPrintable(listed));
        QVERIFY(listed.contains(kPlain));
        QVERIFY(!listed.contains(QLatin1String("Zanzibar")));

        // Privacy mode: the level-2 memory is hidden, the level-0 one shown.
        w.findChild<QAction *>(QStringLiteral("privacyModeAction"))->trigger();
        list->reload();
        const QString masked = allText(table->model());
        QVERIFY2(!masked.contains(QLatin1String("heliotrope")), qPrintable(masked));
        QVERIFY(masked.contains(QLatin1String("hidden (privacy mode)")));
        QVERIFY(masked.contains(kPlain));
        w.findChild<QAction *>(QStringLiteral("privacyModeAction"))->trigger();

        // The dialog: the merge text is prefilled with the readable memory's text only.
        w.openConflict(m_conflict);
        ConflictDialog *dialog = w.findChild<ConflictDialog *>();
        QVERIFY(dialog);
        auto *strategy = dialog->findChild<QComboBox *>(QStringLiteral("strategyCombo"));
        strategy->setCurrentIndex(strategy->findData(int(ResolutionStrategy::Merge)));
        const QString merge = dialog->findChild<QPlainTextEdit *>(QStringLiteral("mergeEdit"))->toPlainText();
        QCOMPARE(merge, kPlain);
        const QString preview = dialog->findChild<QPlainTextEdit *>(QStringLiteral("previewText"))->toPlainText();
        QVERIFY2(!preview.contains(QLatin1String("Zanzibar")), qPrintable(preview));
    }

    void aQuotingEventOfAnotherMemoryIsLockedUntilUnlocked()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectIds({QStringLiteral("mem_plain")});
        auto *history = w.findChild<QListView *>(QStringLiteral("historyView"));
        QVERIFY(history);
        QTRY_VERIFY(history->model()->rowCount() >= 1);
        const QString locked = allText(history->model());
        QVERIFY2(locked.contains(QLatin1String("Negate (locked)")), qPrintable(locked));
        QVERIFY(!locked.contains(QLatin1String("Zanzibar")));

        PassphraseDialog::setHandler([](PassphraseDialog::Mode) { return std::optional<QByteArray>("right one"); });
        w.findChild<QAction *>(QStringLiteral("unlockAction"))->trigger();
        w.session()->waitForLoaded();
        w.selectIds({QStringLiteral("mem_secret")});
        w.selectIds({QStringLiteral("mem_plain")});
        QTRY_VERIFY2(allText(history->model()).contains(QLatin1String("Zanzibar")), qPrintable(allText(history->model())));
    }

    void theWindowsSearchDoesNotSeeLockedText()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QAbstractItemModel *table = w.findChild<QTableView *>(QStringLiteral("memoryTable"))->model();
        QTRY_COMPARE(table->rowCount(), 3);
        auto *search = w.findChild<QLineEdit *>(QStringLiteral("searchEdit"));
        QVERIFY(search);
        search->setText(QStringLiteral("Zanzibar"));
        QTRY_COMPARE(table->rowCount(), 0); // locked: the text is not there to match
        search->setText(QStringLiteral("vault"));
        QTRY_COMPARE(table->rowCount(), 1); // the plain memory only
        PassphraseDialog::setHandler([](PassphraseDialog::Mode) { return std::optional<QByteArray>("right one"); });
        w.findChild<QAction *>(QStringLiteral("unlockAction"))->trigger();
        w.session()->waitForLoaded();
        QTRY_COMPARE(table->rowCount(), 2);
        search->setText(QStringLiteral("Zanzibar"));
        QTRY_COMPARE(table->rowCount(), 1);
    }

    void theImportPreviewShowsSealedEntriesAsLocked()
    {
        // A Recollector set written by recollector-cli while locked: the entry stays sealed in it.
        const QString set = m_store->dir() + QStringLiteral("/set.json");
        const test::CliRun exported = test::runRecollectorCli(m_store->path(), {QStringLiteral("export"), set});
        QVERIFY2(exported.code == 0, exported.err.constData());
        // The stored memory changes afterwards (still locked): the preview shows both sides.
        auto stored = (*m_store)->memories().get(QStringLiteral("mem_secret"));
        QVERIFY(stored.ok() && stored->isLocked());
        stored->category = QStringLiteral("secret");
        stored->updatedAt += 1000;
        QVERIFY((*m_store)->memories().update(*stored).ok());

        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openImportPreview(set);
        auto *import = w.findChild<ImportPreviewDialog *>(QStringLiteral("importPreviewDialog"));
        QVERIFY(import);
        QTRY_COMPARE(import->state(), ImportPreviewDialog::State::Ready);
        QAbstractItemModel *items = import->findChild<QTableView *>(QStringLiteral("importItemView"))->model();
        int lockedRows = 0;
        for (int r = 0; r < items->rowCount(); ++r) {
            QStringList cells;
            for (int c = 0; c < items->columnCount(); ++c)
                cells << items->index(r, c).data().toString();
            QVERIFY(!cells.join(QLatin1Char('|')).contains(QLatin1String("Zanzibar")));
            if (cells.contains(QStringLiteral("mem_secret")))
                lockedRows += cells.count(QStringLiteral("locked")) == 2 ? 1 : 0; // incoming and stored
        }
        QCOMPARE(lockedRows, 1);
    }
};

QTEST_MAIN(TestSealLockedViews)
#include "tst_seal_locked_views.moc"
