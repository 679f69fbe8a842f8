// Issue 20, item 4, on the real MainWindow (offscreen), a temporary store:
// - one save model in the detail panel: text, keywords, category and importance edited, then
//   one Apply → one edit decision with every field, one undo step named after them; one Undo
//   puts every field back (keywords and category used to save on their own, as steps apart);
// - "View scores as" scores the view under another profile and leaves the store's profile
//   (what the assistant recalls) alone;
// - Store → Scoring Profile asks; Cancel changes nothing; Yes records the profile in the store
//   as an undoable step, and Undo puts the old one back.
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "store/MetaRepository.h"
#include "scoring/ScoringProfile.h"
#include "support/MessageBox.h"
#include "views/DetailPanel.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestSaveModel : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;

    Memory stored(const QString &id) { return *(*m_store)->memories().get(id); }
    QString storeProfile() { return *(*m_store)->meta().value(MetaRepository::kProfile, QStringLiteral("ebbinghaus")); }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace(QMessageBox::Yes);
        m_store = std::make_unique<test::TempStore>();
        const Millis now = time::nowMs();
        for (int i = 0; i < 4; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i), now - Millis(i + 1) * kMsPerHour);
            m.content = QStringLiteral("Prefers tabs in project %1").arg(i);
            m.keywords = {QStringLiteral("tabs"), QStringLiteral("k%1").arg(i)};
            m.category = QStringLiteral("preference");
            m.importance = 1.0;
            QVERIFY((*m_store)->memories().insert(m));
        }
    }

    void cleanup()
    {
        m_messages.reset();
        m_store.reset();
    }

    void everyFieldAppliesAsOneUndoStep()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QString id = QStringLiteral("mem_1");
        const Memory before = stored(id);
        w.selectIds({id});

        auto *content = w.findChild<QPlainTextEdit *>(QStringLiteral("contentEdit"));
        auto *keywords = w.findChild<QLineEdit *>(QStringLiteral("keywordsEdit"));
        auto *category = w.findChild<QComboBox *>(QStringLiteral("categoryCombo"));
        auto *importance = w.findChild<QDoubleSpinBox *>(QStringLiteral("importanceSpin"));
        auto *apply = w.findChild<QPushButton *>(QStringLiteral("applyEditsButton"));
        QVERIFY(content && keywords && category && importance && apply);

        content->setFocus();
        content->selectAll();
        QTest::keyClicks(content, QStringLiteral("Prefers spaces in project 1"));
        keywords->setFocus();
        keywords->selectAll();
        QTest::keyClicks(keywords, QStringLiteral("spaces, indent"));
        category->setFocus(); // focus moves on: nothing is saved on focus loss any more
        category->setCurrentText(QStringLiteral("skill"));
        importance->setFocus();
        importance->setValue(2.0);
        QCOMPARE(stored(id), before);
        QCOMPARE(w.undoStack()->count(), 0);

        QTest::mouseClick(apply, Qt::LeftButton);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        const Memory after = stored(id);
        QCOMPARE(after.content, QStringLiteral("Prefers spaces in project 1"));
        QCOMPARE(after.keywords, (QStringList{QStringLiteral("spaces"), QStringLiteral("indent")}));
        QCOMPARE(after.category, QStringLiteral("skill"));
        QCOMPARE(after.importance, 2.0);
        QCOMPARE(w.undoStack()->count(), 1);
        QCOMPARE(w.undoStack()->text(0), QStringLiteral("Edit text, keywords, category, importance"));
        QVERIFY(!apply->isEnabled()); // nothing left unsaved
        QVERIFY(w.findChild<DetailPanel *>()->pendingEdit().isEmpty());
        const auto edits = (*m_store)->events().forMemory(id);
        QVERIFY(edits);
        QCOMPARE(std::count_if(edits->begin(), edits->end(), [](const Event &e) { return e.kind == events::kEdit; }), 1);

        w.undoStack()->undo();
        const Memory undone = stored(id);
        QCOMPARE(undone.content, before.content);
        QCOMPARE(undone.keywords, before.keywords);
        QCOMPARE(undone.category, before.category);
        QCOMPARE(undone.importance, before.importance);
        QCOMPARE(content->toPlainText(), before.content);
        QCOMPARE(keywords->text(), before.keywords.join(QStringLiteral(", ")));
        QCOMPARE(category->currentText(), before.category);
    }

    // Ctrl+Enter in the text applies it; it is also the window's Confirm shortcut, which must
    // not fire from the text (it confirmed the memory and left the text unsaved).
    void ctrlEnterInTheTextAppliesAndDoesNotConfirm()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const QString id = QStringLiteral("mem_2");
        w.selectIds({id});
        auto *content = w.findChild<QPlainTextEdit *>(QStringLiteral("contentEdit"));
        content->setFocus();
        content->selectAll();
        QTest::keyClicks(content, QStringLiteral("Prefers spaces"));
        QTest::keyClick(content, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(stored(id).content, QStringLiteral("Prefers spaces"));
        QVERIFY(!stored(id).verified); // not confirmed
        QCOMPARE(w.undoStack()->count(), 1);
        QCOMPARE(w.undoStack()->text(0), QStringLiteral("Edit text"));
    }

    void viewScoresAsChangesOnlyTheView()
    {
        if (!makeProfile(QStringLiteral("importance"), Config{}))
            QSKIP("importance profile not built");
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        auto *combo = w.findChild<QComboBox *>(QStringLiteral("viewProfileCombo"));
        QVERIFY(combo);
        const int index = combo->findData(QStringLiteral("importance"));
        QVERIFY(index >= 0);
        QVERIFY(combo->itemText(combo->findData(QStringLiteral("ebbinghaus"))).contains(QStringLiteral("store")));
        combo->setCurrentIndex(index);
        emit combo->activated(index);
        QCOMPARE(w.session()->profileName(), QStringLiteral("importance"));
        QCOMPARE(w.session()->storeProfileName(), QStringLiteral("ebbinghaus"));
        QCOMPARE(storeProfile(), QStringLiteral("ebbinghaus"));
        QVERIFY(m_messages->texts().isEmpty()); // nothing to ask: the store is not changed
        QCOMPARE(w.undoStack()->count(), 0);
    }

    void storeProfileAsksAndUndoes()
    {
        if (!makeProfile(QStringLiteral("lifecycle"), Config{}))
            QSKIP("lifecycle profile not built");
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        auto *lifecycle = w.findChild<QAction *>(QStringLiteral("storeProfile:lifecycle"));
        QVERIFY(lifecycle);

        m_messages->setAnswer(QMessageBox::Cancel);
        lifecycle->trigger();
        QCOMPARE(m_messages->texts().size(), 1);
        QCOMPARE(storeProfile(), QStringLiteral("ebbinghaus"));
        QVERIFY(!lifecycle->isChecked());
        QCOMPARE(w.undoStack()->count(), 0);

        m_messages->setAnswer(QMessageBox::Yes);
        lifecycle->trigger();
        QCOMPARE(m_messages->texts().size(), 2);
        QVERIFY(m_messages->texts().last().contains(QStringLiteral("recalls")));
        QCOMPARE(storeProfile(), QStringLiteral("lifecycle"));
        QCOMPARE(w.session()->profileName(), QStringLiteral("lifecycle"));
        QVERIFY(lifecycle->isChecked());
        QCOMPARE(w.undoStack()->count(), 1);

        w.undoStack()->undo();
        QCOMPARE(storeProfile(), QStringLiteral("ebbinghaus"));
        QCOMPARE(w.session()->storeProfileName(), QStringLiteral("ebbinghaus"));
        QVERIFY(w.findChild<QAction *>(QStringLiteral("storeProfile:ebbinghaus"))->isChecked());
        w.undoStack()->redo();
        QCOMPARE(storeProfile(), QStringLiteral("lifecycle"));
    }
};

QTEST_MAIN(TestSaveModel)
#include "tst_save_model.moc"
