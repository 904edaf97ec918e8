// The statistical privacy audit of the release path (issue 13): for one mechanism family, many
// releases through a ReleaseGate on a dataset D and on a neighbour D' (fixed seeds), then a
// Clopper-Pearson lower bound on the privacy loss over a set of events (dp::testutil). The
// family-wise confidence is 99%: each of the 4 bounds per event is taken at alpha = 0.01 / (4 E)
// (Bonferroni), so a correct eps-DP release passes "lower bound <= eps" with probability >= 0.99.
// Each audit records its ratio lower bound / eps; the worst one is printed at the end.
#pragma once

#include "../dp/stat_test_util.h"

#include "veil/dp/release_gate.h"

#include <QtTest/QtTest>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace veil::audit {

// A release-mode gate with a fixed seed and no ledger (an unlimited in-memory budget): the noise
// is exactly what a release draws; every admission gets its own stream derived from the seed.
inline dp::ReleaseGate auditGate(std::uint64_t seed, const std::string& dataset = "audit") {
    dp::ReleaseGate::Options o;
    o.mode = dp::ReleaseMode::Release;
    o.seed = seed;
    o.dataset = dataset;
    return dp::ReleaseGate(std::move(o));
}

struct AuditRecord {
    std::string name;
    double lowerBound = 0.0;
    double epsilon = 0.0;
};

inline std::vector<AuditRecord>& auditRecords() {
    static std::vector<AuditRecord> records;
    return records;
}

template <typename Out>
using Events = std::vector<std::function<bool(const Out&)>>;

// The lower bound on the privacy loss between the samples, at 99% family-wise confidence.
template <typename Out>
double lossLowerBound(const std::vector<Out>& onD, const std::vector<Out>& onNeighbour, const Events<Out>& events,
                      double delta = 0.0) {
    const double alpha = 0.01 / (4.0 * double(std::max<std::size_t>(1, events.size())));
    return dp::testutil::privacyLossLowerBound(onD, onNeighbour, events, alpha, delta);
}

// Records and returns whether the audit passed (lower bound <= claimed epsilon).
inline bool recordAudit(const std::string& name, double lowerBound, double epsilon) {
    auditRecords().push_back({name, lowerBound, epsilon});
    qInfo("audit %-34s lower bound %8.4f  claimed epsilon %6.3f  ratio %7.4f", name.c_str(), lowerBound, epsilon,
          lowerBound / epsilon);
    return lowerBound <= epsilon;
}

inline void printWorstRatio() {
    const auto& r = auditRecords();
    if (r.empty()) return;
    const auto worst = std::max_element(r.begin(), r.end(), [](const AuditRecord& a, const AuditRecord& b) {
        return a.lowerBound / a.epsilon < b.lowerBound / b.epsilon;
    });
    qInfo("audit worst ratio: %.4f (%s)", worst->lowerBound / worst->epsilon, worst->name.c_str());
}

// Events "component i >= t" and "component i <= t" on vector outputs.
inline Events<std::vector<double>> componentThresholds(std::size_t i, const std::vector<double>& thresholds) {
    Events<std::vector<double>> ev;
    for (double t : thresholds) {
        ev.push_back([i, t](const std::vector<double>& x) { return x[i] >= t; });
        ev.push_back([i, t](const std::vector<double>& x) { return x[i] <= t; });
    }
    return ev;
}

// c + k * step for k in [-n, n].
inline std::vector<double> around(double c, double step, int n = 3) {
    std::vector<double> t;
    for (int k = -n; k <= n; ++k) t.push_back(c + k * step);
    return t;
}

}  // namespace veil::audit
