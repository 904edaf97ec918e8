// The SNB fit: the moment equations reduced to one unknown, solved by bracketing and bisection.
#include "anonymity/detail/slide_negative_binomial.h"

#include <cmath>

namespace veil::anonymity::detail {

namespace {

double classesOfSize(const std::map<std::size_t, double>& counts, std::size_t size) {
    const auto it = counts.find(size);
    return it == counts.end() ? 0.0 : it->second;
}

// The moment equations reduced to one unknown. With s = 1 - p, the expected numbers of sample classes
// of sizes 1 and 2 are K p^alpha (f + (1 - f) alpha s) and K p^alpha alpha s (f + (1 - f)(alpha + 1) s / 2).
// Their ratio rho = c2 / c1 does not involve p^alpha and grows with s, so it fixes s for every alpha:
// (1 - f)(alpha + 1) alpha / 2 s^2 + (alpha f - rho (1 - f) alpha) s - rho f = 0, the positive root.
struct SnbEquations {
    double f = 0, rho = 0, target = 0;  // target = c1 / K

    // s for this alpha; nullopt when s >= 1 (alpha too small for this rho).
    std::optional<double> s(double alpha) const {
        const double a = (1 - f) * (alpha + 1) * alpha / 2, b = alpha * f - rho * (1 - f) * alpha, c = rho * f;
        const double disc = std::sqrt(b * b + 4 * a * c);
        const double root = b >= 0 ? 2 * c / (b + disc) : (disc - b) / (2 * a);
        if (!(root < 1)) return std::nullopt;
        return root;
    }

    // Expected minus observed sample uniques, divided by K, once the size-2 equation holds; continuous
    // in alpha: -target where s reaches 1 (p^alpha vanishes there).
    double residual(double alpha) const {
        const auto sv = s(alpha);
        if (!sv) return -target;
        return std::exp(alpha * std::log1p(-*sv)) * (f + (1 - f) * alpha * *sv) - target;
    }
};

}  // namespace

double estimatePopulationClasses(const std::map<std::size_t, double>& counts, double f) {
    double distinct = 0, num = 0, den = 0, unseen = 0, once = 0;
    for (const auto& [size, classes] : counts) {
        const double i = double(size);
        distinct += classes;
        num += classes * i * f * f * std::pow(1 - f * f, i - 1);
        den += classes * (std::pow(1 - f * f, i) - std::pow(1 - f, i));
        unseen += classes * std::pow(1 - f, i);
        once += classes * i * f * std::pow(1 - f, i - 1);
    }
    if (!(den > 0 && once > 0)) return distinct;
    const double ratio = unseen / once;
    return distinct + classesOfSize(counts, 1) * num / den * ratio * ratio;
}

std::optional<SnbFit> fitSlideNegativeBinomial(const std::map<std::size_t, double>& counts, double f) {
    const double c1 = classesOfSize(counts, 1), c2 = classesOfSize(counts, 2);
    if (!(c1 > 0 && c2 > 0 && f > 0 && f <= 1)) return std::nullopt;
    SnbFit fit;
    fit.classes = estimatePopulationClasses(counts, f);
    const SnbEquations eq{f, c2 / c1, c1 / fit.classes};
    // The first sign change on a log grid of alpha in [1e-8, 1e8], then bisection in log alpha.
    double lo = 0, hi = 0;
    for (int k = 1; k <= 160 && hi == 0; ++k)
        if (eq.residual(std::pow(10.0, -8.0 + k / 10.0)) > 0) {
            hi = std::pow(10.0, -8.0 + k / 10.0);
            lo = std::pow(10.0, -8.0 + (k - 1) / 10.0);
        }
    if (hi == 0 || !(eq.residual(lo) < 0)) return std::nullopt;
    for (int iter = 0; iter < 200 && hi / lo - 1 > 1e-15; ++iter) {
        const double mid = std::sqrt(lo * hi);
        (eq.residual(mid) > 0 ? hi : lo) = mid;
    }
    fit.alpha = std::sqrt(lo * hi);
    const auto s = eq.s(fit.alpha);
    if (!s) return std::nullopt;
    const double p = 1 - *s;
    fit.beta = p * f / (1 - p + p * f);
    fit.uniques = fit.classes * std::pow(fit.beta, fit.alpha);
    if (!(std::isfinite(fit.uniques) && fit.beta > 0 && fit.beta < 1)) return std::nullopt;
    return fit;
}

}  // namespace veil::anonymity::detail
