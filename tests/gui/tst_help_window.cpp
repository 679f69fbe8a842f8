// Issue 20, item 11, on the real MainWindow (offscreen): F1 opens the user guide (rendered
// from the program's resources, screenshots included); Help → Keyboard Shortcuts lists the
// menus' shortcuts and the review queue's keys; About names the version; File → Open Recent
// names each store's folder; a file dropped on the window goes to the import preview, a
// store opens; Copy puts the selected memories' text on the clipboard.
#include "TempStore.h"

#include "MainWindow.h"
#include "StoreSession.h"
#include "dialogs/ImportPreviewDialog.h"
#include "dialogs/ShortcutsDialog.h"
#include "dialogs/UserGuideDialog.h"
#include "support/MessageBox.h"
#include "WindowTestSetup.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QDropEvent>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QFile>
#include <QLabel>
#include <QScrollBar>
#include <QTextBrowser>
#include <QtTest>

#include <optional>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

class TestHelpWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::TempStore> m_store;
    std::optional<test::AnsweredMessages> m_messages;

    /// With RECOLLECTOR_SCREENSHOT_DIR set (scripts/screenshots.sh), saves what `widget` shows.
    static void saveShot(QWidget *widget, const QString &name)
    {
        const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(widget->grab().save(QDir(dir).filePath(name)));
    }

    static void drop(MainWindow &w, const QString &path)
    {
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        const QPointF at(w.width() / 2.0, w.height() / 2.0);
        QDragEnterEvent enter(at.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent dropped(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &dropped);
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
        QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    }

    void init()
    {
        QSettings().clear();
        m_messages.emplace();
        m_store = std::make_unique<test::TempStore>();
        for (int i = 0; i < 3; ++i) {
            Memory m = test::sampleMemory(QStringLiteral("mem_%1").arg(i), time::nowMs() - (i + 1) * kMsPerHour);
            m.content = QStringLiteral("Memory text %1").arg(i);
            QVERIFY((*m_store)->memories().insert(m));
        }
    }

    void cleanup()
    {
        m_messages.reset();
        m_store.reset();
    }

    void f1OpensTheRenderedGuide()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        w.activateWindow(); // a bare X server (xvfb-run, no window manager) activates nothing by itself
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_F1);
        auto *guide = w.findChild<UserGuideDialog *>();
        QVERIFY(guide && guide->isVisible());
        const QString text = guide->browser()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Using Recollector")) && text.contains(QStringLiteral("Editing a memory")),
                 qPrintable(text.left(200)));
        QVERIFY(!text.contains(QStringLiteral("## "))); // rendered, not the markdown source
        // Every section is on screen: a stray "<word>" in the markdown is read as an HTML tag
        // and swallows the rest of the guide.
        QFile source(UserGuideDialog::guidePath());
        QVERIFY(source.open(QIODevice::ReadOnly));
        for (const QString &line : QString::fromUtf8(source.readAll()).split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1String("## ")))
                QVERIFY2(text.contains(line.mid(3)), qPrintable(line));
        }
        // The screenshots it shows are in the program too.
        QVERIFY(!guide->browser()->document()
                     ->resource(QTextDocument::ImageResource, QUrl(QStringLiteral("screenshots/welcome-page.png")))
                     .isNull());
        saveShot(guide, QStringLiteral("user-guide.png"));
    }

    // Issue 37, item 10: a link to a developer document leaves the guide as it was and says
    // where that document is; a link to a section of the guide scrolls there.
    void aLinkToAnotherDocumentNeverBlanksTheGuide()
    {
        UserGuideDialog guide;
        guide.show();
        QVERIFY(QTest::qWaitForWindowExposed(&guide));
        QTextBrowser *browser = guide.browser();
        const QString before = browser->toPlainText();
        Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("architecture.md")));
        QCOMPARE(browser->toPlainText(), before);
        auto *note = guide.findChild<QLabel *>(QStringLiteral("userGuideNote"));
        QVERIFY(note && note->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("architecture.md")), qPrintable(note->text()));
        browser->verticalScrollBar()->setValue(0);
        Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("#language")));
        QCOMPARE(browser->toPlainText(), before);
        QVERIFY(browser->verticalScrollBar()->value() > 0);
        QVERIFY(!note->isVisible());
    }

    void shortcutsListTheMenusAndTheQueue()
    {
        MainWindow w;
        w.findChild<QAction *>(QStringLiteral("shortcutsAction"))->trigger();
        auto *dialog = w.findChild<ShortcutsDialog *>();
        QVERIFY(dialog);
        QTableWidget *table = dialog->table();
        QStringList rows;
        for (int r = 0; r < table->rowCount(); ++r)
            rows << QStringLiteral("%1|%2|%3").arg(table->item(r, 0)->text(), table->item(r, 1)->text(), table->item(r, 2)->text());
        const auto has = [&](const QString &row) { return rows.contains(row); };
        QVERIFY2(has(QStringLiteral("Undo|%1|Edit").arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText))),
                 qPrintable(rows.join(QLatin1Char('\n'))));
        QVERIFY(has(QStringLiteral("Recollector User Guide|F1|Help")));
        QVERIFY(has(QStringLiteral("Negate (asks what is true instead)|N|Review queue")));
        // No two menu entries share keys: Qt fires neither of an ambiguous pair (Unmark
        // Permanent and Privacy Mode were both Ctrl+Shift+P).
        QHash<QString, QString> byKeys;
        for (int r = 0; r < table->rowCount(); ++r) {
            const QString where = table->item(r, 2)->text();
            if (where == QLatin1String("Review queue") || where == QLatin1String("Detail panel"))
                continue;
            const QString keys = table->item(r, 1)->text();
            QVERIFY2(!byKeys.contains(keys), qPrintable(QStringLiteral("%1: %2 and %3").arg(keys, byKeys.value(keys), table->item(r, 0)->text())));
            byKeys.insert(keys, table->item(r, 0)->text());
        }
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        saveShot(dialog, QStringLiteral("keyboard-shortcuts.png"));
    }

    void aboutNamesTheVersion()
    {
        MainWindow w;
        w.findChild<QAction *>(QStringLiteral("aboutAction"))->trigger();
        QCOMPARE(m_messages->texts().size(), 1);
        QVERIFY(m_messages->texts().first().contains(QStringLiteral("Recollector 9.8.7")));
    }

    void openRecentNamesTheFolders()
    {
        QTemporaryDir a, b;
        const QString first = QDir(a.path()).filePath(QStringLiteral("default.recollector"));
        const QString second = QDir(b.path()).filePath(QStringLiteral("default.recollector"));
        QSettings().setValue(QStringLiteral("stores/recent"), QStringList{first, second});
        MainWindow w;
        auto *menu = w.findChild<QMenu *>(QStringLiteral("recentMenu"));
        QVERIFY(menu);
        emit menu->aboutToShow();
        QStringList texts;
        for (QAction *action : menu->actions())
            texts << action->text();
        QCOMPARE(texts.size(), 2);
        QVERIFY2(texts.at(0).contains(QDir::toNativeSeparators(a.path())), qPrintable(texts.at(0)));
        QVERIFY2(texts.at(1).contains(QDir::toNativeSeparators(b.path())), qPrintable(texts.at(1)));
    }

    void droppedFilesImportOrOpen()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        drop(w, QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY(w.findChild<ImportPreviewDialog *>()); // previewed, nothing written yet
        QCOMPARE(*(*m_store)->memories().count(), 3);

        test::TempStore other;
        drop(w, other.path());
        QCOMPARE(QFileInfo(w.session()->path()).canonicalFilePath(), QFileInfo(other.path()).canonicalFilePath());
        QVERIFY2(m_messages->texts().isEmpty(), qPrintable(m_messages->texts().join(QLatin1Char('\n'))));
    }

    void copyPutsTheSelectedTextsOnTheClipboard()
    {
        MainWindow w;
        QVERIFY(w.openStore(m_store->path()));
        w.show();
        w.selectIds({QStringLiteral("mem_0"), QStringLiteral("mem_2")});
        QAction *copy = w.findChild<QAction *>(QStringLiteral("copyAction"));
        QVERIFY(copy && copy->isEnabled());
        copy->trigger();
        const QStringList lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines.contains(QStringLiteral("Memory text 0")) && lines.contains(QStringLiteral("Memory text 2")));
    }
};

QTEST_MAIN(TestHelpWindow)
#include "tst_help_window.moc"
