#pragma once

// Timing helpers for recollector-bench: wall-clock, monotonic (QElapsedTimer), median of runs.
#include <QElapsedTimer>

#include <algorithm>
#include <vector>

namespace recollector::bench {

/// Median of the values (upper median for an even count); 0 for none.
inline double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

/// Runs `work` `runs` times and returns the median wall time in milliseconds.
template <typename Work>
double medianMs(int runs, Work &&work)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    return median(std::move(times));
}

} // namespace recollector::bench
