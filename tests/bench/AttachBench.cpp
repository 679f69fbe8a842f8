#include "AttachBench.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <algorithm>

namespace recollector::bench {

namespace {

constexpr int kTimeoutMs = 120000;

/// An agent folder of `files` entries in the hub's shape (deterministic).
QString makeFolder(const QString &workDir, int files)
{
    const QString folder = QDir(workDir).filePath(QStringLiteral("attach-%1/memory").arg(files));
    if (QDir(folder).entryList({ QStringLiteral("*.json") }, QDir::Files).size() == files)
        return folder;
    QDir().mkpath(folder);
    static const char *categories[] = { "pattern", "lesson", "preference", "pitfall", "tool" };
    static const char *tiers[] = { "hot", "longterm", "permanent" };
    for (int i = 0; i < files; ++i) {
        const QString id = QStringLiteral("%1").arg(0x10000000 + i, 8, 16, QLatin1Char('0'));
        const QJsonObject o { { "id", id },
                              { "content", QStringLiteral("Memory %1 about topic %2 and tool %3").arg(i).arg(i % 97).arg(i % 13) },
                              { "category", categories[i % 5] },
                              { "keywords", QJsonArray { QStringLiteral("topic%1").arg(i % 97), QStringLiteral("tool%1").arg(i % 13) } },
                              { "source", QJsonObject { { "type", "task" } } },
                              { "confidence", 0.5 + (i % 5) / 10.0 },
                              { "createdAt", "2025-03-01T09:00:00.000Z" },
                              { "updatedAt", "2025-04-01T09:00:00.000Z" },
                              { "accessCount", i % 7 },
                              { "strength", 40 + i % 50 },
                              { "stability", 24 * (1 + i % 5) },
                              { "importance", 1 + i % 10 },
                              { "tier", tiers[i % 3] } };
        QFile f(QDir(folder).filePath(id + QStringLiteral(".json")));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QJsonDocument(o).toJson());
    }
    return folder;
}

std::optional<qint64> firstPaintOf(const QByteArray &output)
{
    const qsizetype at = output.lastIndexOf("first_paint_epoch_ms=");
    if (at < 0)
        return std::nullopt;
    qsizetype end = output.indexOf('\n', at);
    if (end < 0)
        end = output.size();
    bool ok = false;
    const qint64 v = output.mid(at + 21, end - at - 21).trimmed().toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

} // namespace

AttachBench::AttachBench(QString enginePath, QString workDir)
    : m_enginePath(std::move(enginePath)), m_workDir(std::move(workDir))
{
}

Measurement AttachBench::run(int runs, int files)
{
    if (!QFileInfo(m_enginePath).isExecutable())
        return Measurement::missing(kNotBuiltYet);
    const QString folder = makeFolder(m_workDir, files);
    if (folder.isEmpty())
        return Measurement::missing(QStringLiteral("n/a (cannot write the folder)"));
    std::vector<double> seconds;
    for (int r = 0; r < runs; ++r) {
        QTemporaryDir data; // a fresh side store: the whole folder is read
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("RECOLLECTOR_BENCH_FIRST_PAINT"), QStringLiteral("1"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral(RECOLLECTOR_OFFSCREEN_PLATFORM));
        env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), data.path());
        p.setProcessEnvironment(env);
        p.setStandardErrorFile(QProcess::nullDevice());
        const qint64 startedAt = QDateTime::currentMSecsSinceEpoch();
        p.start(m_enginePath, { QStringLiteral("--attach"), folder });
        if (!p.waitForFinished(kTimeoutMs)) {
            p.kill();
            p.waitForFinished(5000);
            return Measurement::missing(QStringLiteral("n/a (the window did not quit)"));
        }
        const auto paint = firstPaintOf(p.readAllStandardOutput());
        if (!paint)
            return Measurement::missing(QStringLiteral("n/a (no first paint; exit code %1)").arg(p.exitCode()));
        seconds.push_back(double(*paint - startedAt) / 1000.0);
    }
    std::sort(seconds.begin(), seconds.end());
    Measurement m;
    m.figure = seconds[seconds.size() / 2];
    QStringList each;
    for (double s : seconds)
        each << QString::number(s, 'f', 2);
    m.note = QStringLiteral("recollector --attach, %1 files, offscreen, fresh side store; runs: %2 s").arg(files).arg(each.join(QStringLiteral(", ")));
    return m;
}

} // namespace recollector::bench
