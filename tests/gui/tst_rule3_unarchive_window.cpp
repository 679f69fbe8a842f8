// Issue 14, rule 3 in the real MainWindow (docs/scoring.md, "Unarchive"), offscreen, on a
// store with the lifecycle profile (an SQLite file and a team store of the suite's own
// PostgreSQL): Memory → Unarchive is enabled only for archived or
// compressed memories; it brings an archived memory back to the full level and a compressed
// one back to its original text as one command on the undo stack (Undo / Redo); the table's
// Level column and the detail panel say "archived" / "compressed summary" in words; the
// detail panel's Unarchive button does the same.
#include "EngineStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "engine/review/Cleanup.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "scoring/ScoringProfile.h"
#include "store/MetaRepository.h"
#include "support/MessageBox.h"
#include "views/FilterBar.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

QString longText()
{
    QStringList sentences;
    for (int i = 0; i < 30; ++i)
        sentences << QStringLiteral("Sentence %1 about vitest says one more thing here.").arg(i, 2, 10, QLatin1Char('0'));
    return sentences.join(QLatin1Char(' '));
}

Memory mem(const QString &id, const QString &content, Millis at, MemoryLevel level = MemoryLevel::Full)
{
    Memory m;
    m.id = id;
    m.content = content;
    m.category = QStringLiteral("episode");
    m.keywords = {QStringLiteral("vitest")};
    m.level = level;
    m.createdAt = m.updatedAt = m.lastReinforcedAt = at;
    return m;
}

} // namespace

class TestRule3UnarchiveWindow : public QObject
{
    Q_OBJECT

private:
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;
    QString m_summary;

    Memory stored(const QString &id) { return *(*m_store)->memories().get(id); }
    static QAction *action(MainWindow &w, const char *name) { return w.findChild<QAction *>(QLatin1String(name)); }
    static QString levelCell(MainWindow &w, const QString &id)
    {
        const int row = w.tableModel()->rowOfId(id);
        return row < 0 ? QString() : w.tableModel()->index(row, LevelColumn).data().toString();
    }

private Q_SLOTS:
    void initTestCase_data() { test::EngineFixture::addEngines(); }
    void initTestCase()
    {
        test::useTestSettings(QStringLiteral("RecollectorRule3Test"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store = std::make_unique<test::EngineStore>(m_engines);
        Store &store = m_store->store();
        const Millis now = time::nowMs();
        const Millis old = now - 20 * kMsPerDay;
        QVERIFY(store.meta().setValue(MetaRepository::kProfile, QStringLiteral("lifecycle")).ok());
        QVERIFY(store.memories().insert(mem(QStringLiteral("mem_c"), longText(), old)).ok());
        QVERIFY(store.memories().insert(mem(QStringLiteral("mem_a"), QStringLiteral("Runs vitest in watch mode."), old,
                                            MemoryLevel::Archive)).ok());
        QVERIFY(store.memories().insert(mem(QStringLiteral("mem_f"), QStringLiteral("Writes vitest snapshots."), now)).ok());
        // A real lifecycle cleanup compresses mem_c (20 days: 0.176 < 0.3).
        const Config config = Config::defaults();
        const auto profile = makeProfile(QStringLiteral("lifecycle"), config);
        Cleanup cleanup(store, config, *profile);
        auto plan = cleanup.plan(now);
        QVERIFY(plan.ok());
        std::erase_if(plan->actions, [](const CleanupAction &a) { return a.memoryId != QLatin1String("mem_c"); });
        QCOMPARE(plan->actions.size(), std::size_t(1));
        QVERIFY(cleanup.apply(*plan).ok());
        m_summary = stored(QStringLiteral("mem_c")).content;
        QVERIFY(m_summary != longText());
    }

    void cleanup()
    {
        m_messages.reset();
        m_store.reset();
    }

    void unarchiveFromTheMemoryMenuUndoRedo()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.filterBar()->setMode(SnapshotFilter::Mode::Review); // archived memories show in review mode
        QAction *unarchive = action(w, "unarchiveAction");
        QVERIFY(unarchive);

        // Only for archived or compressed memories.
        w.selectIds({QStringLiteral("mem_f")});
        QVERIFY(!unarchive->isEnabled());
        QCOMPARE(levelCell(w, QStringLiteral("mem_f")), QStringLiteral("full text"));
        QCOMPARE(levelCell(w, QStringLiteral("mem_c")), QStringLiteral("compressed summary"));
        QCOMPARE(levelCell(w, QStringLiteral("mem_a")), QStringLiteral("archived"));
        w.selectIds({QStringLiteral("mem_a")});
        QVERIFY(unarchive->isEnabled());

        unarchive->trigger();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QCOMPARE(stored(QStringLiteral("mem_a")).level, MemoryLevel::Full);
        QCOMPARE(w.undoStack()->count(), 1);
        QCOMPARE(levelCell(w, QStringLiteral("mem_a")), QStringLiteral("full text"));
        QVERIFY(!unarchive->isEnabled());

        w.undoStack()->undo();
        QCOMPARE(stored(QStringLiteral("mem_a")).level, MemoryLevel::Archive);
        QCOMPARE(levelCell(w, QStringLiteral("mem_a")), QStringLiteral("archived"));
        w.undoStack()->redo();
        QCOMPARE(stored(QStringLiteral("mem_a")).level, MemoryLevel::Full);
        QCOMPARE(levelCell(w, QStringLiteral("mem_a")), QStringLiteral("full text"));
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    void unarchiveFromTheDetailPanelRestoresTheText()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.filterBar()->setMode(SnapshotFilter::Mode::Review); // weak memories show in review mode
        w.selectIds({QStringLiteral("mem_c")});
        auto *button = w.findChild<QPushButton *>(QStringLiteral("unarchiveButton"));
        QVERIFY(button);
        QTRY_VERIFY(button->isVisible());
        QVERIFY(button->isEnabled());
        QVERIFY(action(w, "unarchiveAction")->isEnabled());
        if (const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR"); !dir.isEmpty()) {
            w.grab().save(dir + QStringLiteral("/rule3-compressed-1600.png"));
            w.resize(1024, 700);
            QTest::qWait(50);
            w.grab().save(dir + QStringLiteral("/rule3-compressed-1024.png"));
            w.resize(1600, 1000);
            for (QWidget *p = button->parentWidget(); p; p = p->parentWidget()) {
                if (auto *scroll = qobject_cast<QScrollArea *>(p)) {
                    scroll->ensureWidgetVisible(button);
                    break;
                }
            }
            QTest::qWait(50);
            w.grab().save(dir + QStringLiteral("/rule3-detail-flags.png"));
        }

        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        Memory c = stored(QStringLiteral("mem_c"));
        QCOMPARE(c.content, longText());
        QVERIFY(!c.compressed);
        QCOMPARE(levelCell(w, QStringLiteral("mem_c")), QStringLiteral("full text"));
        QTRY_VERIFY(!button->isVisible());
        QCOMPARE(w.undoStack()->count(), 1);

        w.undoStack()->undo();
        c = stored(QStringLiteral("mem_c"));
        QCOMPARE(c.content, m_summary);
        QVERIFY(c.compressed);
        QCOMPARE(levelCell(w, QStringLiteral("mem_c")), QStringLiteral("compressed summary"));
        QTRY_VERIFY(button->isVisible());
    }
};

QTEST_MAIN(TestRule3UnarchiveWindow)
#include "tst_rule3_unarchive_window.moc"
