#include "WindowProbe.h"

#include "Stopwatch.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QThread>

namespace recollector::bench {

namespace {

constexpr int kTimeoutMs = 180000;

/// VmHWM (peak resident set) of a live process in KiB, 0 when it cannot be read.
qint64 peakRssKib(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return 0;
}

std::optional<qint64> valueAfter(const QByteArray &output, const QByteArray &key)
{
    const qsizetype at = output.lastIndexOf(key + '=');
    if (at < 0)
        return std::nullopt;
    qsizetype end = output.indexOf('\n', at);
    if (end < 0)
        end = output.size();
    bool ok = false;
    const qint64 value = output.mid(at + key.size() + 1, end - at - key.size() - 1).trimmed().toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

} // namespace

WindowProbe::WindowProbe(QString enginePath, QString storePath)
    : m_enginePath(std::move(enginePath)), m_storePath(std::move(storePath))
{
}

WindowProbe::Sample WindowProbe::runOnce() const
{
    Sample sample;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("RECOLLECTOR_BENCH_FIRST_PAINT"), QStringLiteral("1"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral(RECOLLECTOR_OFFSCREEN_PLATFORM));
    p.setProcessEnvironment(env);
    p.setStandardErrorFile(QProcess::nullDevice());
    const qint64 startedAt = QDateTime::currentMSecsSinceEpoch();
    p.start(m_enginePath, {m_storePath});
    if (!p.waitForStarted(10000)) {
        sample.error = QStringLiteral("cannot start %1").arg(m_enginePath);
        return sample;
    }
    const qint64 pid = p.processId();
    qint64 polledKib = 0;
    QByteArray output;
    QElapsedTimer timer;
    timer.start();
    while (!p.waitForFinished(10)) {
        polledKib = std::max(polledKib, peakRssKib(pid));
        output += p.readAllStandardOutput();
        if (timer.elapsed() > kTimeoutMs) {
            p.kill();
            p.waitForFinished(5000);
            sample.error = QStringLiteral("the window did not quit within %1 s").arg(kTimeoutMs / 1000);
            return sample;
        }
    }
    output += p.readAllStandardOutput();
    if (const auto paint = valueAfter(output, "first_paint_epoch_ms"))
        sample.firstPaintMs = double(*paint - startedAt);
    else
        sample.error = QStringLiteral("the window printed no first_paint_epoch_ms (exit code %1)").arg(p.exitCode());
    const qint64 reportedKib = valueAfter(output, "peak_rss_kib").value_or(0);
    if (const qint64 kib = std::max(reportedKib, polledKib); kib > 0)
        sample.peakRssMib = double(kib) / 1024.0;
    return sample;
}

void WindowProbe::run(int runs, Measurement &firstPaint, Measurement &rss)
{
    if (!QFileInfo(m_enginePath).isExecutable()) {
        firstPaint = rss = Measurement::missing(kNotBuiltYet);
        return;
    }
    std::vector<double> paints;
    double peak = 0;
    for (int i = 0; i < runs; ++i) {
        const Sample s = runOnce();
        if (!s.firstPaintMs) {
            firstPaint = rss = Measurement::missing(QStringLiteral("n/a (%1)").arg(s.error));
            return;
        }
        paints.push_back(*s.firstPaintMs);
        peak = std::max(peak, s.peakRssMib.value_or(0));
    }
    firstPaint.figure = median(paints);
    QStringList each;
    for (double ms : paints)
        each << QString::number(ms, 'f', 0);
    firstPaint.note = QStringLiteral("offscreen, runs: %1 ms").arg(each.join(QStringLiteral(", ")));
    if (peak > 0) {
        rss.figure = peak;
        rss.note = QStringLiteral("VmHWM of the window process, highest of %1 runs").arg(runs);
    } else {
        rss = Measurement::missing(QStringLiteral("n/a (no /proc status)"));
    }
}

} // namespace recollector::bench
