// Distribution functions (Numerical Recipes 3rd ed., 6.2 and 6.4; Clopper & Pearson 1934).
#include "veil/dp/stats.h"

#include <cmath>
#include <limits>

namespace veil::dp::stats {

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double normalQuantile(double p) {
    if (!(p > 0.0)) return -std::numeric_limits<double>::infinity();
    if (!(p < 1.0)) return std::numeric_limits<double>::infinity();
    double lo = -40.0, hi = 40.0;
    for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (normalCdf(mid) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

namespace {
double gammaSeries(double a, double x) {
    double sum = 1.0 / a, term = sum, ap = a;
    for (int n = 0; n < 10000; ++n) {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if (std::fabs(term) < std::fabs(sum) * 1e-16) break;
    }
    return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}
double gammaContinuedFraction(double a, double x) {
    const double tiny = 1e-300;
    double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
    for (int i = 1; i < 10000; ++i) {
        const double an = -i * (i - a);
        b += 2.0;
        d = an * d + b;
        if (std::fabs(d) < tiny) d = tiny;
        c = b + an / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (std::fabs(del - 1.0) < 1e-16) break;
    }
    return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}
double betaContinuedFraction(double x, double a, double b) {
    const double tiny = 1e-300;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    if (std::fabs(d) < tiny) d = tiny;
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m < 10000; ++m) {
        const int m2 = 2 * m;
        double aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + aa * d;
        if (std::fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + aa * d;
        if (std::fabs(d) < tiny) d = tiny;
        c = 1.0 + aa / c;
        if (std::fabs(c) < tiny) c = tiny;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (std::fabs(del - 1.0) < 1e-16) break;
    }
    return h;
}
}  // namespace

double regularizedGammaP(double a, double x) {
    if (x <= 0.0) return 0.0;
    if (x < a + 1.0) return gammaSeries(a, x);
    return 1.0 - gammaContinuedFraction(a, x);
}

double regularizedGammaQ(double a, double x) {
    if (x <= 0.0) return 1.0;
    if (x < a + 1.0) return 1.0 - gammaSeries(a, x);
    return gammaContinuedFraction(a, x);
}

double chiSquareSurvival(double x, double k) { return regularizedGammaQ(0.5 * k, 0.5 * x); }

double regularizedBeta(double x, double a, double b) {
    if (x <= 0.0) return 0.0;
    if (x >= 1.0) return 1.0;
    const double front =
        std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0)) return front * betaContinuedFraction(x, a, b) / a;
    return 1.0 - front * betaContinuedFraction(1.0 - x, b, a) / b;
}

double inverseRegularizedBeta(double p, double a, double b) {
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 200 && hi - lo > 1e-16; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (regularizedBeta(mid, a, b) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

std::pair<double, double> clopperPearson(std::uint64_t successes, std::uint64_t trials, double alpha) {
    if (trials == 0) return {0.0, 1.0};
    const double k = double(successes), n = double(trials);
    const double lower = successes == 0 ? 0.0 : inverseRegularizedBeta(alpha / 2.0, k, n - k + 1.0);
    const double upper = successes == trials ? 1.0 : inverseRegularizedBeta(1.0 - alpha / 2.0, k + 1.0, n - k);
    return {lower, upper};
}

double laplaceHalfWidth(double scale, double confidence) { return scale * std::log(1.0 / (1.0 - confidence)); }

double gaussianHalfWidth(double sigma, double confidence) { return sigma * normalQuantile(0.5 + 0.5 * confidence); }

long long discreteLaplaceHalfWidth(double scale, double confidence) {
    // P(|N| > w) = 2 a^(w+1) / (1 + a) with a = exp(-1/scale); solve for the smallest integer w.
    const double a = std::exp(-1.0 / scale);
    const double target = (1.0 - confidence) * (1.0 + a) / 2.0;
    const double w = std::ceil(std::log(target) / std::log(a) - 1.0);
    return w < 0 ? 0 : static_cast<long long>(w);
}

}  // namespace veil::dp::stats
