// A minimal parallel-for over [0, count) on a std::thread pool: workers pull indices from an
// atomic counter; the first failure (lowest index among those that ran) stops the others.
#pragma once

#include "veil/common/run_context.h"
#include "veil/common/status.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace veil {

// The number of threads to use when the caller asks for "all cores" (0): at least 1.
inline int hardwareThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }
// The threads an option (CSV reading, sweeps) asks for: 0 means every hardware thread; at least 1.
inline int threadsFor(int requested) { return requested == 0 ? hardwareThreads() : std::max(1, requested); }

// Calls fn(i) for every i in [0, count) on `threads` threads (the calling thread is one of them).
// `onDone` is called after each successful index with the number done so far (from any thread;
// calls are serialised). Returns the failure of the lowest failing index, or cancelled when ctx is
// cancelled before all indices ran.
inline Status parallelFor(std::size_t count, int threads, const RunContext& ctx,
                          const std::function<Status(std::size_t)>& fn,
                          const std::function<void(std::size_t)>& onDone = {}) {
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;
    std::size_t failedIndex = count;
    Status failure;
    auto worker = [&] {
        while (!stop.load(std::memory_order_relaxed)) {
            if (ctx.cancelled()) {
                stop = true;
                return;
            }
            const std::size_t i = next.fetch_add(1);
            if (i >= count) return;
            Status s = fn(i);
            std::lock_guard<std::mutex> lock(mutex);
            if (!s.isOk()) {
                if (i < failedIndex) {
                    failedIndex = i;
                    failure = std::move(s);
                }
                stop = true;
                return;
            }
            const std::size_t n = ++done;
            if (onDone) onDone(n);
        }
    };
    const int extra =
        threads > 1 ? static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), count)) - 1 : 0;
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(std::max(extra, 0)));
    for (int t = 0; t < extra; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    if (!failure.isOk()) return failure;
    if (done.load() < count && ctx.cancelled()) return Status::cancelled();
    return Status::ok();
}

}  // namespace veil
