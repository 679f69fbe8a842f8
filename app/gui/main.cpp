// recollector: the desktop window. Wiring only; everything shown comes from recollector_ui / recollector_core.
//   recollector            the last store, else the default store, else (first run) the welcome page
//   recollector PATH       that store
//   recollector --demo     a fresh demo store
// RECOLLECTOR_BENCH_FIRST_PAINT=1 prints `first_paint_epoch_ms=<ms>` when the table first paints
// rows (docs/architecture.md, "Performance budget": open_first_paint_ms), then, once the whole
// store is loaded, prints `peak_rss_kib=<VmHWM>` (docs/architecture.md, "Performance budget":
// rss_mib) and quits. recollector-bench reads both lines.
// RECOLLECTOR_BENCH_LIVE_REFRESH=N: live_refresh_ms (ui/views/LiveRefreshProbe.h), N refreshes.
#include "MainWindow.h"
#include "StoreSession.h"
#include "support/Translations.h"
#include "models/MemoryTableModel.h"
#include "models/Roles.h"
#include "model/ProgramNames.h"
#include "model/Tier.h"
#include "store/SqliteLink.h"
#include "views/LiveRefreshProbe.h"
#include "views/MemoryTableView.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QSettings>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace {
// VmHWM of this process in KiB (Linux /proc), 0 elsewhere: recollector-bench's rss_mib.
long long peakRssKib()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return 0;
}

// Prints when the table first paints rows, then the peak RSS once the whole store is loaded.
void probeFirstPaint(recollector::ui::MainWindow &window)
{
    recollector::ui::StoreSession *session = window.session();
    QObject::connect(window.memoryTable(), &recollector::ui::MemoryTableView::firstPaintWithRows, qApp, [session]() {
        std::printf("first_paint_epoch_ms=%lld\n", static_cast<long long>(QDateTime::currentMSecsSinceEpoch()));
        std::fflush(stdout);
        // The peak RSS counts only once every row is in memory: a large store's first
        // paint comes from its first chunk while the rest loads in the background.
        const auto finish = []() {
            std::printf("peak_rss_kib=%lld\n", peakRssKib());
            std::fflush(stdout);
            QCoreApplication::exit(0);
        };
        if (!session->isLoading()) {
            QTimer::singleShot(0, qApp, finish);
            return;
        }
        QObject::connect(session, &recollector::ui::StoreSession::loadingChanged, qApp, [finish](bool loading) {
            if (!loading) // let the views take in the last rows first
                QTimer::singleShot(0, qApp, finish);
        });
    });
}

// RECOLLECTOR_SCREENSHOT=file.png: once the table shows rows, select one memory per decaying
// tier (active, fading, weak) so the chart compares curves, let the docks follow, save a
// picture of the window and quit (for documentation and for looking at it).
void takeScreenshot(recollector::ui::MainWindow &window, const QString &shot)
{
    // RECOLLECTOR_SCREENSHOT_SIZE=WxH (default 1600x1000), e.g. 1024x700 for a small screen.
    const QStringList size = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_SIZE", QStringLiteral("1600x1000")).split(QLatin1Char('x'));
    window.resize(size.value(0).toInt() > 0 ? size.value(0).toInt() : 1600, size.value(1).toInt() > 0 ? size.value(1).toInt() : 1000);
    QObject::connect(window.memoryTable(), &recollector::ui::MemoryTableView::firstPaintWithRows, &window, [&window, shot]() {
        const auto *model = window.tableModel();
        QStringList ids;
        QList<int> tiersTaken;
        for (int row = 0; row < model->rowCount() && ids.size() < 3; ++row) {
            const QModelIndex index = model->index(row, 0);
            const int tier = index.data(recollector::ui::TierRole).toInt();
            const auto t = recollector::core::Tier(tier);
            if (t == recollector::core::Tier::Permanent || t == recollector::core::Tier::Forgotten
                || tiersTaken.contains(tier) || index.data(recollector::ui::NegatedRole).toBool())
                continue;
            tiersTaken << tier;
            ids << model->idAt(row);
        }
        window.selectIds(ids);
        QTimer::singleShot(1500, &window, [&window, shot]() {
            window.grab().save(shot);
            QCoreApplication::exit(0);
        });
    });
}

// The store named on the command line, else the last one, else the default store; none of
// them: the welcome page. A store that cannot be opened has been reported; the window stays.
void openFirstStore(recollector::ui::MainWindow &window, const QCommandLineParser &parser,
                    const QCommandLineOption &attach, const QCommandLineOption &demo)
{
    const QStringList args = parser.positionalArguments();
    bool opened = false;
    if (parser.isSet(attach)) {
        opened = window.attachFolder(parser.value(attach));
    } else if (!args.isEmpty()) {
        opened = window.openStore(args.first());
    } else if (parser.isSet(demo)) {
        opened = window.openDemoStore(true);
    } else {
        const QString last = QSettings().value(QStringLiteral("stores/last")).toString();
        if (!last.isEmpty() && QFileInfo::exists(last))
            opened = window.openStore(last);
    }
    // Nothing opened: the user's default store (shared with recollector-cli) when there is one,
    // else the welcome page (first run: demo, import or an empty store).
    if (!opened && !window.session()->isOpen() && QFileInfo::exists(recollector::ui::MainWindow::defaultStorePath()))
        window.openDefaultStore();
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Recollector"));
    QApplication::setApplicationName(QStringLiteral("Recollector"));
    // The desktop entry's id (packaging/): a Wayland compositor finds the icon and name by it.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.recollector.Recollector"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/recollector.svg")));
    // An upgrade from Engram keeps its recent stores and preferences (docs/formats.md,
    // "Files written under the name Engram").
    recollector::core::names::importLegacySettings();
    // The system's language, or RECOLLECTOR_LANG (docs/user-guide.md, "Language"); before any
    // window is built. The command line's --help stays English, like recollector-cli.
    recollector::ui::Translations::install(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Inspect and edit an AI assistant's long-term memory"));
    parser.addHelpOption();
    const QCommandLineOption demo(QStringLiteral("demo"), QStringLiteral("Open a fresh demo store."));
    parser.addOption(demo);
    const QCommandLineOption attach(QStringLiteral("attach"),
                                    QStringLiteral("Open an agent memory folder in place (its files stay the source of truth)."),
                                    QStringLiteral("DIR"));
    parser.addOption(attach);
    parser.addPositionalArgument(QStringLiteral("store"), QStringLiteral("The store to open (.recollector, or .engram from Engram)."),
                                 QStringLiteral("[store]"));
    parser.process(app);

    // Before any store is opened: the bulk paths need Qt's SQLite driver and Recollector's
    // libsqlite3 to be one library. A mismatch is one line on stderr and exit code 1.
    if (const recollector::core::Status st = recollector::core::SqliteLink::verify(); !st) {
        std::fprintf(stderr, "recollector: %s\n", qPrintable(st.error().message));
        return 1;
    }

    recollector::ui::MainWindow window;
    if (qEnvironmentVariableIntValue("RECOLLECTOR_BENCH_FIRST_PAINT") == 1)
        probeFirstPaint(window);
    if (const int refreshes = qEnvironmentVariableIntValue("RECOLLECTOR_BENCH_LIVE_REFRESH"); refreshes > 0)
        new recollector::ui::LiveRefreshProbe(window.session(), window.memoryTable(), refreshes, &window);

    if (const QString shot = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT"); !shot.isEmpty())
        takeScreenshot(window, shot);
    openFirstStore(window, parser, attach, demo);
    window.show();
    return app.exec();
}
