// Helpers for the seeded statistical tests of the dp module: chi-square goodness of fit against
// an exact PMF on the integers (cells with expected count < 5 pooled into the two tails).
#pragma once

#include "veil/dp/stats.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <functional>
#include <map>
#include <vector>

namespace veil::dp::testutil {

// Chi-square p-value of observed counts against cell probabilities (which sum to 1).
inline double chiSquarePValue(const std::vector<long long>& observed, const std::vector<double>& p, long long n) {
    double chi = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const double e = p[i] * double(n), d = double(observed[i]) - e;
        chi += d * d / e;
    }
    return stats::chiSquareSurvival(chi, int(p.size()) - 1);
}

struct ChiSquareResult {
    double statistic = 0.0;
    int degreesOfFreedom = 0;
    double pValue = 1.0;
};

// counts: sample histogram; pmf: exact probability of each integer; [lo, hi]: the central cells.
// Everything below lo / above hi is pooled into one tail cell each (their probability is
// 1 - sum of the central cells, split by the two tail sums computed from pmf out to +-range).
inline ChiSquareResult chiSquareAgainstPmf(const std::map<long long, long long>& counts, long long n,
                                           const std::function<double(long long)>& pmf, long long lo, long long hi,
                                           long long tailRange) {
    std::vector<double> observed, expected;
    double lowTailP = 0.0, highTailP = 0.0;
    for (long long x = lo - tailRange; x < lo; ++x) lowTailP += pmf(x);
    for (long long x = hi + 1; x <= hi + tailRange; ++x) highTailP += pmf(x);
    long long lowTailC = 0, highTailC = 0;
    for (const auto& [x, c] : counts) {
        if (x < lo) lowTailC += c;
        if (x > hi) highTailC += c;
    }
    if (lowTailP * double(n) >= 5.0) {
        observed.push_back(double(lowTailC));
        expected.push_back(lowTailP * double(n));
    }
    if (highTailP * double(n) >= 5.0) {
        observed.push_back(double(highTailC));
        expected.push_back(highTailP * double(n));
    }
    for (long long x = lo; x <= hi; ++x) {
        const auto it = counts.find(x);
        observed.push_back(it == counts.end() ? 0.0 : double(it->second));
        expected.push_back(pmf(x) * double(n));
    }
    ChiSquareResult r;
    for (std::size_t i = 0; i < observed.size(); ++i) {
        const double d = observed[i] - expected[i];
        r.statistic += d * d / expected[i];
    }
    r.degreesOfFreedom = int(observed.size()) - 1;
    r.pValue = stats::chiSquareSurvival(r.statistic, r.degreesOfFreedom);
    return r;
}

// Largest |x| such that n * pmf(x) >= 5 (central cells for the chi-square test).
inline long long centralRadius(const std::function<double(long long)>& pmf, long long n) {
    long long r = 0;
    while (pmf(r + 1) * double(n) >= 5.0 && pmf(-(r + 1)) * double(n) >= 5.0 && r < 100000) ++r;
    return r;
}

}  // namespace veil::dp::testutil

namespace veil::dp::testutil {

// Empirical privacy-loss audit on a neighbouring pair: for each event S (given as a predicate on
// an output), count hits under D and D'. With Clopper-Pearson bounds at level alpha per bound
// (Bonferroni over events and directions), the returned value is a high-confidence LOWER bound
// on the privacy loss: max over events of ln((lower(P[S|D]) - delta) / upper(P[S|D'])) and the
// symmetric direction. A correct (eps, delta) mechanism gives a value <= eps except with
// probability <= alpha * 4 * |events|.
template <typename Out>
double privacyLossLowerBound(const std::vector<Out>& onD, const std::vector<Out>& onNeighbour,
                             const std::vector<std::function<bool(const Out&)>>& events, double alpha,
                             double delta = 0.0) {
    double worst = -std::numeric_limits<double>::infinity();
    for (const auto& ev : events) {
        std::uint64_t a = 0, b = 0;
        for (const auto& x : onD) a += ev(x) ? 1 : 0;
        for (const auto& x : onNeighbour) b += ev(x) ? 1 : 0;
        const auto ia = stats::clopperPearson(a, onD.size(), 2 * alpha);
        const auto ib = stats::clopperPearson(b, onNeighbour.size(), 2 * alpha);
        if (ib.second > 0 && ia.first - delta > 0) worst = std::max(worst, std::log((ia.first - delta) / ib.second));
        if (ia.second > 0 && ib.first - delta > 0) worst = std::max(worst, std::log((ib.first - delta) / ia.second));
    }
    return worst;
}

// Threshold events "output >= t" and "output <= t" for the given thresholds.
inline std::vector<std::function<bool(const double&)>> thresholdEvents(const std::vector<double>& ts) {
    std::vector<std::function<bool(const double&)>> ev;
    for (double t : ts) {
        ev.push_back([t](const double& x) { return x >= t; });
        ev.push_back([t](const double& x) { return x <= t; });
    }
    return ev;
}

}  // namespace veil::dp::testutil
