// RunContext: what every long-running core function takes. It carries a progress sink, a cancel
// token and a random source, and knows nothing of any UI. Contract (after igraph): report 0 first
// and 1 last, at most ~100 reports per call, check cancellation in outer loops and return
// Status::cancelled() promptly; never print.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace veil {

class RandomSource;

class ProgressSink {
public:
    virtual ~ProgressSink() = default;
    // fraction in [0, 1]; message is a short human-readable phase ("Reading adult.csv").
    virtual void report(double fraction, std::string_view message) = 0;
};

// A ProgressSink calling a function (handy in tests and in the CLI).
class FunctionProgressSink final : public ProgressSink {
public:
    explicit FunctionProgressSink(std::function<void(double, std::string_view)> fn) : m_fn(std::move(fn)) {}
    void report(double fraction, std::string_view message) override { m_fn(fraction, message); }

private:
    std::function<void(double, std::string_view)> m_fn;
};

class CancelToken {
public:
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    void reset() { m_cancelled.store(false, std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
};

struct RunContext {
    ProgressSink* progress = nullptr;
    const CancelToken* cancel = nullptr;
    RandomSource* random = nullptr;  // required by randomised algorithms; they fail cleanly when null

    bool cancelled() const { return cancel && cancel->isCancelled(); }
    void report(double fraction, std::string_view message) const {
        if (progress) progress->report(fraction, message);
    }
};

// Throttles reports of a loop over `total` steps to about `maxReports` calls, mapping the loop
// onto the sub-range [from, to] of the caller's progress.
class ProgressReporter {
public:
    ProgressReporter(const RunContext& ctx, std::string message, long long total, double from = 0.0, double to = 1.0,
                     int maxReports = 100);
    // Call once per step (cheap); returns false when the run was cancelled.
    bool step(long long done);
    void finish();

private:
    const RunContext& m_ctx;
    std::string m_message;
    long long m_total;
    double m_from, m_to;
    long long m_stride;
    long long m_next;
};

// A ProgressReporter for loops whose steps run on several threads: add() may be called from any
// thread (reports are serialised, so the sink sees one caller at a time).
class SharedProgressReporter {
public:
    SharedProgressReporter(const RunContext& ctx, std::string message, long long total, double from = 0.0,
                           double to = 1.0)
        : m_reporter(ctx, std::move(message), total, from, to) {}
    // Adds `steps` done; returns false when the run was cancelled.
    bool add(long long steps) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done += steps;
        return m_reporter.step(m_done);
    }

private:
    std::mutex m_mutex;
    long long m_done = 0;
    ProgressReporter m_reporter;
};

}  // namespace veil
