#include "LiveBench.h"

#include "Stopwatch.h"

#include "engine/conflicts/ConflictDetector.h"
#include "engine/conflicts/QueuedDetection.h"
#include "engine/decisions/Decisions.h"
#include "engine/review/LiveReviewQueue.h"
#include "scoring/ScoringProfile.h"
#include "snapshot/MemorySnapshot.h"
#include "store/Store.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QThread>

namespace recollector::bench {

using namespace recollector::core;

namespace {

constexpr int kWindowTimeoutMs = 300000;

/// Reads the window's stdout until a line `key=value` arrives; the value, or empty on timeout
/// or exit. `buffer` keeps what was read past it.
QString waitForLine(QProcess &p, QByteArray &buffer, const QByteArray &key, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        qsizetype nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
            const QByteArray line = buffer.left(nl).trimmed();
            buffer.remove(0, nl + 1);
            if (line.startsWith(key + '='))
                return QString::fromUtf8(line.mid(key.size() + 1));
        }
        if (timer.elapsed() > timeoutMs || p.state() == QProcess::NotRunning)
            return {};
        p.waitForReadyRead(50);
        buffer += p.readAllStandardOutput();
    }
}

} // namespace

LiveBench::LiveBench(Config config, Millis now, int runs) : m_config(std::move(config)), m_now(now), m_runs(runs) {}

Measurement LiveBench::reviewQueue(Store &store, const MemorySnapshot &snapshot)
{
    if (snapshot.isEmpty())
        return Measurement::missing(QStringLiteral("n/a (no snapshot)"));
    const int runs = std::max(1, std::min(m_runs, 3));
    double slowest = 0;
    QStringList each;
    QString updateNote;
    for (const QString &name : profileNames()) {
        const auto profile = makeProfile(name, m_config);
        LiveReviewQueue queue(m_config, *profile);
        QString failure;
        const double ms = medianMs(runs, [&] {
            if (const Status st = queue.rebuild(store, snapshot, m_now); !st)
                failure = st.error().message;
        });
        if (!failure.isEmpty())
            return Measurement::missing(QStringLiteral("n/a (%1: %2)").arg(name, failure));
        slowest = std::max(slowest, ms);
        // What the window shows first: the first 100 items with their reasons.
        QElapsedTimer shown;
        shown.start();
        for (std::size_t i = 0; i < std::min<std::size_t>(100, queue.size()); ++i)
            (void)queue.item(i);
        each << QStringLiteral("%1 %2 ms (%3 items; first 100 written %4 ms)")
                    .arg(name, QString::number(ms, 'f', 0))
                    .arg(queue.size())
                    .arg(QString::number(double(shown.nsecsElapsed()) / 1e6, 'f', 1));
        if (name == profileNames().value(0)) {
            // One store change: the queue follows it (update), not a rebuild.
            const QStringList one{snapshot.id(snapshot.size() / 2)};
            QElapsedTimer timer;
            timer.start();
            const Status st = queue.update(store, snapshot, one);
            updateNote = st ? QStringLiteral("; one changed memory: update %1 ms")
                                  .arg(QString::number(double(timer.nsecsElapsed()) / 1e6, 'f', 1))
                            : QString();
        }
    }
    Measurement m;
    m.figure = slowest;
    m.note = QStringLiteral("core::LiveReviewQueue::rebuild on the loaded snapshot, slowest profile, median of %1: %2%3")
                 .arg(runs)
                 .arg(each.join(QStringLiteral(", ")), updateNote);
    return m;
}

