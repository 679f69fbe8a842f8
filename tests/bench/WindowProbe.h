#pragma once

#include "BenchTypes.h"

namespace recollector::bench {

/// open_first_paint_ms and rss_mib from the real `recollector` window, offscreen:
/// RECOLLECTOR_BENCH_FIRST_PAINT=1 makes it print `first_paint_epoch_ms=<ms>` when the table first
/// paints with rows, then quit once the whole store is loaded (printing `peak_rss_kib=<KiB>`,
/// its VmHWM). The figure is first paint minus the wall clock read just before the process
/// is started. While it runs, /proc/<pid>/status is polled too, so a window that does not
/// print its peak still gives one.
class WindowProbe final
{
public:
    WindowProbe(QString enginePath, QString storePath);

    /// Runs the window `runs` times (median first paint, highest peak RSS).
    void run(int runs, Measurement &firstPaint, Measurement &rss);

private:
    struct Sample
    {
        std::optional<double> firstPaintMs;
        std::optional<double> peakRssMib;
        QString error;
    };
    Sample runOnce() const;

    QString m_enginePath;
    QString m_storePath;
};

} // namespace recollector::bench
