#pragma once

// Timing helpers for recollector-bench: wall-clock, monotonic (QElapsedTimer), median of runs.
#include <QElapsedTimer>

#include <algorithm>
#include <utility>
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

/// The `q` quantile (0–1) of the values, nearest rank; 0 for none.
inline double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto rank = std::size_t(q * double(values.size() - 1) + 0.5);
    return values[std::min(rank, values.size() - 1)];
}

/// Runs `work` `runs` times and returns each run's wall time in milliseconds.
template <typename Work>
std::vector<double> timesMs(int runs, Work &&work)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    return times;
}

/// Runs `work` `runs` times and returns the median wall time in milliseconds.
template <typename Work>
double medianMs(int runs, Work &&work)
{
    return median(timesMs(runs, std::forward<Work>(work)));
}

} // namespace recollector::bench