Measurement LiveBench::detectConflicts(const QString &scratchPath)
{
    auto store = Store::open(scratchPath);
    if (!store)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(store.error().message));
    ConflictDetector detector(**store, m_config);
    qint64 steps = 0;
    QElapsedTimer timer;
    // Where the time goes: the keyword index read, the texts read (until the first progress
    // step of the comparisons), the comparisons, the recording.
    double indexed = 0, compared = 0, firstStep = 0;
    detector.setStep([&](ConflictDetector::Phase phase, int done, int total) {
        ++steps;
        const double at = double(timer.nsecsElapsed()) / 1e9;
        if (phase == ConflictDetector::Phase::Finding && total > 0 && done == 0 && indexed == 0)
            indexed = at;
        else if (phase == ConflictDetector::Phase::Finding && done > 0 && firstStep == 0)
            firstStep = at;
        if (phase == ConflictDetector::Phase::Finding && total > 0 && done == total)
            compared = at;
        return true;
    });
    timer.start();
    auto recorded = QueuedDetection::detectAll(**store, detector, m_now);
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (!recorded)
        return Measurement::missing(QStringLiteral("n/a (detect: %1)").arg(recorded.error().message));
    const auto &s = detector.lastStats();
    Measurement m;
    m.figure = seconds;
    m.note = QStringLiteral("keyword index %1 s, texts + first %2 compared %3 s, all compared + verdicts %4 s, "
                            "recorded %5 s; ")
                 .arg(QString::number(indexed, 'f', 1))
                 .arg(256)
                 .arg(QString::number(firstStep, 'f', 1), QString::number(compared, 'f', 1),
                      QString::number(seconds, 'f', 1))
        + QStringLiteral("%1 comparisons, %2 flagged, %3 conflicts recorded, %4 progress steps%5")
                 .arg(s.comparisons)
                 .arg(s.flagged)
                 .arg(recorded->size())
                 .arg(steps)
                 .arg(ConflictDetector::capsNote(s).isEmpty() ? QString()
                                                              : QStringLiteral("; ") + ConflictDetector::capsNote(s));
    return m;
}

Measurement LiveBench::liveRefresh(const QString &enginePath, const QString &scratchPath, int refreshes)
{
    if (!QFileInfo(enginePath).isExecutable())
        return Measurement::missing(kNotBuiltYet);
    // This process's connection, opened before the window starts: the commits are timed alone.
    auto store = Store::open(scratchPath);
    if (!store)
        return Measurement::missing(QStringLiteral("n/a (%1)").arg(store.error().message));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("RECOLLECTOR_BENCH_LIVE_REFRESH"), QString::number(refreshes));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral(RECOLLECTOR_OFFSCREEN_PLATFORM));
    env.remove(QStringLiteral("RECOLLECTOR_BENCH_FIRST_PAINT"));
    p.setProcessEnvironment(env);
    p.setStandardErrorFile(QProcess::nullDevice());
    p.start(enginePath, {scratchPath});
    if (!p.waitForStarted(10000))
        return Measurement::missing(QStringLiteral("n/a (cannot start %1)").arg(enginePath));
    auto stop = [&p] {
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(5000);
        }
    };
    QByteArray buffer;
    const QString id = waitForLine(p, buffer, "live_ready_id", kWindowTimeoutMs);
    if (id.isEmpty()) {
        stop();
        return Measurement::missing(QStringLiteral("n/a (the window never said it was ready)"));
    }
    Decisions decisions(**store, m_config);
    std::vector<double> times;
    for (int i = 0; i < refreshes; ++i) {
        // Commits land at different moments of the window's 500 ms poll.
        QThread::msleep(unsigned(97 * (i + 1) % 500));
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        if (const auto done = decisions.confirm(id, time::nowMs()); !done) {
            stop();
            return Measurement::missing(QStringLiteral("n/a (confirm %1: %2)").arg(id, done.error().message));
        }
        const QString painted = waitForLine(p, buffer, "live_refresh_epoch_ms", 20000);
        if (painted.isEmpty()) {
            stop();
            return Measurement::missing(QStringLiteral("n/a (the window did not repaint %1 within 20 s)").arg(id));
        }
        times.push_back(double(painted.toLongLong() - before));
    }
    p.waitForFinished(10000);
    stop();
    Measurement m;
    m.figure = median(times);
    QStringList each;
    for (double ms : times)
        each << QString::number(ms, 'f', 0);
    m.note = QStringLiteral("confirm in this process → the window's table repainted (offscreen; a file polled every "
                            "500 ms, a team store's commits announced): %1 ms")
                 .arg(each.join(QStringLiteral(", ")));
    return m;
}

} // namespace recollector::bench
