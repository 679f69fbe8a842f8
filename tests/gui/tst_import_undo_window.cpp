// Issue 20, item 11, "import undoable as one step", on the real MainWindow (offscreen): a file
// imported through the import preview is one step of Edit → Undo, named after the file and
// its count; Undo takes the table and the store back to exactly what they held (the new
// memories gone, the overwritten one's fields back), Redo brings the import back; a decision
// made on an imported memory outside the window refuses the undo with a message naming it.
#include "EngineStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ImportPreviewDialog.h"
#include "engine/decisions/Decisions.h"
#include "io/MemorySetJson.h"
#include "models/MemoryTableModel.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QDir>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>

#include <algorithm>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

namespace {

/// With RECOLLECTOR_SCREENSHOT_DIR set, saves what `widget` shows (a look beats a guess).
void saveShot(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
}

const Millis kStart = time::nowMs() - 10 * kMsPerDay;

Memory stored(int i)
{
    Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i), kStart + i * kMsPerHour);
    m.content = QStringLiteral("Memory text %1").arg(i);
    m.keywords = {QStringLiteral("word%1").arg(i)};
    return m;
}

QStringList tableIds(MainWindow &w)
{
    QStringList ids;
    for (int r = 0; r < w.tableModel()->rowCount(); ++r)
        ids << w.tableModel()->idAt(r);
    ids.sort();
    return ids;
}

} // namespace

class TestImportUndoWindow : public QObject
{
    Q_OBJECT

private:
    // Before the store: members end in reverse order, and the store must close before its
    // server stops.
    test::EngineFixture m_engines;
    std::unique_ptr<test::EngineStore> m_store;
    QTemporaryDir m_dir;
    QString m_file;
    std::optional<test::AnsweredMessages> m_messages;

    std::vector<Memory> storedMemories()
    {
        auto all = (*m_store)->memories().all(true);
        std::sort(all->begin(), all->end(), [](const Memory &a, const Memory &b) { return a.id < b.id; });
        return *all;
    }

    static QAction *action(MainWindow &w, const char *name)
    {
        auto *a = w.findChild<QAction *>(QString::fromLatin1(name));
        if (!a)
            qFatal("no action %s", name);
        return a;
    }

    void importThroughThePreview(MainWindow &w)
    {
        w.openImportPreview(m_file);
        auto *import = w.findChild<ImportPreviewDialog *>(QStringLiteral("importPreviewDialog"));
        QVERIFY(import && import->isVisible());
        QTRY_COMPARE(import->state(), ImportPreviewDialog::State::Ready);
        import->startImport();
        QTRY_COMPARE(import->state(), ImportPreviewDialog::State::Done);
        import->close();
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
        for (int i = 0; i < 3; ++i)
            QVERIFY((*m_store)->memories().insert(stored(i)));
        // The file: a later version of mem_0 (overwritten) and two new memories.
        io::MemorySet set;
        set.sourceName = QStringLiteral("incoming.json");
        Memory newer = stored(0);
        newer.content = QStringLiteral("Memory text 0, corrected");
        newer.updatedAt = kStart + 5 * kMsPerDay;
        Memory a = stored(7);
        a.id = QStringLiteral("new_a");
        Memory b = stored(8);
        b.id = QStringLiteral("new_b");
        set.memories = {newer, a, b};
        m_file = m_dir.filePath(QStringLiteral("incoming.json"));
        QVERIFY(io::MemorySetJson::writeFile(m_file, set));
    }

    void cleanup()
    {
        m_messages.reset();
        m_store.reset();
    }

    void undoTakesTheImportBackAndRedoReappliesIt()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        const QStringList idsBefore = tableIds(w);
        QCOMPARE(idsBefore.size(), 3);
        const std::vector<Memory> before = storedMemories();

        importThroughThePreview(w);
        QTRY_COMPARE(w.tableModel()->totalCount(), qint64(5));
        QAction *undo = action(w, "undoAction");
        QCOMPARE(undo->text(), QStringLiteral("&Undo Import of incoming.json: 3 memories"));
        QVERIFY(undo->isEnabled());
        for (QAction *menu : w.menuBar()->actions()) {
            if (menu->menu() && menu->menu()->actions().contains(undo))
                saveShot(menu->menu(), QStringLiteral("edit-menu-undo-import.png"));
        }
        QCOMPARE((*m_store)->memories().get(QStringLiteral("mem_0"))->content, QStringLiteral("Memory text 0, corrected"));

        undo->trigger();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QTRY_COMPARE(tableIds(w), idsBefore);
        for (const QSize size : {QSize(1600, 1000), QSize(1024, 700)}) {
            w.resize(size);
            saveShot(&w, QStringLiteral("import-undone-%1x%2.png").arg(size.width()).arg(size.height()));
        }
        const std::vector<Memory> after = storedMemories();
        QCOMPARE(after.size(), before.size());
        for (std::size_t i = 0; i < after.size(); ++i)
            QCOMPARE(after[i], before[i]); // field by field, mem_0's text included
        QCOMPARE(*(*m_store)->associations().count(), qint64(0)); // the import's links went with it

        QAction *redo = action(w, "redoAction");
        QCOMPARE(redo->text(), QStringLiteral("&Redo Import of incoming.json: 3 memories"));
        // The toolbar keeps its short word (the step's name is in the menu and the tooltip).
        QCOMPARE(redo->iconText(), QStringLiteral("Redo"));
        QCOMPARE(redo->toolTip(), QStringLiteral("Redo Import of incoming.json: 3 memories"));
        redo->trigger();
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
        QTRY_COMPARE(w.tableModel()->totalCount(), qint64(5));
        QCOMPARE((*m_store)->memories().get(QStringLiteral("mem_0"))->content, QStringLiteral("Memory text 0, corrected"));
        QVERIFY(*(*m_store)->memories().contains(QStringLiteral("new_a")));

        // Undo again: back once more.
        undo->trigger();
        QTRY_COMPARE(tableIds(w), idsBefore);
        QCOMPARE(storedMemories().size(), before.size());
    }

    void aDecisionOutsideTheWindowRefusesTheUndo()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        importThroughThePreview(w);
        QTRY_COMPARE(w.tableModel()->totalCount(), qint64(5));
        // Another writer (the assistant, recollector-cli) confirms an imported memory.
        Decisions other(**m_store, Config::defaults());
        QVERIFY(other.confirm(QStringLiteral("new_a")));

        action(w, "undoAction")->trigger();
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY2(m_messages->texts().front().contains(QStringLiteral("new_a")) && m_messages->texts().front().contains(QStringLiteral("undo that first")),
                 qPrintable(m_messages->texts().front()));
        QVERIFY(*(*m_store)->memories().contains(QStringLiteral("new_a"))); // nothing undone
        QCOMPARE(w.tableModel()->totalCount(), qint64(5));
        QVERIFY(!action(w, "undoAction")->isEnabled()); // the step is gone from the stack
    }
};

QTEST_MAIN(TestImportUndoWindow)
#include "tst_import_undo_window.moc"
