// recollector-bench: the figures of docs/architecture.md, "Performance budget" on a generated store,
// each beside the sqlite3 floor.
//   recollector-bench [--memories N (default 1000000)] [--store PATH] [--json] [--runs K]
//                [--window-runs K] [--only key,key] [--recollector PATH] [--sqlite3 PATH]
//                [--team-store postgresql://…]
//                [--write-doc docs/performance.md]
// --write-doc rewrites the figures table of that file (between its figures:begin and
// figures:end markers) from this run; it needs a full run (no --only) on the 1M store.
// The documented entry point is tests/bench/run-bench.sh (or `bash scripts/dev.sh bench`).
#include "BenchHarness.h"
#include "BenchReport.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSysInfo>
#include <QTextStream>
#include <QThread>

using namespace recollector;

namespace {

QString defaultStorePath(std::int64_t memories)
{
    const QString label = memories % 1000000 == 0 ? QStringLiteral("%1m").arg(memories / 1000000)
        : memories % 1000 == 0                    ? QStringLiteral("%1k").arg(memories / 1000)
                                                  : QString::number(memories);
    return QDir(QStringLiteral(RECOLLECTOR_BUILD_DIR)).filePath(QStringLiteral("bench-%1.recollector").arg(label));
}

/// Which run a docs/performance.md table came from: when, on what machine, on which store.
QString runLine(const QString &storePath, std::int64_t memories)
{
    QString memory = QStringLiteral("?");
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (meminfo.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> fields = meminfo.readLine().simplified().split(' '); // MemTotal: N kB
        if (fields.size() >= 2)
            memory = QString::number(qRound(fields[1].toDouble() / (1024.0 * 1024.0)));
    }
    return QStringLiteral("Run of %1 UTC, %2 memories (`%3`), %4 cores, %5 GiB, %6, %7 %8; written by "
                          "`recollector-bench --write-doc`: do not edit the table by hand.")
        .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm")))
        .arg(memories)
        .arg(QFileInfo(storePath).fileName())
        .arg(QThread::idealThreadCount())
        .arg(memory, QSysInfo::prettyProductName(),
#if defined(__clang__)
             QStringLiteral("clang"), QStringLiteral(__clang_version__)
#elif defined(__GNUC__)
             QStringLiteral("g++"), QStringLiteral(__VERSION__)
#else
             QStringLiteral("compiler"), QStringLiteral("?")
#endif
        );
}

int usage(QTextStream &err, const QString &problem)
{
    err << "recollector-bench: " << problem << "\n"
        << "usage: recollector-bench [--memories N] [--store PATH] [--json] [--runs K] [--window-runs K] "
           "[--only key,key] [--recollector PATH] [--sqlite3 PATH] [--team-store URL] [--write-doc FILE.md]\n";
    err.flush();
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    // The ego-graph layout runs on Qt Widgets classes; nothing is shown.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);

    bench::BenchOptions options;
    options.enginePath = QStringLiteral(RECOLLECTOR_GUI_PATH);
    bool json = false;
    QString storePath;
    QString docPath;
    const QStringList args = app.arguments().mid(1);
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--json")) {
            json = true;
            continue;
        }
        if (i + 1 >= args.size())
            return usage(err, QStringLiteral("unknown argument '%1' (or it needs a value)").arg(a));
        const QString v = args[++i];
        bool ok = true;
        if (a == QLatin1String("--memories"))
            options.memories = v.toLongLong(&ok);
        else if (a == QLatin1String("--runs"))
            options.runs = v.toInt(&ok);
        else if (a == QLatin1String("--window-runs"))
            options.windowRuns = v.toInt(&ok);
        else if (a == QLatin1String("--store"))
            storePath = v;
        else if (a == QLatin1String("--only"))
            options.only = v.split(QLatin1Char(','), Qt::SkipEmptyParts);
        else if (a == QLatin1String("--recollector"))
            options.enginePath = v;
        else if (a == QLatin1String("--sqlite3"))
            options.sqlite3 = v;
        else if (a == QLatin1String("--team-store"))
            options.teamStore = v;
        else if (a == QLatin1String("--write-doc"))
            docPath = v;
        else
            return usage(err, QStringLiteral("unknown argument '%1'").arg(a));
        if (!ok || options.memories <= 0 || options.runs <= 0 || options.windowRuns <= 0)
            return usage(err, QStringLiteral("%1 needs a positive whole number, not '%2'").arg(a, v));
    }
    for (const QString &key : options.only) {
        if (std::none_of(bench::keySpecs().begin(), bench::keySpecs().end(),
                         [&](const bench::KeySpec &s) { return s.key == key; }))
            return usage(err, QStringLiteral("--only: unknown key '%1'").arg(key));
    }
    // The document's table holds every key at 1M: a partial or smaller run would mislabel it.
    if (!docPath.isEmpty() && (!options.only.isEmpty() || options.memories != 1000000))
        return usage(err, QStringLiteral("--write-doc needs a full run (no --only) of 1000000 memories"));
    options.storePath = storePath.isEmpty() ? defaultStorePath(options.memories) : storePath;

    bench::BenchHarness harness(options, err);
    if (const auto st = harness.prepareStore(); !st) {
        err << "recollector-bench: " << st.error().message << Qt::endl;
        return 1;
    }
    const bench::BenchReport report(harness.run());
    if (json) {
        out << QJsonDocument(report.toJson()).toJson(QJsonDocument::Indented);
        out.flush();
    } else {
        out << "recollector-bench: " << options.storePath << "\n\n";
        report.printTable(out);
    }
    if (!docPath.isEmpty()) {
        QString problem;
        if (!report.writeDoc(docPath, runLine(options.storePath, options.memories), &problem)) {
            err << "recollector-bench: " << problem << Qt::endl;
            return 1;
        }
        err << "recollector-bench: wrote the figures into " << docPath << Qt::endl;
    }
    return 0;
}
