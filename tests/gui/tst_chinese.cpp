// Issue 20, item 12: the window in Simplified Chinese, chosen from the system language. CTest
// starts this test with LANG=zh_CN.UTF-8 and LANGUAGE=zh_CN (tests/CMakeLists.txt), so the
// translator comes from the same Translations::install the program's main() calls, from the
// .qm that the build compiled into the resources. On the real MainWindow with the demo store:
// the menus are Chinese (File is 文件(&F)), history lines, tiers and relative times are
// Chinese, no visible label, button or combo box of the window is left in English, and at
// 1024×700 none is narrower than its (Chinese) text. RECOLLECTOR_SCREENSHOT_DIR=dir saves the
// window at 1600×1000 and 1024×700 there (scripts/screenshots.sh).
#include "MainWindow.h"
#include "model/Event.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "support/Translations.h"
#include "text/EventText.h"
#include "text/TierText.h"

#include "NarrowWidgets.h"
#include "WindowTestSetup.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace recollector;
using namespace recollector::ui;

namespace {

bool hasChinese(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff)
            return true;
    }
    return false;
}

// Visible widget texts of the window that read as English: a word of four or more Latin
// letters and no Chinese. Names that stay as they are (Recollector, Claude Code, the formats, key
// names) and the memories' own data (the demo's text, ids and stored names, in the table and
// the panel's values) are not the window's words.
QStringList englishTexts(const QWidget &window)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{4,}"));
    static const QRegularExpression kept(
        QStringLiteral("\\b(Recollector|Claude|Code|JSON|YAML|Enter|Ctrl|Shift)\\b"));
    QStringList english;
    for (QWidget *w : window.findChildren<QWidget *>()) {
        if (!w->isVisible() || w->window() != &window)
            continue;
        // The detail panel's values (an id, the source's and modalities' stored names) and
        // header (the memory's text) are the memory's data.
        if (w->objectName().startsWith(QLatin1String("value:")) || w->objectName() == QLatin1String("detailHeader"))
            continue;
        QString text;
        if (auto *label = qobject_cast<QLabel *>(w))
            text = label->text();
        else if (auto *button = qobject_cast<QAbstractButton *>(w))
            text = button->text();
        else if (auto *combo = qobject_cast<QComboBox *>(w); combo && !combo->isEditable())
            text = combo->currentText();
        QString bare = text;
        bare.remove(kept);
        if (!text.isEmpty() && !hasChinese(text) && bare.contains(word))
            english << QStringLiteral("%1 (%2): %3").arg(QString::fromLatin1(w->metaObject()->className()),
                                                         w->objectName(), text);
    }
    return english;
}

} // namespace

class TestChinese : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        test::useTestSettings();
        MainWindow::setDemoMemorySetPath(QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        // What main() does, from this process's environment (LANG=zh_CN.UTF-8).
        QCOMPARE(Translations::install(*QCoreApplication::instance()), QStringLiteral("zh_CN"));
    }

    void init() { QSettings().clear(); }

    void theSystemLanguageChoosesChinese()
    {
        QCOMPARE(Translations::chosenLocale().language(), QLocale::Chinese);
        QVERIFY(Translations::available().contains(QStringLiteral("zh_CN")));
        // RECOLLECTOR_LANG overrides the system: English is the source text, so no translator.
        qputenv("RECOLLECTOR_LANG", "en");
        QCOMPARE(Translations::chosenLocale().language(), QLocale::English);
        QCOMPARE(Translations::install(*QCoreApplication::instance(), Translations::chosenLocale()), QString());
        qunsetenv("RECOLLECTOR_LANG");
    }

    void theFileMenuIsInChinese()
    {
        MainWindow w;
        const QList<QAction *> menus = w.menuBar()->actions();
        QVERIFY(!menus.isEmpty());
        QCOMPARE(menus.first()->text(), QStringLiteral("文件(&F)"));
        QStringList titles;
        for (QAction *menu : menus) {
            titles << menu->text();
            QVERIFY2(hasChinese(menu->text()), qPrintable(menu->text()));
            // Every entry of every menu too (separators and store names aside).
            for (QAction *entry : menu->menu()->actions()) {
                if (!entry->isSeparator() && !entry->text().isEmpty() && entry->menu() == nullptr && entry->data().isNull())
                    QVERIFY2(hasChinese(entry->text()), qPrintable(menu->text() + QStringLiteral(" ▸ ") + entry->text()));
            }
        }
        QCOMPARE(titles, QStringList({QStringLiteral("文件(&F)"), QStringLiteral("编辑(&E)"), QStringLiteral("记忆(&M)"),
                                      QStringLiteral("记忆库(&S)"), QStringLiteral("审阅(&R)"), QStringLiteral("视图(&V)"),
                                      QStringLiteral("帮助(&H)")}));
    }

    void historyTiersAndTimesAreInChinese()
    {
        core::Event confirm;
        confirm.kind = core::events::kConfirm;
        QCOMPARE(EventText::summary(confirm), QStringLiteral("已确认"));
        core::Event merge;
        merge.kind = core::events::kMerge;
        merge.payload = QJsonObject{{QStringLiteral("mergedInto"), QStringLiteral("mem_9")}};
        const auto namer = [](const QString &id) { return id == QLatin1String("mem_9") ? QStringLiteral("喜欢绿茶") : QString(); };
        QCOMPARE(EventText::summary(merge, namer), QStringLiteral("已合并入 “喜欢绿茶”"));
        constexpr core::Millis kDay = 24LL * 3600 * 1000;
        QCOMPARE(EventText::relative(0, 3 * kDay), QStringLiteral("3 天前"));
        QCOMPARE(EventText::relative(0, kDay), QStringLiteral("1 天前"));
        QCOMPARE(TierText::label(core::Tier::Fading), QStringLiteral("衰退"));
    }

    void noEnglishLeftInTheWindow()
    {
        MainWindow w;
        QVERIFY(w.openDemoStore(true));
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTRY_VERIFY(w.tableModel()->rowCount() > 100);
        w.selectIds({w.tableModel()->idAt(0)});
        QCoreApplication::processEvents();
        // The table's tier badges (painted by the delegate from TierNameRole) too.
        QVERIFY2(hasChinese(w.tableModel()->index(0, 0).data(TierNameRole).toString()),
                 qPrintable(w.tableModel()->index(0, 0).data(TierNameRole).toString()));
        const QStringList english = englishTexts(w);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
        if (const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/main-window-zh_CN.png")));
    }

    void everythingFitsAt1024x700InChinese()
    {
        MainWindow w;
        const QStringList problems = NarrowWidgets::demoWindowProblemsAt1024x700(w);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        if (const QString dir = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(w.grab().save(dir + QStringLiteral("/main-window-zh_CN-1024x700.png")));
    }
};

QTEST_MAIN(TestChinese)
#include "tst_chinese.moc"
