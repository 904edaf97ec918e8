// Timing helpers shared by the benchmarks: wall time, CPU time of this thread (the figure "on one
// core" even when the machine is shared) or of the process, and the median of repeated runs.
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

namespace veil::bench {

inline double wallSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

inline double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Every thread of the process (the parallel loaders and searches).
inline double processCpuSeconds() { return double(std::clock()) / CLOCKS_PER_SEC; }

inline double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace veil::bench
